package org.ox4j.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;
import java.nio.ByteOrder;
import java.util.Objects;
import org.ox4j.protocol.OxMessage;

/**
 * Writes {@link OxMessage}s (tag, serial, body) in the connection's negotiated byte order, straight into the
 * outgoing buffer. Writing before the byte order is known fails the write: bytes in a guessed order would
 * desynchronise the peer. Not sharable: one instance per channel.
 */
public final class OxMessageEncoder extends MessageToByteEncoder<OxMessage> {
    private volatile ByteOrder order;

    /** An encoder whose byte order will be set by the handshake. */
    public OxMessageEncoder() {
        super(OxMessage.class);
    }

    /** An encoder for a connection whose byte order is already known. */
    public OxMessageEncoder(ByteOrder order) {
        this();
        this.order = Objects.requireNonNull(order, "order");
    }

    /** Sets the negotiated byte order (called by the handshake). */
    public void setByteOrder(ByteOrder order) {
        this.order = Objects.requireNonNull(order, "order");
    }

    /** The negotiated byte order, or {@code null} before the handshake. */
    public ByteOrder byteOrder() {
        return order;
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, OxMessage msg, ByteBuf out) {
        ByteOrder o = order;
        if (o == null) {
            throw new IllegalStateException("OX message written before the byte order was negotiated: " + msg.tagCode());
        }
        OxFrames.write(msg, new ByteBufSink(out, o));
    }
}
