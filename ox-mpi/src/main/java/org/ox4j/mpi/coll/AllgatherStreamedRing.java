package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.StreamedPayload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Streamed ring allgather: one stream per link instead of p − 1 messages in lock step. Rank r streams its own
 * value to the right, then passes on what its left neighbour streams (the values of ranks r − 1, r − 2, …) except
 * the last, keeping a copy of each; a piece of c bytes ({@link Communicator#streamForwardBytes()}) goes on as soon
 * as it came, so the p − 1 hops overlap. The ranks first exchange their values' kinds and lengths (a Bruck
 * allgather of 16 bytes each), so values may differ in size and kind, and a CMO travels encoded:
 * <pre>T = ⌈lg p⌉·α + α + (p − 2)·c·β + (p − 1)/p·n·β</pre>
 * for n bytes in all. The calling thread pulls and forwards the chunks ({@link PulledRelay}); when a value is
 * shorter than a forwarding unit, the values go round as the messages of {@link AllgatherRing}.
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
        StreamedPayload.Source mine = StreamedPayload.source(value);
        List<Payload> shapes = AllgatherBruck.INSTANCE.allgather(ch.phase(1),
                Payload.ofLongs(value.kind().code(), mine.length()));
        if (shapes.stream().mapToLong(s -> s.longs()[1]).min().orElse(0) < PulledRelay.minimumOwnBytes()) {
            // values this small could stall the ring (see PulledRelay); whole messages are as fast for them
            return AllgatherRing.INSTANCE.allgather(ch, value);
        }
        StreamedPayload.Assembler[] kept = new StreamedPayload.Assembler[p];
        List<PulledRelay.Segment> incoming = new ArrayList<>(p - 1);
        for (int i = 0; i < p - 1; i++) {
            int k = Math.floorMod(r - 1 - i, p);
            long[] shape = shapes.get(k).longs();
            kept[k] = StreamedPayload.assembler(Payload.Kind.fromCode((int) shape[0]), shape[1]);
            incoming.add(PulledRelay.Segment.relay(shape[1], kept[k], i < p - 2));
        }
        PulledRelay.run(ch, Math.floorMod(r - 1, p), (r + 1) % p, Payload.Kind.BYTES, mine, 0, mine.length(),
                incoming);
        Payload[] all = new Payload[p];
        for (int k = 0; k < p; k++) {
            all[k] = k == r ? value : kept[k].result();
        }
        return List.of(all);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        double share = (double) bytes / p;
        double exchange = CollectiveAlgorithm.ceilLog2(p) * m.alpha();
        if (share < PulledRelay.minimumOwnBytes()) {
            return exchange + AllgatherRing.INSTANCE.predict(m, p, bytes);
        }
        double chunk = Math.min(share, Communicator.streamForwardBytes());
        return exchange + m.alpha() + (p - 2) * m.beta() * m.wireBytes(chunk)
                + (p - 1) * m.beta() * m.wireBytes(share);
    }
}
