package org.ox4j.protocol.handshake;

import io.netty.channel.ChannelHandlerContext;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;

/**
 * What the one-shot handlers at the start of a connection (password, byte order) share: a result that completes
 * once, a deadline on the channel's event loop, and failing by logging the reason and closing the connection.
 * Used on the event loop only.
 */
final class HandshakeOutcome<T> {
    private final CompletableFuture<T> result = new CompletableFuture<>();
    private final Logger log;
    private final String failure;
    private ScheduledFuture<?> deadline;

    /** @param failure how a failure is logged before its reason, e.g. "connection refused" */
    HandshakeOutcome(Logger log, String failure) {
        this.log = log;
        this.failure = failure;
    }

    CompletableFuture<T> future() {
        return result;
    }

    boolean isDone() {
        return result.isDone();
    }

    /** Fails with {@code reason} unless done within {@code timeout}; {@link Duration#ZERO} waits forever. */
    void deadline(ChannelHandlerContext ctx, Duration timeout, String reason) {
        if (timeout.compareTo(Duration.ZERO) > 0) {
            deadline = ctx.executor().schedule(() -> fail(ctx, reason), timeout.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    void cancelDeadline() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    void succeed(T value) {
        cancelDeadline();
        result.complete(value);
    }

    /** Fails without a log line or a close: the connection is gone already and whoever closed it said why. */
    void failQuietly(String reason) {
        cancelDeadline();
        result.completeExceptionally(new HandshakeException(reason));
    }

    /** Fails once: logs the reason, completes the result with a {@link HandshakeException}, closes the channel. */
    void fail(ChannelHandlerContext ctx, String reason) {
        if (result.isDone()) {
            return;
        }
        cancelDeadline();
        log.warn("{}: {}: {}", ctx.channel(), failure, reason);
        result.completeExceptionally(new HandshakeException(reason));
        ctx.close();
    }
}
