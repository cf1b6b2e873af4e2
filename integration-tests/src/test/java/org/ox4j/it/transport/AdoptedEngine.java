package org.ox4j.it.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import org.ox4j.cmo.CmoString;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxPipeline;
import org.ox4j.protocol.handshake.HandshakeRole;
import org.ox4j.protocol.transport.OxTransport;

/**
 * A minimal engine started by {@link InheritedSocketIT} the way Asir's launcher starts one: the connected data
 * socket is fd 3 (and, for the NIO transport, also fd 0). It adopts that socket, does the server side of the
 * byte-order handshake and answers every OX_COMMAND with a string naming the channel class and socket options.
 * It exits when the master closes the connection.
 */
public final class AdoptedEngine {
    private AdoptedEngine() {
    }

    public static void main(String[] args) throws Exception {
        OxTransport transport = OxTransport.best();
        EventLoopGroup group = transport.newEventLoopGroup(1);
        try {
            ChannelInitializer<Channel> init = new ChannelInitializer<>() {
                @Override
                protected void initChannel(Channel ch) {
                    OxPipeline.install(ch, OxPipeline.options(HandshakeRole.SERVER).build());
                    ch.pipeline().addLast(new SimpleChannelInboundHandler<OxCommand>() {
                        @Override
                        protected void channelRead0(ChannelHandlerContext ctx, OxCommand c) {
                            String text = ch.getClass().getSimpleName() + " " + ch.pipeline().names();
                            ctx.writeAndFlush(new OxData(c.serial(), CmoString.of(text)));
                        }
                    });
                }
            };
            ChannelFuture f = transport.isNative() ? transport.adoptInheritedSocket(3, group, init)
                    : OxTransport.adoptStandardInputSocket(group, init);
            f.sync().channel().closeFuture().sync();
        } finally {
            group.shutdownGracefully().sync();
        }
    }
}
