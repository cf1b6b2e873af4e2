package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/** Recursive-doubling exclusive scan (as {@link ScanRecursiveDoubling} without the own value). Cost ⌈lg p⌉(α + nβ + 2nγ). */
public final class ExscanRecursiveDoubling implements Algorithms.Exscan {
    public static final ExscanRecursiveDoubling INSTANCE = new ExscanRecursiveDoubling();

    @Override
    public String name() {
        return "recursive_doubling";
    }

    @Override
    public Payload exscan(CollChannel ch, Payload value, ReduceOp op) {
        return ScanRecursiveDoubling.run(ch, value, op, true);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * (m.pointToPoint(bytes) + 2 * m.reduce(bytes));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return ScanRecursiveDoubling.INSTANCE.traffic(p, bytes);
    }
}
