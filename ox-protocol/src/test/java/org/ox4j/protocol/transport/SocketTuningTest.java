package org.ox4j.protocol.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SocketTuningTest {

    @Test
    void nonTcpChannelsAreLeftAlone() {
        EmbeddedChannel ch = new EmbeddedChannel();
        SocketTuning.tune(ch);
        assertThat(ch.pipeline().get(SocketTuning.QUICK_ACK_HANDLER_NAME)).isNull();
        ch.finishAndReleaseAll();
    }

    @Test
    void rearmerPassesReadCompleteOn() {
        AtomicInteger seen = new AtomicInteger();
        EmbeddedChannel ch = new EmbeddedChannel(SocketTuning.quickAckRearmer(), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelReadComplete(ChannelHandlerContext ctx) {
                seen.incrementAndGet();
            }
        });
        ch.pipeline().fireChannelReadComplete();
        ch.pipeline().fireChannelReadComplete();
        assertThat(seen).hasValue(2);
        ch.finishAndReleaseAll();
    }
}
