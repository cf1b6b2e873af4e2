package org.ox4j.protocol.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDomainSocketChannel;
import io.netty.channel.socket.nio.NioServerDomainSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.protocol.OxProtocolException;

/**
 * The Netty transport ox4j runs on: Linux's native epoll when it can be loaded, NIO otherwise. One place that knows
 * the matching event loop groups, channel classes (TCP and UNIX domain sockets) and addresses, and how to adopt a
 * socket a launcher passed on as an inherited file descriptor.
 *
 * <p>{@link #best()} honours the system property {@code ox.transport} ({@code nio} or {@code epoll}), so either
 * transport can be forced for a run or a test.
 *
 * <p>Adopting inherited sockets (Asir's launcher passes the data socket as fd 3 and 4):
 * <ul>
 * <li>epoll: {@link #adoptInheritedSocket(int, EventLoopGroup, ChannelHandler)} wraps the descriptor number with
 * {@code new EpollSocketChannel(fd)} (TCP) or {@code new EpollDomainSocketChannel(fd)} (AF_UNIX), choosing by the
 * socket's {@code SO_DOMAIN}; the descriptor must be a connected stream socket.</li>
 * <li>NIO: the JDK can only adopt fd 0, through {@link System#inheritedChannel()}; start the JVM with
 * {@code 0<&3} and call {@link #adoptStandardInputSocket(EventLoopGroup, ChannelHandler)} (works for TCP and, on
 * JDK 16+, AF_UNIX).</li>
 * </ul>
 */
public final class OxTransport {
    private static final Logger LOG = LogManager.getLogger();

    /** System property forcing the transport: {@code nio} or {@code epoll}. */
    public static final String TRANSPORT_PROPERTY = "ox.transport";

    private static final int SOL_SOCKET = 1;
    private static final int SO_TYPE = 3;
    private static final int SO_DOMAIN = 39;
    private static final int SOCK_STREAM = 1;
    private static final int AF_UNIX = 1;
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;

    /** The two implementations. */
    public enum Kind {
        /** Linux native epoll (netty-transport-native-epoll); supports TCP_QUICKACK and fd adoption. */
        EPOLL,
        /** JDK NIO; portable. */
        NIO
    }

    private static final OxTransport NIO = new OxTransport(Kind.NIO);
    private static final OxTransport EPOLL = new OxTransport(Kind.EPOLL);

    private final Kind kind;

    private OxTransport(Kind kind) {
        this.kind = kind;
    }

    /** Epoll if it is available (and not overridden by {@value #TRANSPORT_PROPERTY}), otherwise NIO. */
    public static OxTransport best() {
        String forced = System.getProperty(TRANSPORT_PROPERTY, "").trim().toLowerCase(Locale.ROOT);
        if (forced.equals("nio")) {
            return NIO;
        }
        if (forced.equals("epoll")) {
            return epoll();
        }
        if (!forced.isEmpty()) {
            throw new IllegalArgumentException(TRANSPORT_PROPERTY + ": " + forced + " (expected: nio or epoll)");
        }
        return isEpollAvailable() ? EPOLL : NIO;
    }

    /** The portable NIO transport. */
    public static OxTransport nio() {
        return NIO;
    }

    /** The native epoll transport; fails if it cannot be loaded on this machine. */
    public static OxTransport epoll() {
        if (!isEpollAvailable()) {
            throw new IllegalStateException("native epoll transport unavailable", epollUnavailabilityCause());
        }
        return EPOLL;
    }

    /** True if the epoll native library loads here (Linux x86_64 with the native jar on the class path). */
    public static boolean isEpollAvailable() {
        try {
            return Epoll.isAvailable();
        } catch (LinkageError e) {
            return false;
        }
    }

    private static Throwable epollUnavailabilityCause() {
        try {
            return Epoll.unavailabilityCause();
        } catch (LinkageError e) {
            return e;
        }
    }

    /** Which implementation this is. */
    public Kind kind() {
        return kind;
    }

    /** True for the native epoll transport. */
    public boolean isNative() {
        return kind == Kind.EPOLL;
    }

    /** The I/O handler factory for event loops of this transport. */
    public IoHandlerFactory ioHandlerFactory() {
        return kind == Kind.EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    /** A new event loop group of this transport ({@code threads = 0}: Netty's default, 2 × cores). */
    public EventLoopGroup newEventLoopGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(threads, ioHandlerFactory());
    }

