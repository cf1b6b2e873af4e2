package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.OxData;
import org.ox4j.server.eval.ComputationInterruptedException;
import org.ox4j.server.eval.Interruption;

class PeerWaitTest {
    /** Long enough that a test relying on it to end a wait would fail on the message, not pass by accident. */
    private static final Duration LONG = Duration.ofSeconds(60);

    /** The messages of peer 1, fed by the test. */
    private static final class FakeInbox implements PeerWait.Inbox {
        final BlockingQueue<Inbound> queue = new LinkedBlockingQueue<>();
        final AtomicInteger polls = new AtomicInteger();

        @Override
        public int peerRank() {
            return 1;
        }

        @Override
        public Inbound poll(long millis) throws InterruptedException {
            polls.incrementAndGet();
            return queue.poll(millis, TimeUnit.MILLISECONDS);
        }

        @Override
        public PeerFailureException closedError(Throwable cause) {
            return new PeerFailureException(1, "link closed (" + cause.getMessage() + ")", cause);
        }
    }

    private static Inbound data(int v) {
        return new Inbound.Message(new OxData(1, CmoZZ.of(v)));
    }

    @Test
    void aMessageFromThePeerIsReturned() {
        FakeInbox in = new FakeInbox();
        in.queue.add(data(7));
        assertThat(PeerWait.next(in, LONG, null, PeerWait.NO_WATCH).value()).isEqualTo(CmoZZ.of(7));
    }

    @Test
    void aFailedOtherMemberEndsTheWaitNamingThatMemberNotThePeer() {
        FakeInbox in = new FakeInbox();
        AtomicReference<PeerFailureException> other = new AtomicReference<>();
        IntFunction<PeerFailureException> watch = peer -> {
            assertThat(peer).isEqualTo(1);
            // the failure becomes known while the wait is already under way
            if (in.polls.get() >= 3) {
                other.compareAndSet(null, new PeerFailureException(2, "link closed (Connection timed out)"));
            }
            return other.get();
        };
        assertThatThrownBy(() -> PeerWait.next(in, LONG, null, watch)).isInstanceOf(PeerFailureException.class)
                .hasMessage("rfc102: rank 2 failed: link closed (Connection timed out)")
                .satisfies(e -> assertThat(((PeerFailureException) e).failedRank()).isEqualTo(2));
        assertThat(in.polls.get()).isEqualTo(3);
    }

    @Test
    void aMessageAlreadyThereWinsOverAFailureElsewhere() {
        FakeInbox in = new FakeInbox();
        in.queue.add(data(5));
        assertThat(PeerWait.next(in, LONG, null, peer -> new PeerFailureException(2, "link closed")).value())
                .isEqualTo(CmoZZ.of(5));
    }

    @Test
    void aClosedLinkFailsNamingThePeer() {
        FakeInbox in = new FakeInbox();
        in.queue.add(new Inbound.Closed(new IOException("Connection reset")));
        assertThatThrownBy(() -> PeerWait.next(in, LONG, null, PeerWait.NO_WATCH))
                .hasMessage("rfc102: rank 1 failed: link closed (Connection reset)");
    }

    @Test
    void silenceFailsNamingThePeerAfterTheTimeout() {
        FakeInbox in = new FakeInbox();
        assertThatThrownBy(() -> PeerWait.next(in, Duration.ofMillis(250), null, PeerWait.NO_WATCH))
                .isInstanceOf(PeerFailureException.class)
                .hasMessage("rfc102: rank 1 failed: nothing received within PT0.25S");
        assertThat(in.polls.get()).as("waited in slices").isGreaterThanOrEqualTo(3);
    }

    @Test
    void aResetInterruptsTheWait() {
        FakeInbox in = new FakeInbox();
        Interruption reset = new Interruption();
        IntFunction<PeerFailureException> raiseOnSecondSlice = peer -> {
            if (in.polls.get() == 2) {
                reset.raise();
            }
            return null;
        };
        assertThatThrownBy(() -> PeerWait.next(in, LONG, reset, raiseOnSecondSlice))
                .isInstanceOf(ComputationInterruptedException.class);
        assertThat(in.polls.get()).isEqualTo(2);
    }
}
