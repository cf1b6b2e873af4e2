package org.ox4j.protocol.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.channel.socket.nio.NioSocketChannel;
import jdk.net.ExtendedSocketOptions;

/**
 * Socket options for OX's small request/response messages. {@code TCP_NODELAY} on every TCP connection, and
 * {@code TCP_QUICKACK} (Linux) re-armed after every read because the kernel drops back to delayed ACKs: through
 * {@code EpollChannelOption.TCP_QUICKACK} on epoll, through the JDK's {@code ExtendedSocketOptions.TCP_QUICKACK}
 * on NIO where the platform supports it.
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
    private static final ChannelOption<Boolean> NIO_QUICKACK = nioQuickAckOption();

    private SocketTuning() {
    }

    /**
     * Applies the options to a connected (or connecting) channel and, on epoll TCP, adds the re-arming handler at
     * the head of its pipeline. Call it from a {@code ChannelInitializer}. Other channel kinds are left unchanged.
     */
    public static void tune(Channel ch) {
        if (!(ch instanceof SocketChannel)) {
            return;
        }
        ch.config().setOption(ChannelOption.TCP_NODELAY, true);
        if (setQuickAck(ch) && ch.pipeline().get(QUICK_ACK_HANDLER_NAME) == null) {
            ch.pipeline().addFirst(QUICK_ACK_HANDLER_NAME, QUICK_ACK);
        }
    }

    /** True if {@code ch} supports TCP_QUICKACK and it is now on. */
    static boolean setQuickAck(Channel ch) {
        if (ch instanceof EpollSocketChannel) {
            return ch.config().setOption(EpollChannelOption.TCP_QUICKACK, true);
        }
        if (ch instanceof NioSocketChannel && NIO_QUICKACK != null) {
            return ch.config().setOption(NIO_QUICKACK, true);
        }
        return false;
    }

    private static ChannelOption<Boolean> nioQuickAckOption() {
        try {
            return NioChannelOption.of(ExtendedSocketOptions.TCP_QUICKACK);
        } catch (RuntimeException | LinkageError e) {
            // jdk.net absent or option unknown on this platform: NIO connections simply keep delayed ACKs
            return null;
        }
    }

    /** The sharable handler that re-sets {@code TCP_QUICKACK} after each read of an epoll TCP channel. */
    public static ChannelHandler quickAckRearmer() {
        return QUICK_ACK;
    }

    /** Re-arms {@code TCP_QUICKACK} at the end of every read burst (on the event loop); passes all events on. */
    @ChannelHandler.Sharable
    static final class QuickAckRearmer extends ChannelInboundHandlerAdapter {
        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            Channel ch = ctx.channel();
            if (ch.isOpen()) {
                setQuickAck(ch);
            }
            ctx.fireChannelReadComplete();
        }
    }
}