    /** Channel class for TCP listeners. */
    public Class<? extends ServerChannel> serverSocketChannelClass() {
        return kind == Kind.EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /** Channel class for TCP connections. */
    public Class<? extends Channel> socketChannelClass() {
        return kind == Kind.EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** Channel class for UNIX domain socket listeners. */
    public Class<? extends ServerChannel> serverDomainSocketChannelClass() {
        return kind == Kind.EPOLL ? EpollServerDomainSocketChannel.class : NioServerDomainSocketChannel.class;
    }

    /** Channel class for UNIX domain socket connections. */
    public Class<? extends Channel> domainSocketChannelClass() {
        return kind == Kind.EPOLL ? EpollDomainSocketChannel.class : NioDomainSocketChannel.class;
    }

    /** The address of a UNIX domain socket at {@code path}, in the form this transport's channels expect. */
    public SocketAddress domainSocketAddress(Path path) {
        Objects.requireNonNull(path, "path");
        return kind == Kind.EPOLL ? new DomainSocketAddress(path.toFile()) : UnixDomainSocketAddress.of(path);
    }

    /**
     * Wraps an inherited, connected stream socket (e.g. fd 3 from Asir's launcher) as a channel, adds
     * {@code handler} (usually a {@code ChannelInitializer}) and registers it on {@code group}, which must be an
     * epoll group ({@link #newEventLoopGroup(int)} of {@link #epoll()}). Since the socket is already connected,
     * {@code channelActive} fires right after registration. Closing the channel closes the descriptor.
     *
     * @throws OxProtocolException   if {@code fd} is not a stream socket of a supported family
     * @throws IllegalStateException on the NIO transport (use {@link #adoptStandardInputSocket})
     */
    public ChannelFuture adoptInheritedSocket(int fd, EventLoopGroup group, ChannelHandler handler) {
        if (kind != Kind.EPOLL) {
            throw new IllegalStateException("adopting fd " + fd + " needs the epoll transport; on NIO start the JVM "
                    + "with 0<&" + fd + " and use adoptStandardInputSocket");
        }
        if (fd < 0) {
            throw new IllegalArgumentException("fd: " + fd + " (expected: >= 0)");
        }
        Channel ch = wrapDescriptor(fd);
        LOG.debug("adopted inherited fd {} as {}", fd, ch);
        ch.pipeline().addLast(handler);
        return group.register(ch);
    }

    /**
     * Wraps the socket the JVM inherited as its standard input ({@link System#inheritedChannel()}) as a channel of
     * this transport's NIO kind, adds {@code handler} and registers it on {@code group} (an NIO group).
     *
     * @throws OxProtocolException if standard input is not a connected socket
     */
    public static ChannelFuture adoptStandardInputSocket(EventLoopGroup group, ChannelHandler handler) {
        java.nio.channels.Channel inherited;
        try {
            inherited = System.inheritedChannel();
        } catch (IOException e) {
            throw new OxProtocolException("cannot obtain the inherited channel: " + e.getMessage(), e);
        }
        if (!(inherited instanceof SocketChannel sc)) {
            throw new OxProtocolException("standard input is not a connected socket: " + inherited);
        }
        SocketAddress local;
        try {
            local = sc.getLocalAddress();
        } catch (IOException e) {
            throw new OxProtocolException("cannot read the inherited socket's address: " + e.getMessage(), e);
        }
        Channel ch = local instanceof UnixDomainSocketAddress ? new NioDomainSocketChannel(sc) : new NioSocketChannel(sc);
        ch.pipeline().addLast(handler);
        return group.register(ch);
    }

    private static Channel wrapDescriptor(int fd) {
        Epoll.ensureAvailability();
        int type;
        int family;
        try {
            // the constructor already calls getsockname(), which fails for non-sockets
            io.netty.channel.unix.Socket probe = new io.netty.channel.unix.Socket(fd);
            type = probe.getIntOpt(SOL_SOCKET, SO_TYPE);
            family = probe.getIntOpt(SOL_SOCKET, SO_DOMAIN);
        } catch (IOException | ChannelException e) {
            throw new OxProtocolException("fd " + fd + " is not a usable socket: " + e.getMessage(), e);
        }
        if (type != SOCK_STREAM) {
            throw new OxProtocolException("fd " + fd + " socket type: " + type + " (expected: SOCK_STREAM)");
        }
        return switch (family) {
            case AF_UNIX -> new EpollDomainSocketChannel(fd);
            case AF_INET, AF_INET6 -> new EpollSocketChannel(fd);
            default -> throw new OxProtocolException("fd " + fd + " address family: " + family
                    + " (expected: AF_UNIX, AF_INET or AF_INET6)");
        };
    }

    @Override
    public String toString() {
        return "OxTransport[" + kind + "]";
    }
}
