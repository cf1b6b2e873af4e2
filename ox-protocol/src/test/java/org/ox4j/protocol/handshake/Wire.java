package org.ox4j.protocol.handshake;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.ByteOrder;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.Recorder;
import org.ox4j.protocol.codec.OxMessageDecoder;
import org.ox4j.protocol.codec.OxMessageEncoder;

/** Two {@link EmbeddedChannel}s joined back to back; {@link #pump()} carries bytes both ways and logs them. */
final class Wire {
    final End a;
    final End b;

    /** One side: its channel, the recorder at the end of its pipeline, and every byte it has sent. */
    static final class End {
        final EmbeddedChannel channel;
        final Recorder recorder;
        final ByteArrayOutputStream sent = new ByteArrayOutputStream();

        End(EmbeddedChannel channel, Recorder recorder) {
            this.channel = channel;
            this.recorder = recorder;
        }

        byte[] sentBytes() {
            return sent.toByteArray();
        }
    }

    Wire(End a, End b) {
        this.a = a;
        this.b = b;
    }

    /** A channel with {@code setup} handlers first, then an OX decoder and encoder with unset order, then a recorder. */
    static End end(ChannelHandler... setup) {
        Recorder rec = new Recorder();
        ChannelHandler[] all = new ChannelHandler[setup.length + 3];
        System.arraycopy(setup, 0, all, 0, setup.length);
        all[setup.length] = new OxMessageDecoder(CmoLimits.DEFAULT);
        all[setup.length + 1] = new OxMessageEncoder();
        all[setup.length + 2] = rec;
        return new End(new EmbeddedChannel(all), rec);
    }

    /** Carries outbound bytes to the other side until neither has anything left to send. */
    void pump() {
        boolean moved = true;
        while (moved) {
            moved = carry(a, b) | carry(b, a);
        }
    }

    private static boolean carry(End from, End to) {
        boolean moved = false;
        for (Object o = from.channel.readOutbound(); o != null; o = from.channel.readOutbound()) {
            ByteBuf buf = (ByteBuf) o;
            from.sent.writeBytes(ByteBufUtil.getBytes(buf));
            moved = true;
            if (to.channel.isOpen()) {
                to.channel.writeInbound(buf);
            } else {
                buf.release();
            }
        }
        return moved;
    }

    /** The order each end's encoder was set to ({@code null} if unset). */
    static ByteOrder encoderOrder(End e) {
        OxMessageEncoder enc = e.channel.pipeline().get(OxMessageEncoder.class);
        return enc.byteOrder();
    }
}
