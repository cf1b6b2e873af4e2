package org.ox4j.protocol.handshake;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The accepting side of the one-time password exchange: reads exactly the password's length plus one bytes,
 * compares them with the password and its 0x00 in constant time, and only then passes {@code channelActive} on
 * (so the byte-order handshake behind it starts after a correct password). Bytes behind the password are handed
 * on unchanged. A wrong password, a timeout, or the peer closing first close the connection with a logged reason
 * and fail {@link #result()}. Put it first in the pipeline.
 */
public final class PasswordVerifier extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LogManager.getLogger();

    private final byte[] expected;
    private final Duration timeout;
    private final HandshakeOutcome<Void> result = new HandshakeOutcome<>(LOG, "connection refused");
    private final byte[] received;
    private int count;

    /**
     * @param password the password the connecting side must send
     * @param timeout  how long to wait for it; {@link Duration#ZERO} waits forever
     */
    public PasswordVerifier(OneTimePassword password, Duration timeout) {
        this.expected = Objects.requireNonNull(password, "password").wireBytes();
        this.received = new byte[expected.length];
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: >= 0)");
        }
    }

    /** Completes when the password was verified; fails when the connection was refused. */
    public CompletableFuture<Void> result() {
        return result.future();
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        result.deadline(ctx, timeout, "no password within " + timeout);
        if (!ctx.channel().config().isAutoRead()) {
            ctx.read();
        }
        // channelActive is passed on only after a correct password.
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (result.isDone()) {
            in.release();
            return;
        }
        int n = Math.min(in.readableBytes(), received.length - count);
        in.readBytes(received, count, n);
        count += n;
        if (count < received.length) {
            in.release();
            return;
        }
        if (!MessageDigest.isEqual(received, expected)) {
            in.release();
            result.fail(ctx, "wrong one-time password");
            return;
        }
        result.cancelDeadline();
        LOG.debug("{}: one-time password accepted", ctx.channel());
        ctx.pipeline().remove(this);
        result.succeed(null);
        ctx.fireChannelActive();
        if (in.isReadable()) {
            ctx.fireChannelRead(in);
        } else {
            in.release();
        }
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
        if (!result.isDone()) {
            result.fail(ctx, "connection closed after " + count + " password bytes");
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        result.cancelDeadline();
    }
}
