package org.ox4j.client;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * End of the control channel's pipeline. Modern control processes never reply (spec §7.1); anything that
 * arrives (e.g. the obsolete {@code -protocol_1999} acknowledgement) is logged and dropped.
 */
final class ControlChannelHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LogManager.getLogger();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        LOG.debug("control channel: ignoring {}", msg);
        ReferenceCountUtil.release(msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("control channel failed, closing it: {}", cause.toString());
        ctx.close();
    }
}
