package org.ox4j.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import java.nio.ByteOrder;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.ox4j.protocol.codec.OxMessageDecoder;
import org.ox4j.protocol.codec.OxMessageEncoder;
import org.ox4j.protocol.handshake.ByteOrderHandshakeHandler;
import org.ox4j.protocol.handshake.HandshakeRole;
import org.ox4j.protocol.handshake.OneTimePassword;
import org.ox4j.protocol.handshake.PasswordSender;
import org.ox4j.protocol.handshake.PasswordVerifier;

/**
 * The client's pipeline for one OX channel: the password (sent when the client connected, verified when the
 * server connected in reverse mode), the byte-order handshake in the CLIENT role (read first, then write),
 * the OX codec, and the channel's own handler. {@link #ready()} completes with the agreed order.
 */
final class OxChannelInitializer extends ChannelInitializer<Channel> {
    /** Who opened the connection, which decides who sends the password (spec §2.7). */
    enum Direction { CLIENT_CONNECTS, SERVER_CONNECTS }

    private final Direction direction;
    private final Optional<OneTimePassword> password;
    private final OxClientOptions options;
    private final Supplier<ChannelHandler> lastHandler;
    private final CompletableFuture<ByteOrder> ready = new CompletableFuture<>();

    OxChannelInitializer(Direction direction, Optional<OneTimePassword> password, OxClientOptions options,
            Supplier<ChannelHandler> lastHandler) {
        this.direction = direction;
        this.password = password;
        this.options = options;
        this.lastHandler = lastHandler;
    }

    CompletableFuture<ByteOrder> ready() {
        return ready;
    }

    @Override
    protected void initChannel(Channel ch) {
        ChannelPipeline p = ch.pipeline();
        // The channel's own handler joins the pipeline only once the connection is made: a connection attempt that
        // fails is retried with a new channel, and a handler that is not @Sharable (the data channel's reply
        // handler) can be added to one pipeline only.
        p.addLast("on-connect", new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                ctx.pipeline().addLast("client", lastHandler.get());
                ctx.pipeline().remove(this);
                ctx.fireChannelActive();
            }
        });
        if (password.isPresent()) {
            if (direction == Direction.CLIENT_CONNECTS) {
                p.addLast("password", new PasswordSender(password.get()));
            } else {
                PasswordVerifier verifier = new PasswordVerifier(password.get(), options.handshakeTimeout());
                verifier.result().whenComplete((v, e) -> {
                    if (e != null) {
                        ready.completeExceptionally(e);
                    }
                });
                p.addLast("password", verifier);
            }
        }
        ByteOrderHandshakeHandler handshake = new ByteOrderHandshakeHandler(HandshakeRole.CLIENT,
                options.byteOrderByte(), options.handshakeTimeout());
        handshake.result().whenComplete((order, e) -> {
            if (e != null) {
                ready.completeExceptionally(e);
            } else {
                ready.complete(order);
            }
        });
        p.addLast("byte-order", handshake);
        p.addLast("decoder", new OxMessageDecoder(options.limits()));
        p.addLast("encoder", new OxMessageEncoder());
        ch.closeFuture().addListener(f -> ready.completeExceptionally(new OxConnectionClosedException(
                closedBeforeHandshake())));
    }

    /**
     * Servers and launchers that refuse a password close the connection without a word ({@code ox} logs it on its
     * side only), so a password that was sent is the likely reason and the message says so.
     */
    private String closedBeforeHandshake() {
        if (password.isPresent() && direction == Direction.CLIENT_CONNECTS) {
            return "connection closed before the byte-order handshake: the server refused the one-time password"
                    + " (or exited)";
        }
        return "connection closed before the handshake completed";
    }
}
