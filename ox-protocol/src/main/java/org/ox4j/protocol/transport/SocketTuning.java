package org.ox4j.protocol.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.SocketChannel;

/**
 * Socket options for OX's small request/response messages. {@code TCP_NODELAY} on every TCP connection; on epoll
 * additionally {@code TCP_QUICKACK}, re-armed after every read because the kernel drops back to delayed ACKs.
 *
 * <p>Why: Asir masters write small messages without {@code TCP_NODELAY}; Nagle on their side holds the next
 * message until the previous one is acknowledged, and a server with delayed ACKs acknowledges only after about
 * 40 ms, so every exchange stalls. Quick ACKs on the server side remove the stall. UNIX domain sockets need
 * neither option and are left alone.
 */
public final class SocketTuning {
    /** Name of the re-arming handler in the pipeline. */
    public static final String QUICK_ACK_HANDLER_NAME = "ox-quickack";

    private static final QuickAckRearmer QUICK_ACK = new QuickAckRearmer();

    private SocketTuning() {
    }

    /**
     * Applies the options to a connected (or connecting) channel and, on epoll TCP, adds the re-arming handler at
     * the head of its pipeline. Call it from a {@code ChannelInitializer}. Other channel kinds are left unchanged.
     */
    public static void tune(Channel ch) {
        if (ch instanceof SocketChannel) {
            ch.config().setOption(ChannelOption.TCP_NODELAY, true);
        }
        if (ch instanceof EpollSocketChannel) {
            ch.config().setOption(EpollChannelOption.TCP_QUICKACK, true);
            if (ch.pipeline().get(QUICK_ACK_HANDLER_NAME) == null) {
                ch.pipeline().addFirst(QUICK_ACK_HANDLER_NAME, QUICK_ACK);
            }
        }
    }

    /** The sharable handler that re-sets {@code TCP_QUICKACK} after each read of an epoll TCP channel. */
    public static ChannelHandler quickAckRearmer() {
        return QUICK_ACK;
    }

    /** Re-arms {@code TCP_QUICKACK} at the end of every read burst; passes all events on unchanged. */
    @ChannelHandler.Sharable
    static final class QuickAckRearmer extends ChannelInboundHandlerAdapter {
        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            Channel ch = ctx.channel();
            if (ch instanceof EpollSocketChannel && ch.isOpen()) {
                ch.config().setOption(EpollChannelOption.TCP_QUICKACK, true);
            }
            ctx.fireChannelReadComplete();
        }
    }
}
