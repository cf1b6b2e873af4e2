package org.ox4j.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.channel.local.LocalServerChannel;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.handshake.ByteOrderHandshakeHandler;
import org.ox4j.protocol.handshake.HandshakeRole;
import org.ox4j.protocol.handshake.OneTimePassword;

/** Server and client pipelines built by {@link OxPipeline} talk to each other over Netty's in-VM transport. */
class OxPipelineLocalChannelTest {
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, LocalIoHandler.newFactory());
    private final CompletableFuture<ByteOrderHandshakeHandler> serverHandshake = new CompletableFuture<>();

    @AfterEach
    void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Answers every OX_COMMAND with OX_DATA ZZ(code × 2^64), as soon as the connection is ready. */
    private Channel startServer(LocalAddress address, OxPipeline.Options options) {
        return new ServerBootstrap().group(group).channel(LocalServerChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        serverHandshake.complete(OxPipeline.install(ch, options));
                        ch.pipeline().addLast(new SimpleChannelInboundHandler<OxCommand>() {
                            @Override
                            protected void channelRead0(ChannelHandlerContext ctx, OxCommand cmd) {
                                BigInteger v = BigInteger.valueOf(cmd.code()).shiftLeft(64);
                                ctx.writeAndFlush(new OxData(cmd.serial() + 1000, new CmoZZ(v)));
                            }
                        });
                    }
                }).bind(address).syncUninterruptibly().channel();
    }

    private Channel connect(LocalAddress address, OxPipeline.Options options, CompletableFuture<OxMessage> reply,
            CompletableFuture<ByteOrderHandshakeHandler> handshake) {
        return new Bootstrap().group(group).channel(LocalChannel.class).handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                handshake.complete(OxPipeline.install(ch, options));
                ch.pipeline().addLast(new SimpleChannelInboundHandler<OxMessage>() {
                    @Override
                    public void channelActive(ChannelHandlerContext ctx) {
                        // active only after password and handshake: writing now is safe
                        ctx.writeAndFlush(OxCommand.of(7, SmCommand.POP_CMO));
                    }

                    @Override
                    protected void channelRead0(ChannelHandlerContext ctx, OxMessage msg) {
                        reply.complete(msg);
                    }
                });
            }
        }).connect(address).syncUninterruptibly().channel();
    }

    @Test
    void clientWithPasswordTalksToServer() throws Exception {
        OneTimePassword pw = OneTimePassword.generate();
        LocalAddress address = new LocalAddress("ox-ok");
        Channel server = startServer(address, OxPipeline.options(HandshakeRole.SERVER).expectPassword(pw)
                .preferredByte((byte) 0x01).build());
        CompletableFuture<OxMessage> reply = new CompletableFuture<>();
        CompletableFuture<ByteOrderHandshakeHandler> clientHs = new CompletableFuture<>();
        Channel client = connect(address, OxPipeline.options(HandshakeRole.CLIENT).sendPassword(pw)
                .preferredByte((byte) 0x01).build(), reply, clientHs);

        OxMessage m = reply.get(10, TimeUnit.SECONDS);
        assertThat(m).isEqualTo(new OxData(1007, new CmoZZ(BigInteger.valueOf(262).shiftLeft(64))));
        assertThat(clientHs.get().result().get(10, TimeUnit.SECONDS)).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(serverHandshake.get(10, TimeUnit.SECONDS).result().get(10, TimeUnit.SECONDS))
                .isEqualTo(ByteOrder.LITTLE_ENDIAN);
        client.close().syncUninterruptibly();
        server.close().syncUninterruptibly();
    }

    @Test
    void wrongPasswordGetsTheConnectionClosed() throws Exception {
        LocalAddress address = new LocalAddress("ox-wrong");
        Channel server = startServer(address, OxPipeline.options(HandshakeRole.SERVER)
                .expectPassword(OneTimePassword.generate()).build());
        CompletableFuture<OxMessage> reply = new CompletableFuture<>();
        CompletableFuture<ByteOrderHandshakeHandler> clientHs = new CompletableFuture<>();
        Channel client = connect(address, OxPipeline.options(HandshakeRole.CLIENT)
                .sendPassword(OneTimePassword.generate()).setupTimeout(Duration.ZERO).build(), reply, clientHs);

        assertThat(client.closeFuture().await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(clientHs.get().result()).failsWithin(Duration.ofSeconds(10));
        assertThat(serverHandshake.get(10, TimeUnit.SECONDS).result()).failsWithin(Duration.ofSeconds(10));
        assertThat(reply).isNotDone();
        server.close().syncUninterruptibly();
    }
}
