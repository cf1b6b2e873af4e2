package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.StreamedPayload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Streamed chain scan for large arrays: rank 0 streams its array to rank 1; every later rank combines its own
 * slice into each piece of the prefix as it passes, keeps the result and streams it on. Pieces of c bytes ({@link
 * Communicator#streamForwardBytes()}) cross the p − 1 links one behind the other, so
 * <pre>T = (p − 1)·(α + c·(β + γ)) + m·(β + μ + γ)</pre>
 * against (p − 1)·(α + m·(β + γ)) for the linear chain of whole messages. Commutative element-wise ops on arrays
 * of the same kind and length on every rank; anything else runs {@link ScanRecursiveDoubling}.
 */
public final class ScanStreamedChain implements Algorithms.Scan {
    public static final ScanStreamedChain INSTANCE = new ScanStreamedChain();

    private ScanStreamedChain() {
    }

    @Override
    public String name() {
        return "stream_chain";
    }

    @Override
    public boolean supports(ReduceOp op) {
        return op.combinesSlicesInAnyOrder();
    }

    @Override
    public Payload scan(CollChannel ch, Payload value, ReduceOp op) {
        if (!streams(ch, value, op)) {
            return ScanRecursiveDoubling.INSTANCE.scan(ch, value, op);
        }
        return prefix(ch, value, op, false, null);
    }

    /** The prefix is assembled straight in {@code result}; rank 0 copies its value there. */
    @Override
    public void scanInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        if (!streams(ch, value, op)) {
            ScanRecursiveDoubling.INSTANCE.scanInto(ch, value, result, op);
        } else {
            prefix(ch, value, op, false, result);
        }
    }

    /** Whether the chain of {@link #prefix} serves: more than one rank and a non-empty array of an op it can cut. */
    static boolean streams(CollChannel ch, Payload value, ReduceOp op) {
        return ch.size() > 1 && op.combinesSlicesInAnyOrder() && value.isArray() && value.count() > 0;
    }

    /**
     * The chain for scan and exscan: this rank's inclusive prefix goes on to the next rank, and it keeps the
     * inclusive prefix (scan) or the one that came from the previous rank (exscan; null at rank 0), in {@code
     * buffer} (then also at rank 0, a copy of its value) or in a new array when that is null.
     */
    static Payload prefix(CollChannel ch, Payload value, ReduceOp op, boolean exclusive, Payload buffer) {
        int r = ch.rank();
        int next = r + 1 < ch.size() ? r + 1 : -1;
        StreamedPayload.Source mine = StreamedPayload.source(value);
        if (r == 0) {
            PulledRelay.run(ch, -1, next, value.kind(), mine, 0, mine.length(), List.of());
            if (exclusive) {
                return null;
            }
            if (buffer != null) {
                value.copyTo(buffer);
                return buffer;
            }
            return value;
        }
        Payload result = buffer != null ? buffer : value.zeroedLike();
        StreamedPayload.Assembler keep = StreamedPayload.assemblerAt(result, 0, mine.length());
        // the last rank of an exscan only keeps what came: the combined prefix would go nowhere
        PulledRelay.Segment s = !exclusive ? PulledRelay.Segment.combined(mine.length(), op, value, 0, keep, next >= 0)
                : next >= 0 ? PulledRelay.Segment.keptThenCombined(mine.length(), op, value, keep, true)
                : PulledRelay.Segment.relay(mine.length(), keep, false);
        PulledRelay.run(ch, r - 1, next, value.kind(), mine, 0, 0, List.of(s));
        return result;
    }

    /** The cost of {@link #prefix}: the streamed reduce's chain, every rank combining. */
    static double predictPrefix(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        double chunk = Math.min(bytes, Communicator.streamForwardBytes());
        return (p - 1) * (m.alpha() + m.streamed(chunk) + m.reduce(chunk))
                + m.transfer(bytes) + m.reduce(bytes);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return predictPrefix(m, p, bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.streams(p - 1, (double) (p - 1) * bytes, (double) (p - 1) * bytes);
    }
}
