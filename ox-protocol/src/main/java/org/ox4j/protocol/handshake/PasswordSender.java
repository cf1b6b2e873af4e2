package org.ox4j.protocol.handshake;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.Objects;

/**
 * The connecting side of the one-time password exchange: on {@code channelActive} it writes the password octets
 * and one 0x00, then removes itself and passes {@code channelActive} on, so a byte-order handshake behind it
 * writes its byte after the password, as the protocol requires. Put it first in the pipeline.
 */
public final class PasswordSender extends ChannelInboundHandlerAdapter {
    private final OneTimePassword password;

    public PasswordSender(OneTimePassword password) {
        this.password = Objects.requireNonNull(password, "password");
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(Unpooled.wrappedBuffer(password.wireBytes()))
                .addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        ctx.pipeline().remove(this);
        ctx.fireChannelActive();
    }
}
