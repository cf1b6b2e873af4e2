package org.ox4j.it.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.comm.Requests;
import org.ox4j.server.rfc102.PeerGroupTransport;

/**
 * An array below the large-message size is written from the sender's own array when the link is idle (no copy of
 * it is made) and copied at the send when the write must wait behind another: either way the receiver gets what the
 * array held when the send returned, though the sender overwrites it at once (MPI's rule for a send buffer that is
 * reused after a completed send; for a nonblocking one, once the send has returned, since a queued write copies it).
 */
class EagerArraySendsIT {
    private static final int TAG = 5;
    /** Over the inline-write size (256 KiB) and under the large-message size: written by the link's writer thread. */
    private static final int QUEUED_LONGS = 320 * 1024 / 8;

    private static long value(int round, int k, int i) {
        return round * 1_000_003L + k * 10_007L + i;
    }

    @Test
    void theReceiverGetsTheArraysAsTheyWereWhenTheSendsReturnedThoughTheSenderOverwritesThemAtOnce() throws Exception {
        int rounds = 60;
        int perRound = 4;
        int longs = 3000;
        try (LocalPeerGroups groups = new LocalPeerGroups(2, Duration.ofSeconds(30), true)) {
            Communicator sender = Communicator.world(new PeerGroupTransport(groups.member(0)));
            Communicator receiver = Communicator.world(new PeerGroupTransport(groups.member(1)));
            CompletableFuture<List<String>> got = CompletableFuture.supplyAsync(() -> {
                List<String> wrong = new ArrayList<>();
                for (int round = 0; round < rounds; round++) {
                    if (round % 2 == 1) {
                        long[] big = receiver.recv(0, TAG).payload().longs();
                        if (big.length != QUEUED_LONGS || big[QUEUED_LONGS - 1] != round) {
                            wrong.add("round " + round + ": the queued large array");
                        }
                    }
                    for (int k = 0; k < perRound; k++) {
                        Payload p = receiver.recv(0, TAG).payload();
                        long[] a = p.isDirect() ? p.onHeap().longs() : p.longs();
                        for (int i = 0; i < longs; i++) {
                            if (a[i] != value(round, k, i)) {
                                wrong.add("round " + round + ", send " + k + ", element " + i + ": " + a[i]);
                                break;
                            }
                        }
                    }
                }
                return wrong;
            });
            for (int round = 0; round < rounds; round++) {
                List<Request> sends = new ArrayList<>();
                if (round % 2 == 1) {
                    // a write the writer thread does: the sends after it in this round wait behind it, copied
                    long[] big = new long[QUEUED_LONGS];
                    Arrays.fill(big, round);
                    sends.add(sender.iSend(Payload.ofLongs(big), 1, TAG));
                }
                for (int k = 0; k < perRound; k++) {
                    long[] a = new long[longs];
                    for (int i = 0; i < longs; i++) {
                        a[i] = value(round, k, i);
                    }
                    // every other array in direct memory: it is written from there the same way
                    Payload p = k % 2 == 0 ? Payload.ofLongs(a) : Payload.ofLongs(a).toDirect();
                    sends.add(sender.iSend(p, 1, TAG));
                    if (p.isDirect()) {
                        ByteBuffer b = p.directBuffer();
                        while (b.hasRemaining()) {
                            b.put((byte) -1);
                        }
                    } else {
                        Arrays.fill(a, -1);
                    }
                }
                Requests.waitAll(sends, Duration.ofSeconds(30));
            }
            assertThat(got.get(60, TimeUnit.SECONDS)).isEmpty();
        }
    }
}
