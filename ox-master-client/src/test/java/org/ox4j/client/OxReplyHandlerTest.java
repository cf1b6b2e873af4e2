package org.ox4j.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.protocol.SmCommand;

class OxReplyHandlerTest {
    private final SerialCounter serials = new SerialCounter();
    private final OxReplyHandler handler = new OxReplyHandler(() -> new OxSyncBall(serials.next()));
    private final EmbeddedChannel ch = new EmbeddedChannel(handler);

    private CompletableFuture<Cmo> pop() {
        CompletableFuture<Cmo> f = new CompletableFuture<>();
        ch.writeAndFlush(new OxRequest(OxCommand.of(serials.next(), SmCommand.POP_CMO), f));
        return f;
    }

    @Test
    void repliesCompleteRequestsInOrder() {
        CompletableFuture<Cmo> a = pop();
        CompletableFuture<Cmo> b = pop();
        assertThat((Object) ch.readOutbound()).isInstanceOf(OxCommand.class);
        assertThat((Object) ch.readOutbound()).isInstanceOf(OxCommand.class);
        ch.writeInbound(new OxData(10, CmoZZ.of(1)));
        assertThat(a).isCompletedWithValue(CmoZZ.of(1));
        assertThat(b).isNotDone();
        ch.writeInbound(new OxData(11, CmoZZ.of(2)));
        assertThat(b).isCompletedWithValue(CmoZZ.of(2));
        assertThat(handler.pendingCount()).isZero();
    }

    @Test
    void blockReplyYieldsItsLastData() {
        CompletableFuture<Cmo> a = pop();
        ch.writeInbound(OxCommand.of(1, SmCommand.BEGIN_BLOCK), new OxData(2, CmoZZ.of(5)),
                new OxData(3, CmoZZ.of(6)));
        assertThat(a).isNotDone();
        ch.writeInbound(OxCommand.of(4, SmCommand.END_BLOCK));
        assertThat(a).isCompletedWithValue(CmoZZ.of(6));
    }

    @Test
    void resetFailsPendingDiscardsUntilSyncBallAndAnswersIt() {
        CompletableFuture<Cmo> a = pop();
        ch.readOutbound();
        CompletableFuture<Void> done = new CompletableFuture<>();
        handler.startDrain(done);
        assertThat(a).isCompletedExceptionally();
        assertThat(a.handle((v, e) -> e.getClass()).join()).isEqualTo(OxResetException.class);

        CompletableFuture<Cmo> during = pop();
        assertThat(during).isCompletedExceptionally();
        assertThat((Object) ch.readOutbound()).isNull();

        ch.writeInbound(new OxData(20, CmoZZ.of(99)), OxCommand.of(21, SmCommand.NOP));
        assertThat(done).isNotDone();
        ch.writeInbound(new OxSyncBall(22));
        assertThat(done).isCompleted();
        assertThat((Object) ch.readOutbound()).isInstanceOf(OxSyncBall.class);

        CompletableFuture<Cmo> after = pop();
        ch.readOutbound();
        ch.writeInbound(new OxData(23, CmoZZ.of(7)));
        assertThat(after).isCompletedWithValue(CmoZZ.of(7));
    }

    @Test
    void closingFailsPending() {
        CompletableFuture<Cmo> a = pop();
        ch.close();
        assertThat(a.handle((v, e) -> e.getClass()).join()).isEqualTo(OxConnectionClosedException.class);
    }

    @Test
    void unsolicitedDataIsDropped() {
        ch.writeInbound(new OxData(1, CmoZZ.of(1)));
        CompletableFuture<Cmo> a = pop();
        ch.writeInbound(new OxData(2, CmoZZ.of(2)));
        assertThat(a).isCompletedWithValue(CmoZZ.of(2));
    }
}
