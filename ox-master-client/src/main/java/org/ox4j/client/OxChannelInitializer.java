package org.ox4j.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
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
        p.addLast("client", lastHandler.get());
        ch.closeFuture().addListener(f -> ready.completeExceptionally(
                new OxConnectionClosedException("connection closed before the handshake completed")));
    }
}
