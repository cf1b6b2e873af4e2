package org.ox4j.client;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.Cmo;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.SmCommand;

/**
 * Client end of an OX data channel: matches replies to requests first-in first-out (an OX server answers
 * strictly in order, like a Redis server does for Lettuce's {@code CommandHandler}) and runs the client side
 * of the reset protocol (spec §7.2): while draining, every incoming message is discarded until the server's
 * {@code OX_SYNC_BALL}, which is answered with one {@code OX_SYNC_BALL}.
 *
 * <p>Replies of {@code SM_popSerializedLocalObject} come as a {@code SM_beginBlock} ... {@code SM_endBlock}
 * block; the last data message of a block is the reply, as in Asir's {@code ox_get_result}. All state is
 * touched on the channel's event loop only.
 */
public final class OxReplyHandler extends ChannelDuplexHandler {
    private static final Logger LOG = LogManager.getLogger();

    private final Deque<CompletableFuture<Cmo>> pending = new ArrayDeque<>();
    private final SyncBallSource syncBalls;
    private CompletableFuture<Void> drain;
    private int blockDepth;
    private Cmo blockResult;
    private ChannelHandlerContext ctx;

    /** Supplies the serial-stamped {@code OX_SYNC_BALL} the client answers a reset with. */
    @FunctionalInterface
    public interface SyncBallSource {
        OxSyncBall next();
    }

    public OxReplyHandler(SyncBallSource syncBalls) {
        this.syncBalls = syncBalls;
    }

    /** Number of requests still waiting for their reply (event loop only; for tests and diagnostics). */
    public int pendingCount() {
        return pending.size();
    }

    /** True between {@link #startDrain} and the server's sync ball. */
    public boolean draining() {
        return drain != null;
    }

    /**
     * Enters the draining state of the reset protocol. Must run on the channel's event loop <em>before</em>
     * the reset command is sent on the control channel, so the server's sync ball cannot arrive first. Every
     * pending request fails with {@link OxResetException}; {@code done} completes once the sync balls have
     * been exchanged.
     */
    public void startDrain(CompletableFuture<Void> done) {
        if (ctx == null || !ctx.channel().isActive()) {
            done.completeExceptionally(new OxConnectionClosedException("reset: data connection is closed"));
            return;
        }
        if (drain != null) {
            drain.whenComplete((v, e) -> {
                if (e != null) {
                    done.completeExceptionally(e);
                } else {
                    done.complete(null);
                }
            });
            return;
        }
        drain = done;
        blockDepth = 0;
        blockResult = null;
        failPending(new OxResetException("request abandoned by a reset"));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (drain != null && (msg instanceof OxRequest || msg instanceof OxMessage)) {
            // Anything sent now would be discarded by the server while it flushes; refuse it openly.
            OxResetException e = new OxResetException("cannot send while a reset is in progress");
            if (msg instanceof OxRequest r) {
                r.reply().completeExceptionally(e);
            }
            promise.setFailure(e);
            return;
        }
        if (msg instanceof OxRequest r) {
            pending.addLast(r.reply());
            ctx.write(r.message(), promise).addListener(f -> {
                if (!f.isSuccess()) {
                    // The reply future stays queued only if the request reached the wire.
                    pending.remove(r.reply());
                    r.reply().completeExceptionally(new OxConnectionClosedException("send failed", f.cause()));
                }
            });
            return;
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof OxMessage m)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (drain != null) {
            if (m instanceof OxSyncBall) {
                CompletableFuture<Void> done = drain;
                drain = null;
                ctx.writeAndFlush(syncBalls.next()).addListener(f -> {
                    if (f.isSuccess()) {
                        done.complete(null);
                    } else {
                        done.completeExceptionally(new OxConnectionClosedException("reset: cannot answer the sync ball", f.cause()));
                    }
                });
            } else {
                LOG.debug("reset: discarding {} (tag {})", m.getClass().getSimpleName(), m.tagCode());
            }
            return;
        }
        if (m instanceof OxCommand c) {
            onCommand(c);
        } else if (m instanceof OxData d) {
            onData(d.cmo());
        } else if (m instanceof OxSyncBall) {
            LOG.debug("ignoring an OX_SYNC_BALL received outside a reset");
        } else {
            LOG.warn("ignoring unexpected {} with tag {}", m.getClass().getSimpleName(), m.tagCode());
        }
    }

    private void onCommand(OxCommand c) {
        if (c.code() == SmCommand.BEGIN_BLOCK.code()) {
            blockDepth++;
        } else if (c.code() == SmCommand.END_BLOCK.code() && blockDepth > 0) {
            blockDepth--;
            if (blockDepth == 0) {
                Cmo result = blockResult;
                blockResult = null;
                complete(result);
            }
        } else {
            LOG.debug("ignoring OX_COMMAND {} from the server", c.code());
        }
    }

    private void onData(Cmo cmo) {
        if (blockDepth > 0) {
            blockResult = cmo;
            return;
        }
        complete(cmo);
    }

    private void complete(Cmo cmo) {
        CompletableFuture<Cmo> f = pending.pollFirst();
        if (f == null) {
            LOG.warn("dropping a {} reply that no request asked for", cmo == null ? "empty" : cmo.type().specName());
            return;
        }
        f.complete(cmo);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        OxConnectionClosedException e = new OxConnectionClosedException("data connection closed");
        failPending(e);
        if (drain != null) {
            drain.completeExceptionally(e);
            drain = null;
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("data channel failed, closing it: {}", cause.toString());
        failPending(new OxConnectionClosedException("data channel failed: " + cause.getMessage(), cause));
        ctx.close();
    }

    private void failPending(RuntimeException e) {
        CompletableFuture<Cmo> f;
        while ((f = pending.pollFirst()) != null) {
            f.completeExceptionally(e);
        }
    }
}
