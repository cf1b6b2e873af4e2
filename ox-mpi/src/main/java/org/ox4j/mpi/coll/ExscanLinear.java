package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/** Linear-chain exclusive scan. Cost (p−1)(α + nβ + nγ). Any op; null at rank 0. */
public final class ExscanLinear implements Algorithms.Exscan {
    public static final ExscanLinear INSTANCE = new ExscanLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public Payload exscan(CollChannel ch, Payload value, ReduceOp op) {
        int r = ch.rank();
        Payload before = r == 0 ? null : ch.recv(r - 1);
        if (r + 1 < ch.size()) {
            ch.send(r + 1, before == null ? value : op.apply(before, value));
        }
        return before;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * (m.pointToPoint(bytes) + m.reduce(bytes));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.reduced(p - 1, bytes);
    }
}
