package org.ox4j.server.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.WritableByteChannel;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.cmo.io.GrowableByteSink;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxProtocolException;
import org.ox4j.protocol.OxSyncBall;

/**
 * Writes whole OX messages to a blocking channel. Thread-safe: a message is encoded completely and written under
 * a lock, so messages from the worker and from a reset are never interleaved or torn.
 */
public final class OxChannelWriter {
    private final WritableByteChannel channel;
    private volatile ByteOrder order = ByteOrder.BIG_ENDIAN;

    public OxChannelWriter(WritableByteChannel channel) {
        this.channel = channel;
    }

    /** Sets the negotiated byte order. */
    public void order(ByteOrder order) {
        this.order = order;
    }

    /** Encodes and writes one message. */
    public void send(OxMessage m) {
        GrowableByteSink sink = new GrowableByteSink(order);
        sink.writeInt(m.tagCode());
        sink.writeInt(m.serial());
        if (m instanceof OxCommand c) {
            sink.writeInt(c.code());
        } else if (m instanceof OxData d) {
            CmoWriter.write(d.cmo(), sink);
        } else if (!(m instanceof OxSyncBall)) {
            throw new OxProtocolException("ox4j does not send " + m.getClass().getSimpleName());
        }
        writeRaw(sink.toByteArray());
    }

    /** Writes raw bytes (handshake byte, password). */
    public synchronized void writeRaw(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        try {
            while (b.hasRemaining()) {
                channel.write(b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
