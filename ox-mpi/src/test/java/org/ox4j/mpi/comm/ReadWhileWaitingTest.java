package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Which waits offer the waiting thread the link to read ({@link PeerTransport#readWhileWaiting}): a receive from a
 * named rank and a synchronous send (its acknowledgement comes over the link), each with that rank; not a plain
 * send (it completes when written, which reading the link would not notice) nor a wildcard receive.
 */
@Timeout(30)
class ReadWhileWaitingTest {
    @Test
    void receivesFromANamedRankAndSynchronousSendsOfferTheLink() throws Exception {
        try (InMemoryTransport.Group g = InMemoryTransport.group(3)) {
            OfferRecordingTransport t0 = new OfferRecordingTransport(g.transport(0));
            Communicator c0 = Communicator.world(t0);
            Communicator c1 = Communicator.world(g.transport(1));
            Communicator c2 = Communicator.world(g.transport(2));

            // the message is sent only once the waiter has asked for the link: a message that is already there when
            // the wait starts needs no reading
            Request named = c0.iRecv(1, 5);
            CompletableFuture<Message> got = CompletableFuture.supplyAsync(
                    () -> named.awaitMessage(Duration.ofSeconds(20)));
            assertThat(t0.offers().poll(20, TimeUnit.SECONDS).peer()).isEqualTo(1);
            c1.send(Payload.ofLongs(new long[] {7}), 0, 5);
            assertThat(got.get(20, TimeUnit.SECONDS).payload().longs()).containsExactly(7);
            assertThat(t0.offers()).allMatch(o -> o.peer() == 1);
            t0.offers().clear();

            c0.send(Payload.ofLongs(new long[] {1}), 2, 6);
            Request any = c0.iRecv(Communicator.ANY_SOURCE, 8);
            c1.send(Payload.ofLongs(new long[] {3}), 0, 8);
            assertThat(any.awaitMessage(Duration.ofSeconds(10)).payload().longs()).containsExactly(3);
            assertThat(t0.offers()).isEmpty();

            // nobody receives yet: the synchronous send is pending when its waiter asks for the link
            Request sync = c0.isSend(Payload.ofLongs(new long[] {2}), 2, 7);
            CompletableFuture<Status> acked = CompletableFuture.supplyAsync(() -> sync.await(Duration.ofSeconds(20)));
            assertThat(t0.offers().poll(20, TimeUnit.SECONDS).peer()).isEqualTo(2);
            assertThat(c2.recv(0, 7).payload().longs()).containsExactly(2);
            assertThat(acked.get(20, TimeUnit.SECONDS).tag()).isEqualTo(7);
            assertThat(c2.recv(0, 6).payload().longs()).containsExactly(1);
        }
    }
}
