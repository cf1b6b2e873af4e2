package org.ox4j.mpi.coll;

import org.ox4j.mpi.cost.CostModel;

/**
 * One algorithm for one collective. {@code bytes} in {@link #predict} means: the message size per rank for
 * bcast, reduce, allreduce, scan, exscan and q-shift; the total gathered size for gather, scatter and allgather;
 * the total a rank sends for alltoall; ignored for barrier.
 */
public interface CollectiveAlgorithm {
    /** Short name, as used in {@code ox.coll.<collective>.algorithm}. */
    String name();

    Collective collective();

    /** Predicted time in seconds on {@code p} ranks. */
    double predict(CostModel m, int p, long bytes);

    /** What the algorithm asks of all ranks' processors together on {@code p} ranks. */
    Traffic traffic(int p, long bytes);

    /**
     * Predicted time on {@code p} ranks on the host {@code m} describes: the critical path of {@link #predict}, or,
     * where the ranks share cores, the time the {@link #traffic} needs on those cores if that is longer.
     */
    default double predictOnHost(CostModel m, int p, long bytes) {
        Traffic t = traffic(p, bytes);
        return m.onSharedCores(predict(m, p, bytes), p, t.messages(), t.bytes(), t.reducedBytes(),
                t.streams());
    }

    /** Whether this algorithm may be used with {@code op} (reductions only; others ignore ops). */
    default boolean supports(ReduceOp op) {
        return true;
    }

    /** True if the algorithm cuts the payload into pieces (it then only pays off for arrays and lists). */
    default boolean splitsPayload() {
        return false;
    }

    /** ⌈log2 p⌉. */
    static int ceilLog2(int p) {
        return p <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(p - 1);
    }

    /** Largest power of two ≤ p. */
    static int pof2(int p) {
        return Integer.highestOneBit(p);
    }
}
