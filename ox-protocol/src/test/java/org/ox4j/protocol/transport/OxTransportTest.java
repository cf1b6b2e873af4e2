package org.ox4j.protocol.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioDomainSocketChannel;
import io.netty.channel.socket.nio.NioServerDomainSocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.channel.unix.FileDescriptor;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.ox4j.protocol.OxProtocolException;

/** Transport selection without opening sockets (sockets are exercised by the integration tests). */
class OxTransportTest {

    @Test
    void nioGivesNioClassesAndJdkUnixAddresses() {
        OxTransport t = OxTransport.nio();
        assertThat(t.kind()).isEqualTo(OxTransport.Kind.NIO);
        assertThat(t.isNative()).isFalse();
        assertThat(t.socketChannelClass()).isEqualTo(NioSocketChannel.class);
        assertThat(t.serverSocketChannelClass()).isEqualTo(NioServerSocketChannel.class);
        assertThat(t.domainSocketChannelClass()).isEqualTo(NioDomainSocketChannel.class);
        assertThat(t.serverDomainSocketChannelClass()).isEqualTo(NioServerDomainSocketChannel.class);
        assertThat(t.domainSocketAddress(Path.of("/tmp/ox.sock"))).isEqualTo(UnixDomainSocketAddress.of("/tmp/ox.sock"));
        EventLoopGroup g = t.newEventLoopGroup(1);
        assertThat(g.next().isShuttingDown()).isFalse();
        g.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void epollGivesEpollClassesWhenAvailable() {
        assumeTrue(OxTransport.isEpollAvailable(), "native epoll not available here");
        OxTransport t = OxTransport.epoll();
        assertThat(t.isNative()).isTrue();
        assertThat(t.socketChannelClass()).isEqualTo(EpollSocketChannel.class);
        assertThat(t.serverSocketChannelClass()).isEqualTo(EpollServerSocketChannel.class);
        assertThat(t.domainSocketChannelClass()).isEqualTo(EpollDomainSocketChannel.class);
        assertThat(t.domainSocketAddress(Path.of("/tmp/ox.sock"))).isEqualTo(new DomainSocketAddress("/tmp/ox.sock"));
        EventLoopGroup g = t.newEventLoopGroup(1);
        g.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void bestHonoursTheSystemProperty() {
        String old = System.getProperty(OxTransport.TRANSPORT_PROPERTY);
        try {
            System.setProperty(OxTransport.TRANSPORT_PROPERTY, "nio");
            assertThat(OxTransport.best().kind()).isEqualTo(OxTransport.Kind.NIO);
            System.setProperty(OxTransport.TRANSPORT_PROPERTY, "kqueue");
            assertThatThrownBy(OxTransport::best).isInstanceOf(IllegalArgumentException.class);
            System.clearProperty(OxTransport.TRANSPORT_PROPERTY);
            assertThat(OxTransport.best().kind())
                    .isEqualTo(OxTransport.isEpollAvailable() ? OxTransport.Kind.EPOLL : OxTransport.Kind.NIO);
        } finally {
            if (old == null) {
                System.clearProperty(OxTransport.TRANSPORT_PROPERTY);
            } else {
                System.setProperty(OxTransport.TRANSPORT_PROPERTY, old);
            }
        }
    }

    @Test
    void adoptingAPipeIsRefusedClearly() throws Exception {
        assumeTrue(OxTransport.isEpollAvailable(), "native epoll not available here");
        OxTransport t = OxTransport.epoll();
        FileDescriptor[] pipe = FileDescriptor.pipe();
        EventLoopGroup g = t.newEventLoopGroup(1);
        try {
            assertThatThrownBy(() -> t.adoptInheritedSocket(pipe[0].intValue(), g, new ChannelInboundHandlerAdapter()))
                    .isInstanceOf(OxProtocolException.class).hasMessageContaining("not a usable socket");
        } finally {
            pipe[0].close();
            pipe[1].close();
            g.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void nioCannotAdoptDescriptorNumbers() {
        assertThatThrownBy(() -> OxTransport.nio().adoptInheritedSocket(3, null, new ChannelInboundHandlerAdapter()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("0<&3");
    }
}
