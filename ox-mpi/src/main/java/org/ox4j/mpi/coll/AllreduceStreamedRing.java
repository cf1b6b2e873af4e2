package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.StreamedPayload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Streamed ring allreduce: the ring reduce-scatter and the ring allgather of {@link AllreduceRing} as one stream
 * per link instead of 2(p − 1) messages in lock step. Rank r streams its block r to the right, then everything its
 * left neighbour streams except the last block: each of the first p − 1 incoming blocks is combined with this
 * rank's slice on the way (the last of them, block r + 1, is then complete and kept), the next p − 1 are complete
 * blocks, kept and passed on. No step waits for a whole block: a piece of c bytes ({@link
 * Communicator#streamForwardBytes()}) goes on as soon as it is combined, so the 2(p − 1) hops overlap, and each link
 * carries 2(p − 1)/p·m bytes:
 * <pre>T = α + (2p − 3)·c·(β + γ) + 2(p − 1)/p·m·β + (p − 1)/p·m·γ</pre>
 * The calling thread pulls and forwards the chunks ({@link PulledRelay}); blocks shorter than a forwarding unit
 * go round as the messages of {@link AllreduceRing}. Commutative element-wise ops on arrays
 * of the same kind and length on every rank; anything else runs {@link AllreduceRecursiveDoubling}.
 */
public final class AllreduceStreamedRing extends SplittingAllreduce {
    public static final AllreduceStreamedRing INSTANCE = new AllreduceStreamedRing();

    private AllreduceStreamedRing() {
    }

    @Override
    public String name() {
        return "stream_ring";
    }

    @Override
    Payload allreduceBlocks(CollChannel ch, Payload value, ReduceOp op) {
        if (value.count() == 0) {
            return value;
        }
        if (blocksTooSmall(ch, value)) {
            return AllreduceRing.INSTANCE.allreduceBlocks(ch, value, op);
        }
        Payload result = value.zeroedLike();
        ring(ch, value, op, result);
        return result;
    }

    /** The ring fills every block of {@code result}: nothing is allocated for it. */
    @Override
    void allreduceBlocksInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        if (value.count() == 0) {
            return;
        }
        if (blocksTooSmall(ch, value)) {
            AllreduceRing.INSTANCE.allreduceBlocksInto(ch, value, result, op);
        } else {
            ring(ch, value, op, result);
        }
    }

    /** Blocks this small could stall the ring (see PulledRelay); whole messages are as fast for them. */
    private static boolean blocksTooSmall(CollChannel ch, Payload value) {
        int n = value.count();
        return value.byteSize() / n * (n / ch.size()) < PulledRelay.minimumOwnBytes();
    }

    /** The streamed ring proper; every byte of {@code result} is written. */
    private static void ring(CollChannel ch, Payload value, ReduceOp op, Payload result) {
        int n = value.count();
        int p = ch.size();
        int r = ch.rank();
        long width = value.byteSize() / n;
        long[] at = new long[p + 1];
        for (int k = 0; k <= p; k++) {
            at[k] = width * Blocks.blockStart(n, p, k);
        }
        List<PulledRelay.Segment> incoming = new ArrayList<>(2 * p - 2);
        // reduce-scatter: the left neighbour's partial sums of blocks r − 1, r − 2, …, r + 1; the last is complete
        for (int i = 0; i < p - 1; i++) {
            int k = Math.floorMod(r - 1 - i, p);
            long len = at[k + 1] - at[k];
            boolean complete = i == p - 2;
            incoming.add(PulledRelay.Segment.combined(len, op, value, at[k],
                    complete ? StreamedPayload.assemblerAt(result, at[k], len) : null, true));
        }
        // allgather: complete blocks r, r − 1, …, r + 2; the right neighbour has the last one already
        for (int j = 0; j < p - 1; j++) {
            int k = Math.floorMod(r - j, p);
            long len = at[k + 1] - at[k];
            incoming.add(PulledRelay.Segment.relay(len, StreamedPayload.assemblerAt(result, at[k], len), j < p - 2));
        }
        PulledRelay.run(ch, Math.floorMod(r - 1, p), (r + 1) % p, value.kind(), StreamedPayload.source(value), at[r],
                at[r + 1] - at[r], incoming);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        double share = (double) bytes / p;
        if (share < PulledRelay.minimumOwnBytes()) {
            return AllreduceRing.INSTANCE.predict(m, p, bytes);
        }
        double chunk = Math.min(share, Communicator.streamForwardBytes());
        return m.alpha() + (2 * p - 3) * (m.streamed(chunk) + m.reduce(chunk))
                + 2 * (p - 1) * m.streamed(share) + (p - 1) * m.reduce(share);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        double share = (double) bytes / p;
        if (share < PulledRelay.minimumOwnBytes()) {
            return AllreduceRing.INSTANCE.traffic(p, bytes);
        }
        // two streams per rank (reduce-scatter, allgather) carry the same bytes as the ring's messages
        return Traffic.streams(2.0 * p, 2.0 * (p - 1) * bytes, (double) (p - 1) * bytes);
    }
}
