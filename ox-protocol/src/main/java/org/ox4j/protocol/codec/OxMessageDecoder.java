package org.ox4j.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Objects;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.codec.OxDecoderException.Reason;

/**
 * Turns the bytes of one OX connection into {@link OxMessage}s. OX frames carry no length, so each frame is first
 * measured without being consumed ({@link OxFrameScanner}: resumable, each byte examined once, leaves skipped
 * without allocating) and only decoded once it is complete; frames split at any byte and several frames per
 * buffer are both handled.
 *
 * <p>Memory is bounded: an unfinished frame may occupy at most {@link CmoLimits#maxMessageBytes()} buffered bytes,
 * and every count and length is checked against the limits before anything is allocated.
 *
 * <p>Bytes that can never be decoded (unknown OX tag, local object, malformed CMO, limit exceeded) produce one
 * {@link OxDecoderException} through {@code exceptionCaught}; the decoder then discards all further input and closes
 * the channel, because without a length field the stream cannot be resynchronised. The handler above logs the
 * reason. Messages decoded before the bad frame are delivered first.
 *
 * <p>The byte order is set once the byte-order handshake is done ({@link #setByteOrder}); until then no bytes
 * must reach this decoder. Not sharable: one instance per channel.
 */
public final class OxMessageDecoder extends ByteToMessageDecoder {
    private static final Logger LOG = LogManager.getLogger();

    private final CmoLimits limits;
    private final OxFrameScanner scanner;
    private volatile ByteOrder order;
    private boolean failed;

    /** A decoder whose byte order will be set by the handshake. */
    public OxMessageDecoder(CmoLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.scanner = new OxFrameScanner(limits);
    }

    /** A decoder for a connection whose byte order is already known. */
    public OxMessageDecoder(ByteOrder order, CmoLimits limits) {
        this(limits);
        this.order = Objects.requireNonNull(order, "order");
    }

    /** Sets the negotiated byte order (called by the handshake, on the channel's event loop). */
    public void setByteOrder(ByteOrder order) {
        this.order = Objects.requireNonNull(order, "order");
    }

    /** The negotiated byte order, or {@code null} before the handshake. */
    public ByteOrder byteOrder() {
        return order;
    }

    /** The limits applied to every frame. */
    public CmoLimits limits() {
        return limits;
    }

    /** True once undecodable input was seen; all later input is discarded. */
    public boolean hasFailed() {
        return failed;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        ByteOrder o = order;
        if (o == null) {
            throw new IllegalStateException("OX bytes arrived before the byte order was negotiated");
        }
        long length;
        try {
            length = scanner.scan(in, o);
        } catch (OxDecoderException e) {
            fail(ctx, in, e);
            return;
        }
        if (length < 0) {
            if (in.readableBytes() > limits.maxMessageBytes()) {
                fail(ctx, in, tooLarge(in, o, "unfinished frame already buffers " + in.readableBytes()));
            }
            return;
        }
        if (length > limits.maxMessageBytes()) {
            fail(ctx, in, tooLarge(in, o, "frame length " + length));
            return;
        }
        int start = in.readerIndex();
        OxMessage msg;
        try {
            msg = OxFrames.read(new ByteBufSource(in, o), limits);
        } catch (OxDecoderException e) {
            fail(ctx, in, e);
            return;
        }
        scanner.reset();
        int consumed = in.readerIndex() - start;
        if (consumed != length) {
            // Scanner and reader disagree about the frame's end: never guess, stop here.
            fail(ctx, in, OxDecoderException.inFrame(Reason.MALFORMED_FRAME, msg.tagCode(), msg.serial(),
                    "frame measured " + length + " bytes but decoded " + consumed, null));
            return;
        }
        out.add(msg);
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        decode(ctx, in, out);
        if (!failed && in.isReadable()) {
            int left = in.readableBytes();
            OxDecoderException e = in.readableBytes() >= OxFrames.HEADER_BYTES
                    ? OxDecoderException.inFrame(Reason.TRUNCATED, readInt(in, 0, order), readInt(in, 4, order),
                            "connection ended inside a frame after " + left + " bytes", null)
                    : OxDecoderException.withoutHeader(Reason.TRUNCATED, "connection ended inside an OX header after "
                            + left + " bytes");
            in.skipBytes(left);
            failed = true;
            LOG.debug("{}: {}", ctx.channel(), e.getMessage());
            ctx.fireExceptionCaught(e);
        }
    }

    private OxDecoderException tooLarge(ByteBuf in, ByteOrder o, String what) {
        String message = what + " bytes (expected: <= " + limits.maxMessageBytes() + ")";
        if (in.readableBytes() < OxFrames.HEADER_BYTES) {
            return OxDecoderException.withoutHeader(Reason.MESSAGE_TOO_LARGE, message);
        }
        return OxDecoderException.inFrame(Reason.MESSAGE_TOO_LARGE, readInt(in, 0, o), readInt(in, 4, o), message, null);
    }

    private static int readInt(ByteBuf in, int offset, ByteOrder o) {
        int i = in.readerIndex() + offset;
        return o == ByteOrder.BIG_ENDIAN ? in.getInt(i) : in.getIntLE(i);
    }

    private void fail(ChannelHandlerContext ctx, ByteBuf in, OxDecoderException e) {
        failed = true;
        in.skipBytes(in.readableBytes());
        LOG.debug("{}: undecodable input, closing: {}", ctx.channel(), e.getMessage());
        ctx.fireExceptionCaught(e);
        ctx.close();
    }
}
