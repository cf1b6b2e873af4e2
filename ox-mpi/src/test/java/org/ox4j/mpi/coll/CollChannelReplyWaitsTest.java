package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.InMemoryTransport;
import org.ox4j.mpi.comm.OfferRecordingTransport;
import org.ox4j.mpi.comm.OfferRecordingTransport.Offer;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.ReplyWaits;

/**
 * Which waits of a collective call are waits for a reply ({@link ReplyWaits}): a wait for a peer that the same call,
 * in any of its phases, has sent a small message to; not a wait for a peer it has sent nothing or only a large
 * message to, nor one in a later call.
 */
@Timeout(60)
class CollChannelReplyWaitsTest {
    private static final Duration T = Duration.ofSeconds(20);

    @Test
    void aWaitIsForAReplyOnlyAfterThisCallSentThatPeerASmallMessage() throws Exception {
        try (InMemoryTransport.Group g = InMemoryTransport.group(3)) {
            OfferRecordingTransport t1 = new OfferRecordingTransport(g.transport(1));
            Communicator c0 = Communicator.world(g.transport(0));
            Communicator c1 = Communicator.world(t1);
            Communicator c2 = Communicator.world(g.transport(2));
            CollChannel ch0 = CollChannel.open(c0, T);
            CollChannel ch2 = CollChannel.open(c2, T);
            CollChannel ch1 = CollChannel.open(c1, T);
            Payload small = Payload.ofLongs(new long[] {1, 2, 3});
            Payload large = Payload.ofLongs(new long[(int) (CollChannel.REPLY_MAX_BYTES / 8) + 1]);

            // rank 1 sends rank 0 a small message in phase 1 and waits for rank 0 in phase 0: a reply
            ch1.phase(1).send(0, small);
            assertThat(ch0.phase(1).recv(1).longs()).containsExactly(1, 2, 3);
            assertThat(waitFor(ch1, t1, 0, ch0)).isEqualTo(new Offer(0, true));

            // rank 2 was sent nothing, then only a large message: no reply either time
            assertThat(waitFor(ch1, t1, 2, ch2)).isEqualTo(new Offer(2, false));
            ch1.send(2, large);
            assertThat(ch2.recv(1).byteSize()).isEqualTo(large.byteSize());
            assertThat(waitFor(ch1, t1, 2, ch2)).isEqualTo(new Offer(2, false));

            // the next call starts with no peer sent to
            CollChannel next1 = CollChannel.open(c1, T);
            CollChannel next0 = CollChannel.open(c0, T);
            CollChannel.open(c2, T);
            assertThat(waitFor(next1, t1, 0, next0)).isEqualTo(new Offer(0, false));
            assertThat(ReplyWaits.active()).isFalse();
        }
    }

    /**
     * Rank 1 waits on {@code ch1} for a message from {@code peer}, which {@code peerCh} sends once the wait has been
     * offered the link (a message there before the wait needs no reading); the offer.
     */
    private static Offer waitFor(CollChannel ch1, OfferRecordingTransport t1, int peer, CollChannel peerCh)
            throws Exception {
        CompletableFuture<Payload> got = CompletableFuture.supplyAsync(() -> ch1.recv(peer));
        Offer offer = t1.offers().poll(20, TimeUnit.SECONDS);
        peerCh.send(1, Payload.ofLongs(new long[] {42}));
        assertThat(got.get(20, TimeUnit.SECONDS).longs()).containsExactly(42);
        assertThat(t1.offers()).isEmpty();
        return offer;
    }
}
