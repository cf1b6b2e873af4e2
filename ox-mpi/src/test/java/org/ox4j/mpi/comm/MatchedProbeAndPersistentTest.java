package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoString;

class MatchedProbeAndPersistentTest {
    private static final Duration LONG = Duration.ofSeconds(20);

    @Test
    void matchedProbeReservesTheMessageForMRecv() {
        RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                Request s = c.isSend(CmoString.of("reserved"), 1, 4);
                c.recv(1, 9); // rank 1 has mProbed but not yet received
                assertThat(s.test()).as("ssend complete before mRecv").isFalse();
                c.send(new CmoInt32(0), 1, 10);
                s.await(LONG);
                return null;
            }
            assertThat(c.imProbe(0, 5)).isEmpty();
            MatchedMessage m = c.mProbe(0, Communicator.ANY_TAG, LONG);
            assertThat(m.status().tag()).isEqualTo(4);
            assertThat(c.iProbe(0, 4)).as("reserved messages are no longer probeable").isEmpty();
            Request other = c.iRecv(0, 4);
            c.send(new CmoInt32(0), 0, 9);
            c.recv(0, 10);
            assertThat(other.test()).as("a plain receive cannot take a reserved message").isFalse();
            assertThat(other.cancel()).isTrue();
            assertThat(c.mRecv(m).payload().cmo()).isEqualTo(CmoString.of("reserved"));
            assertThatThrownBy(() -> c.mRecv(m)).isInstanceOf(CommException.class)
                    .hasMessageContaining("already received");
            return null;
        });
    }

    @Test
    void mProbeTimesOut() {
        RankHarness.run(1, c -> {
            assertThatThrownBy(() -> c.mProbe(0, 1, Duration.ofMillis(30))).isInstanceOf(CommException.class);
            return null;
        });
    }

    @Test
    void iSendRecvCompletesWhenBothHalvesHave() {
        List<Payload> got = RankHarness.run(3, c -> {
            int right = (c.rank() + 1) % 3;
            int left = (c.rank() + 2) % 3;
            Request r = c.iSendRecv(Payload.ofLongs(c.rank()), right, 1, left, 1);
            return r.awaitMessage(LONG).payload();
        });
        assertThat(got).containsExactly(Payload.ofLongs(2), Payload.ofLongs(0), Payload.ofLongs(1));
    }

    @Test
    void persistentRequestsRestartWithCurrentBufferContents() {
        RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                long[] buf = new long[1];
                PersistentRequest send = c.sendInit(Payload.ofLongs(buf), 1, 3);
                assertThat(send.isInactive()).isTrue();
                for (int i = 0; i < 3; i++) {
                    buf[0] = 10 + i;
                    send.start().await(LONG);
                }
                return null;
            }
            // a receive nobody will ever match stays active, so starting it again must be refused
            // (checking this on the real receive would race with the arriving message)
            PersistentRequest idle = c.recvInit(0, 99);
            Request pending = idle.start();
            assertThatThrownBy(idle::start).isInstanceOf(CommException.class)
                    .hasMessageContaining("already active");
            pending.cancel();
            PersistentRequest recv = c.recvInit(0, 3);
            for (int i = 0; i < 3; i++) {
                Request r = recv.start();
                assertThat(r.payload().longs()).containsExactly(10 + i);
            }
            assertThat(recv.isInactive()).isTrue();
            return null;
        });
    }
}
