package org.ox4j.protocol;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayList;
import java.util.List;

/**
 * Test handler recording what reaches the end of an inbound pipeline, in order: messages, exceptions, user events
 * and {@code channelActive}. Reference-counted messages it records belong to the test, which must release them.
 */
public final class Recorder extends ChannelInboundHandlerAdapter {
    public final List<Object> messages = new ArrayList<>();
    public final List<Throwable> exceptions = new ArrayList<>();
    /** User events and the string "channelActive", in the order they arrived. */
    public final List<Object> events = new ArrayList<>();

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        events.add("channelActive");
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        messages.add(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        events.add(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        exceptions.add(cause);
    }
}
