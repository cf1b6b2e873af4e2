package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Recursive-doubling scan (Hillis–Steele; MPICH {@code scan_intra_recursive_doubling}): partners r ⊕ 2^k
 * exchange partial sums; a rank folds a lower partner's partial into its result. Operand order is kept, so
 * non-commutative ops work. Cost ⌈lg p⌉(α + nβ + 2nγ), any p.
 */
public final class ScanRecursiveDoubling implements Algorithms.Scan {
    public static final ScanRecursiveDoubling INSTANCE = new ScanRecursiveDoubling();

    @Override
    public String name() {
        return "recursive_doubling";
    }

    @Override
    public Payload scan(CollChannel ch, Payload value, ReduceOp op) {
        return run(ch, value, op, false);
    }

    /** Shared with exscan: returns the inclusive or (at rank 0: null) exclusive prefix. */
    static Payload run(CollChannel ch, Payload value, ReduceOp op, boolean exclusive) {
        int p = ch.size();
        int r = ch.rank();
        Payload partial = value;
        Payload result = exclusive ? null : value;
        for (int mask = 1; mask < p; mask <<= 1) {
            int dst = r ^ mask;
            if (dst < p) {
                Payload t = ch.sendRecv(dst, partial, dst);
                if (r > dst) {
                    partial = op.apply(t, partial);
                    result = result == null ? t : op.apply(t, result);
                } else {
                    partial = op.apply(partial, t);
                }
            }
        }
        return result;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * (m.pointToPoint(bytes) + 2 * m.reduce(bytes));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        // at distance 2^k every rank r ≥ 2^k receives; each arrival is combined twice (prefix and running total)
        double messages = 0;
        for (int d = 1; d < p; d <<= 1) {
            messages += p - d;
        }
        return new Traffic(messages, messages * bytes, 2 * messages * bytes);
    }
}
