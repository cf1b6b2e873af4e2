package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.mpi.coll.CollChannel;
import org.ox4j.mpi.coll.CollectiveSelector;
import org.ox4j.mpi.coll.Collectives;
import org.ox4j.mpi.coll.ReduceOps;
import org.ox4j.mpi.cost.CostModel;

/**
 * How ranks learn that a rank failed: from their own broken link, or from another rank's notice, so that every
 * collective of the group fails naming the failed rank instead of waiting on a live peer until a timeout. A rank
 * without a communicator stands for a host that is cut off: it neither answers nor reports.
 */
class RankFailureTest {
    /** Far longer than any wait below: reaching it would fail the assertions on the message. */
    private static final Duration LONG = Duration.ofSeconds(60);

    @Test
    void aBrokenLinkFailsEveryRanksCollectiveNamingTheFailedRankThroughTheNotice() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (InMemoryTransport.Group g = InMemoryTransport.groupThroughCodec(3)) {
            Communicator c0 = Communicator.world(g.transport(0));
            Communicator c1 = Communicator.world(g.transport(1));
            // rank 2 has no communicator: it neither answers nor reports anything (a host cut off)
            List<CompletableFuture<Payload>> calls = List.of(
                    CompletableFuture.supplyAsync(() -> allreduce(c0), pool),
                    CompletableFuture.supplyAsync(() -> allreduce(c1), pool));
            // only rank 0's link to rank 2 breaks; rank 1's stays up (as when rank 1 is blocked sending to it)
            g.breakLink(0, 2, new IOException("Connection timed out"));
            for (CompletableFuture<Payload> call : calls) {
                assertThat(call).failsWithin(30, TimeUnit.SECONDS).withThrowableOfType(Exception.class)
                        .satisfies(e -> {
                            RankFailedException rf = rankFailure(e);
                            assertThat(rf.rank()).isEqualTo(2);
                            assertThat(rf).hasMessageStartingWith("rank 2 failed");
                        });
            }
            // rank 1 now refuses to send to rank 2 as well, naming it
            assertThatThrownBy(() -> c1.send(CmoZZ.of(1), 2, 0)).isInstanceOf(RankFailedException.class)
                    .hasMessage("rank 2 failed: send to it (it failed earlier)");
            // point-to-point among the survivors goes on
            c0.send(CmoZZ.of(42), 1, 7);
            assertThat(c1.recv(0, 7, LONG).payload().cmo()).isEqualTo(CmoZZ.of(42));
            // later collective receives fail at once, naming the failed rank
            assertThatThrownBy(() -> c1.collectiveContext().recv(0, 3, LONG)).isInstanceOf(RankFailedException.class)
                    .hasMessageStartingWith("rank 2 failed: collective receive from rank 0");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theNoticeReachesARankThatWaitsOnALivePeer() {
        try (InMemoryTransport.Group g = InMemoryTransport.groupThroughCodec(3)) {
            Communicator c0 = Communicator.world(g.transport(0));
            Communicator c1 = Communicator.world(g.transport(1));
            Request waitingOnZero = c1.collectiveContext().iRecv(0, 5);
            Request userReceive = c1.iRecv(0, 5);
            g.breakLink(0, 2, new IOException("Connection reset by peer"));
            assertThatThrownBy(() -> waitingOnZero.await(LONG)).isInstanceOf(RankFailedException.class)
                    .hasMessage("rank 2 failed: reported by rank 0");
            // a user receive from a live peer is not a collective: it stays pending and completes
            c0.send(CmoZZ.of(9), 1, 5);
            assertThat(userReceive.awaitMessage(LONG).payload().cmo()).isEqualTo(CmoZZ.of(9));
        }
    }

    @Test
    void aLinkClosedLocallyFailsOnlyWhatWaitsOnThatPeerAndTellsNobody() {
        try (InMemoryTransport.Group g = InMemoryTransport.group(3)) {
            Communicator c0 = Communicator.world(g.transport(0));
            Communicator c1 = Communicator.world(g.transport(1));
            Communicator.world(g.transport(2));
            Request fromTwo = c0.collectiveContext().iRecv(2, 1);
            Request atOne = c1.collectiveContext().iRecv(0, 1);
            g.breakLink(0, 2, new LinkClosedLocallyException("link closed locally"));
            assertThatThrownBy(() -> fromTwo.await(LONG)).isInstanceOf(CommException.class)
                    .isNotInstanceOf(RankFailedException.class)
                    .hasMessageContaining("link to rank 2 closed here");
            c0.collectiveContext().send(CmoZZ.of(3), 1, 1);
            assertThat(atOne.awaitMessage(LONG).payload().cmo()).isEqualTo(CmoZZ.of(3));
        }
    }

    @Test
    void aCollectiveWaitThatTimesOutNamesThePeerItWaitedFor() {
        try (InMemoryTransport.Group g = InMemoryTransport.group(2)) {
            Communicator c0 = Communicator.world(g.transport(0));
            Communicator.world(g.transport(1));
            CollChannel ch = CollChannel.open(c0, Duration.ofMillis(200));
            assertThatThrownBy(() -> ch.recv(1)).isInstanceOf(RankFailedException.class)
                    .hasMessageStartingWith("rank 1 failed: no answer within PT0.2S");
            assertThatThrownBy(() -> c0.iRecv(1, 0).await(Duration.ofMillis(50)))
                    .isInstanceOf(RequestTimeoutException.class)
                    .hasMessage("request not complete after PT0.05S (waiting for rank 1)")
                    .satisfies(e -> assertThat(((CommException) e).rank()).isEqualTo(1));
            assertThatThrownBy(() -> Requests.waitAll(List.of(c0.iRecv(1, 0)), Duration.ofMillis(50)))
                    .isInstanceOf(RequestTimeoutException.class)
                    .satisfies(e -> assertThat(((CommException) e).rank()).isEqualTo(1));
        }
    }

    /** The outermost RankFailedException of a chain (the collective's own error). */
    private static RankFailedException rankFailure(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof RankFailedException rf) {
                return rf;
            }
        }
        throw new AssertionError("no RankFailedException in " + t, t);
    }

    private static Payload allreduce(Communicator c) {
        return new Collectives(c, CollectiveSelector.standard(CostModel.DEFAULT), LONG)
                .allreduce(Payload.of(CmoZZ.of(c.rank() + 1)), ReduceOps.SUM);
    }
}
