package org.ox4j.protocol.handshake;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.protocol.codec.OxMessageDecoder;
import org.ox4j.protocol.codec.OxMessageEncoder;

/**
 * One-shot handler for the byte-order exchange that opens every OX connection: one byte each way, in the order
 * given by the {@link HandshakeRole} (specs: wire-format.md, "Byte order").
 *
 * <p>Place it in a {@code ChannelInitializer}, in front of {@link OxMessageDecoder} and {@link OxMessageEncoder}
 * (behind a password handler if there is one). It starts on {@code channelActive}, and holds that event back until
 * the order is agreed. Then it sets the order on the decoder and encoder it finds in the pipeline, removes itself,
 * completes {@link #result()}, fires {@link HandshakeCompleted} as a user event, then {@code channelActive}, and
 * finally passes on any bytes that arrived behind the peer's byte. So handlers behind it see {@code channelActive}
 * only when OX messages can be written.
 *
 * <p>A peer byte other than 0x00/0x01/0xFF (a launcher sends 0x02 when the engine could not be started), a
 * timeout, or the connection closing first fail {@link #result()} with a {@link HandshakeException} and close
 * the channel with a logged reason.
 */
public final class ByteOrderHandshakeHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LogManager.getLogger();

    /** The byte Asir and ox_asir offer on x86, which gives an Asir master an unswapped (little-endian) session. */
    public static final byte DEFAULT_PREFERRED = ByteOrderBytes.LITTLE_ENDIAN;

    private final HandshakeRole role;
    private final byte preferred;
    private final Duration timeout;
    private final HandshakeOutcome<ByteOrder> result = new HandshakeOutcome<>(LOG,
            "byte-order handshake failed, closing");
    private boolean started;
    private boolean sent;

    /**
     * @param role      who writes first
     * @param preferred the byte this side offers (0x00, 0x01 or 0xFF)
     * @param timeout   how long to wait for the peer's byte; {@link Duration#ZERO} waits forever
     */
    public ByteOrderHandshakeHandler(HandshakeRole role, byte preferred, Duration timeout) {
        this.role = Objects.requireNonNull(role, "role");
        if (!ByteOrderBytes.isValid(preferred)) {
            throw new IllegalArgumentException("preferred byte: " + ByteOrderBytes.describe(preferred)
                    + " (expected: 0x00, 0x01 or 0xff)");
        }
        this.preferred = preferred;
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: >= 0)");
        }
    }

    /** A handler offering {@link #DEFAULT_PREFERRED} that waits forever. */
    public ByteOrderHandshakeHandler(HandshakeRole role) {
        this(role, DEFAULT_PREFERRED, Duration.ZERO);
    }

    /** The agreed order; completed on the channel's event loop (do not block in callbacks). */
    public CompletableFuture<ByteOrder> result() {
        return result.future();
    }

    /** This side's role. */
    public HandshakeRole role() {
        return role;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (started) {
            return;
        }
        started = true;
        result.deadline(ctx, timeout, "no byte-order byte from the peer within " + timeout);
        if (role.writesFirst()) {
            sendOwnByte(ctx);
        }
        if (!ctx.channel().config().isAutoRead()) {
            ctx.read();
        }
        // channelActive is passed on only when the order is known.
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (result.isDone() || !in.isReadable()) {
            // After a failure nothing more is read; an empty buffer carries nothing.
            in.release();
            return;
        }
        byte theirs = in.readByte();
        if (!ByteOrderBytes.isValid(theirs)) {
            in.release();
            result.fail(ctx, "peer offered byte " + ByteOrderBytes.describe(theirs) + " (expected: 0x00, 0x01 or 0xff)");
            return;
        }
        if (!sent) {
            sendOwnByte(ctx);
        }
        complete(ctx, theirs, in);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (!result.isDone() && !ctx.channel().config().isAutoRead()) {
            ctx.read();
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!result.isDone() && !started) {
            // refused earlier in the pipeline (e.g. wrong password), which logged the reason
            result.failQuietly("connection closed before the byte-order handshake");
        } else if (!result.isDone()) {
            result.fail(ctx, "connection closed during the byte-order handshake");
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        result.cancelDeadline();
    }

    private void sendOwnByte(ChannelHandlerContext ctx) {
        sent = true;
        ByteBuf b = ctx.alloc().buffer(1).writeByte(preferred);
        ctx.writeAndFlush(b).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }

    private void complete(ChannelHandlerContext ctx, byte theirs, ByteBuf rest) {
        result.cancelDeadline();
        ByteOrder order = ByteOrderBytes.decide(preferred, theirs);
        OxMessageDecoder decoder = ctx.pipeline().get(OxMessageDecoder.class);
        if (decoder != null) {
            decoder.setByteOrder(order);
        }
        OxMessageEncoder encoder = ctx.pipeline().get(OxMessageEncoder.class);
        if (encoder != null) {
            encoder.setByteOrder(order);
        }
        LOG.debug("{}: byte order {} (sent {}, received {})", ctx.channel(), order,
                ByteOrderBytes.describe(preferred), ByteOrderBytes.describe(theirs));
        ctx.pipeline().remove(this);
        result.succeed(order);
        ctx.fireUserEventTriggered(new HandshakeCompleted(order, preferred, theirs));
        ctx.fireChannelActive();
        if (rest.isReadable()) {
            ctx.fireChannelRead(rest);
        } else {
            rest.release();
        }
    }
}
