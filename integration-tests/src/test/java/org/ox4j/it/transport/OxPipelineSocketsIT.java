package org.ox4j.it.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxPipeline;
import org.ox4j.protocol.codec.OxDecoderException;
import org.ox4j.protocol.handshake.ByteOrderHandshakeHandler;
import org.ox4j.protocol.handshake.HandshakeRole;
import org.ox4j.protocol.handshake.OneTimePassword;
import org.ox4j.protocol.transport.OxTransport;

/**
 * {@link OxPipeline} server and client over real sockets: TCP on 127.0.0.1 and UNIX domain sockets, on the epoll
 * and NIO transports, with a one-time password; large bignums both ways; and a hostile peer whose garbage gets
 * its connection closed with a typed failure.
 */
class OxPipelineSocketsIT {
    private EventLoopGroup group;
    private Path tmp;

    static Stream<Arguments> transportsAndFamilies() {
        return Stream.of(Arguments.of("epoll", "tcp"), Arguments.of("epoll", "unix"), Arguments.of("nio", "tcp"),
                Arguments.of("nio", "unix"));
    }

    @AfterEach
    void stop() throws IOException {
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
        if (tmp != null) {
            try (Stream<Path> files = Files.list(tmp)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(tmp);
        }
    }

    private OxTransport transport(String name) {
        assumeTrue(name.equals("nio") || OxTransport.isEpollAvailable(), "native epoll unavailable");
        return name.equals("nio") ? OxTransport.nio() : OxTransport.epoll();
    }

    private SocketAddress address(OxTransport t, String family) throws IOException {
        if (family.equals("tcp")) {
            return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        }
        tmp = Files.createTempDirectory("ox4j-it");
        return t.domainSocketAddress(tmp.resolve("ox.sock"));
    }

    /** Server: squares every ZZ it receives. */
    private Channel startServer(OxTransport t, String family, SocketAddress address, OneTimePassword pw,
            LinkedBlockingQueue<Throwable> failures) {
        return new ServerBootstrap().group(group)
                .channel(family.equals("tcp") ? t.serverSocketChannelClass() : t.serverDomainSocketChannelClass())
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        OxPipeline.install(ch, OxPipeline.options(HandshakeRole.SERVER).expectPassword(pw)
                                .setupTimeout(Duration.ofSeconds(20)).build());
                        ch.pipeline().addLast(new SimpleChannelInboundHandler<OxData>() {
                            @Override
                            protected void channelRead0(ChannelHandlerContext ctx, OxData d) {
                                BigInteger v = ((CmoZZ) d.cmo()).value();
                                ctx.writeAndFlush(new OxData(d.serial(), new CmoZZ(v.multiply(v))));
                            }

                            @Override
                            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                                failures.add(cause);
                                ctx.close();
                            }
                        });
                    }
                }).bind(address).syncUninterruptibly().channel();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("transportsAndFamilies")
    void passwordHandshakeAndLargeMessages(String transportName, String family) throws Exception {
        OxTransport t = transport(transportName);
        group = t.newEventLoopGroup(2);
        OneTimePassword pw = OneTimePassword.generate();
        LinkedBlockingQueue<Throwable> failures = new LinkedBlockingQueue<>();
        Channel server = startServer(t, family, address(t, family), pw, failures);

        LinkedBlockingQueue<OxMessage> replies = new LinkedBlockingQueue<>();
        CompletableFuture<ByteOrderHandshakeHandler> hs = new CompletableFuture<>();
        Channel client = new Bootstrap().group(group)
                .channel(family.equals("tcp") ? t.socketChannelClass() : t.domainSocketChannelClass())
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        hs.complete(OxPipeline.install(ch, OxPipeline.options(HandshakeRole.CLIENT).sendPassword(pw)
                                .build()));
                        ch.pipeline().addLast(new SimpleChannelInboundHandler<OxMessage>() {
                            @Override
                            protected void channelRead0(ChannelHandlerContext ctx, OxMessage m) {
                                replies.add(m);
                            }
                        });
                    }
                }).connect(server.localAddress()).syncUninterruptibly().channel();

        assertThat(hs.get(20, TimeUnit.SECONDS).result().get(20, TimeUnit.SECONDS)).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        List<BigInteger> inputs = List.of(BigInteger.ZERO, BigInteger.valueOf(-3), BigInteger.TWO.pow(64).subtract(
                BigInteger.ONE), BigInteger.TEN.pow(200_000).add(BigInteger.valueOf(7)));
        for (int i = 0; i < inputs.size(); i++) {
            client.writeAndFlush(new OxData(i, new CmoZZ(inputs.get(i))));
        }
        for (int i = 0; i < inputs.size(); i++) {
            OxMessage m = replies.poll(60, TimeUnit.SECONDS);
            assertThat(m).isEqualTo(new OxData(i, new CmoZZ(inputs.get(i).pow(2))));
        }
        assertThat(failures).isEmpty();
        client.close().syncUninterruptibly();
        server.close().syncUninterruptibly();
    }

    /** A plain {@code java.net.Socket} plays the hostile peer, so TCP only. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"epoll", "nio"})
    void garbageFromAPeerClosesOnlyThatConnection(String transportName) throws Exception {
        String family = "tcp";
        OxTransport t = transport(transportName);
        group = t.newEventLoopGroup(2);
        OneTimePassword pw = OneTimePassword.of("secret-password-123");
        LinkedBlockingQueue<Throwable> failures = new LinkedBlockingQueue<>();
        Channel server = startServer(t, family, address(t, family), pw, failures);
        int port = ((InetSocketAddress) server.localAddress()).getPort();
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(30_000);
            s.getOutputStream().write("secret-password-123\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            assertThat(in.read()).isEqualTo(0x01);
            // byte 0x01, then an OX message with tag 0x12345678 and serial 99
            s.getOutputStream().write(new byte[] {1, 0x78, 0x56, 0x34, 0x12, 99, 0, 0, 0, 1, 2, 3, 4});
            assertThat(in.read()).as("server closed the connection").isEqualTo(-1);
        }
        Throwable f = failures.poll(30, TimeUnit.SECONDS);
        assertThat(f).isInstanceOf(OxDecoderException.class);
        assertThat(((OxDecoderException) f).serial()).hasValue(99);
        assertThat(server.isActive()).as("the listener keeps serving").isTrue();
        server.close().syncUninterruptibly();
    }
}
