package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.StreamedPayload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Streamed ring allgather: the values go round the ring as streams, passed on piece by piece instead of in p − 1
 * lock steps. Rank r streams its own value to the right, then relays what comes from its left (the values of ranks
 * r − 1, r − 2, …), one stream per value, keeping a copy and passing on all but the last; a piece of c bytes
 * ({@link Communicator#streamForwardBytes()}) goes on as soon as it came, so the hops overlap. Each stream carries
 * its value's kind and length, so values may differ in both (a CMO travels encoded):
 * <pre>T = (p − 1)·α + (p − 2)·c·β + (p − 1)/p·n·β</pre>
 * for n bytes in all. The calling thread pulls and forwards the chunks ({@link PulledRelay#relayWhole}).
 */
public final class AllgatherStreamedRing implements Algorithms.Allgather {
    public static final AllgatherStreamedRing INSTANCE = new AllgatherStreamedRing();

    private AllgatherStreamedRing() {
    }

    @Override
    public String name() {
        return "stream_ring";
    }

    @Override
    public List<Payload> allgather(CollChannel ch, Payload value) {
        int p = ch.size();
        int r = ch.rank();
        if (p == 1) {
            return List.of(value);
        }
        int right = (r + 1) % p;
        StreamSends.streamTo(ch, right, StreamedPayload.source(value));
        Payload[] all = new Payload[p];
        all[r] = value;
        for (int i = 0; i < p - 1; i++) {
            all[Math.floorMod(r - 1 - i, p)] = PulledRelay.relayWhole(ch, Math.floorMod(r - 1, p),
                    i < p - 2 ? right : -1);
        }
        return List.of(all);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        double share = (double) bytes / p;
        double chunk = Math.min(share, Communicator.streamForwardBytes());
        return (p - 1) * m.alpha() + (p - 2) * m.streamed(chunk) + (p - 1) * m.streamed(share);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        // one stream per rank to its right-hand neighbour carries the p − 1 blocks that pass it
        return Traffic.streams(p, (double) bytes * (p - 1), 0);
    }
}
