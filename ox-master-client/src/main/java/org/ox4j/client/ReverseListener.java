package org.ox4j.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.protocol.handshake.OneTimePassword;

/**
 * Reverse mode ({@code ox -reverse}, spec §2.3): the client listens on a control and a data port and the server
 * connects to both, sending its one-time password first, which the client verifies. Then the byte-order
 * handshake (client role) and the usual mathcap exchange. Each port accepts exactly one connection.
 *
 * <pre>{@code
 * try (ReverseListener l = ReverseListener.open("127.0.0.1", Optional.of(pw), options, resources)) {
 *     // start: ox-server -reverse -host 127.0.0.1 -control l.controlPort() -data l.dataPort() -pass PW
 *     OxClient c = l.accept(Duration.ofSeconds(30));
 * }
 * }</pre>
 */
public final class ReverseListener implements AutoCloseable {
    private final Channel controlServer;
    private final Channel dataServer;
    private final CompletableFuture<Channel> control = new CompletableFuture<>();
    private final CompletableFuture<Channel> data = new CompletableFuture<>();
    private final OxReplyHandler replies;
    private final SerialCounter serials;
    private final OxClientOptions options;

    private ReverseListener(String host, Optional<OneTimePassword> password, OxClientOptions options,
            OxClientResources resources) {
        this.options = options;
        this.serials = new SerialCounter();
        this.replies = new OxReplyHandler(() -> new org.ox4j.protocol.OxSyncBall(serials.next()));
        this.controlServer = bind(resources, host, password, control, ControlChannelHandler::new);
        try {
            this.dataServer = bind(resources, host, password, data, () -> replies);
        } catch (RuntimeException e) {
            controlServer.close();
            throw e;
        }
    }

    /** Listens on two OS-chosen ports of {@code host}. */
    public static ReverseListener open(String host, Optional<OneTimePassword> password, OxClientOptions options,
            OxClientResources resources) {
        return new ReverseListener(host, password, options, resources);
    }

    private Channel bind(OxClientResources resources, String host, Optional<OneTimePassword> password,
            CompletableFuture<Channel> accepted, Supplier<ChannelHandler> last) {
        AtomicBoolean taken = new AtomicBoolean();
        ServerBootstrap b = new ServerBootstrap().group(resources.group()).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (!taken.compareAndSet(false, true)) {
                            // One server per listener: a second connection is refused.
                            ch.close();
                            return;
                        }
                        OxChannelInitializer init = new OxChannelInitializer(
                                OxChannelInitializer.Direction.SERVER_CONNECTS, password, options, last);
                        ch.pipeline().addLast(init);
                        init.ready().whenComplete((order, e) -> {
                            if (e != null) {
                                ch.close();
                                accepted.completeExceptionally(e);
                            } else {
                                accepted.complete(ch);
                            }
                        });
                    }
                });
        return b.bind(new InetSocketAddress(host, 0)).syncUninterruptibly().channel();
    }

    public int controlPort() {
        return ((InetSocketAddress) controlServer.localAddress()).getPort();
    }

    public int dataPort() {
        return ((InetSocketAddress) dataServer.localAddress()).getPort();
    }

    /** Completes once the server has connected both channels and the mathcaps are exchanged. */
    public CompletableFuture<OxClient> acceptAsync() {
        return OxConnector.bothReady(control, data)
                .whenComplete((cd, e) -> {
                    if (e != null) {
                        control.thenAccept(Channel::close);
                        data.thenAccept(Channel::close);
                    }
                })
                .thenCompose(cd -> OxClient.fromChannels(cd[0], cd[1], replies, serials, options))
                .whenComplete((c, e) -> close());
    }

    public OxClient accept(Duration timeout) {
        return OxClient.await(acceptAsync(), timeout, "reverse accept");
    }

    /** Stops listening (accepted connections stay open). */
    @Override
    public void close() {
        controlServer.close();
        dataServer.close();
        control.completeExceptionally(new OxConnectionClosedException("listener closed"));
        data.completeExceptionally(new OxConnectionClosedException("listener closed"));
    }
}
