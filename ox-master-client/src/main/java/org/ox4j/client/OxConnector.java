package org.ox4j.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.nio.NioDomainSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.client.core.PortFileAddress;
import org.ox4j.protocol.handshake.OneTimePassword;

/**
 * Opens one client-initiated OX channel: connect (TCP or AF_UNIX) with bounded, scheduled retries while the
 * server is not listening yet, send the password, and start the byte-order handshake. Never sleeps: retries are
 * scheduled on the event loop.
 *
 * <p>Opening and handshaking are two steps because launchers differ in when they answer: ox4j's server and Asir's
 * launcher exchange bytes on the control connection at once, while OpenXM's {@code ox} accepts control, then data,
 * and only then reads the passwords and writes its byte-order bytes (spec §2.3). A client that waited for the
 * control handshake before connecting data would wait for {@code ox} forever; {@link OxClient} therefore opens both
 * channels first and then awaits both handshakes together.
 */
final class OxConnector {
    private static final Logger LOG = LogManager.getLogger();

    private OxConnector() {
    }

    /** A connected channel whose password is sent and whose byte-order handshake is under way. */
    record Opened(Channel channel, CompletableFuture<Channel> ready) {
    }

    /** A channel ready for OX messages (handshake done), or the last failure. */
    static CompletableFuture<Channel> connect(OxClientResources resources, SocketAddress address,
            Optional<OneTimePassword> password, OxClientOptions options, Supplier<ChannelHandler> handler) {
        return open(resources, address, password, options, handler).thenCompose(Opened::ready);
    }

    /** Completes once the connection is established (the handshake goes on in {@link Opened#ready()}). */
    static CompletableFuture<Opened> open(OxClientResources resources, SocketAddress address,
            Optional<OneTimePassword> password, OxClientOptions options, Supplier<ChannelHandler> handler) {
        CompletableFuture<Opened> result = new CompletableFuture<>();
        attempt(resources, address, password, options, handler, 1, result);
        return result;
    }

    private static void attempt(OxClientResources resources, SocketAddress address, Optional<OneTimePassword> password,
            OxClientOptions options, Supplier<ChannelHandler> handler, int n, CompletableFuture<Opened> result) {
        SocketAddress target;
        try {
            target = address instanceof PortFileAddress p ? p.resolve() : address;
        } catch (IOException e) {
            retryOrFail(resources, address, password, options, handler, n, result, e);
            return;
        }
        OxChannelInitializer init = new OxChannelInitializer(OxChannelInitializer.Direction.CLIENT_CONNECTS,
                password, options, handler);
        Bootstrap b = new Bootstrap().group(resources.group())
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
                        options.connectTimeout().toMillis()))
                .handler(init);
        if (target instanceof UnixDomainSocketAddress) {
            b.channel(NioDomainSocketChannel.class);
        } else {
            b.channel(NioSocketChannel.class).option(ChannelOption.TCP_NODELAY, true);
        }
        b.connect(target).addListener(f -> {
            if (f.isSuccess()) {
                Channel ch = ((ChannelFuture) f).channel();
                CompletableFuture<Channel> ready = new CompletableFuture<>();
                init.ready().whenComplete((order, e) -> {
                    if (e != null) {
                        ch.close();
                        ready.completeExceptionally(e);
                    } else {
                        ready.complete(ch);
                    }
                });
                result.complete(new Opened(ch, ready));
            } else {
                retryOrFail(resources, address, password, options, handler, n, result, f.cause());
            }
        });
    }

    private static void retryOrFail(OxClientResources resources, SocketAddress address,
            Optional<OneTimePassword> password, OxClientOptions options, Supplier<ChannelHandler> handler, int n,
            CompletableFuture<Opened> result, Throwable cause) {
        if (isRetryable(cause) && n < options.retry().maxAttempts()) {
            Duration d = options.retry().delayBefore(n + 1);
            LOG.debug("connect to {} failed ({}); attempt {} in {} ms", address, cause.toString(), n + 1,
                    d.toMillis());
            EventLoop loop = resources.group().next();
            loop.schedule(() -> attempt(resources, address, password, options, handler, n + 1, result),
                    d.toNanos(), TimeUnit.NANOSECONDS);
        } else {
            result.completeExceptionally(new OxConnectionClosedException("cannot connect to " + address
                    + " after " + n + " attempt(s)", cause));
        }
    }

    /**
     * Control and data channels as a pair once both are ready, or the first failure at once: a server that refused
     * one connection may never open (or answer) the other, so waiting for both would only wait for a timeout.
     */
    static CompletableFuture<Channel[]> bothReady(CompletableFuture<Channel> control, CompletableFuture<Channel> data) {
        CompletableFuture<Channel[]> both = new CompletableFuture<>();
        control.thenCombine(data, (c, d) -> new Channel[] {c, d}).thenAccept(both::complete);
        control.exceptionally(e -> failWith(both, e));
        data.exceptionally(e -> failWith(both, e));
        return both;
    }

    private static Channel failWith(CompletableFuture<Channel[]> both, Throwable e) {
        both.completeExceptionally(e);
        return null;
    }

    private static boolean isRetryable(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ConnectException || c instanceof NoSuchFileException
                    || c instanceof java.net.SocketException) {
                return true;
            }
        }
        return false;
    }
}
