package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/**
 * Linear reduce: every rank sends to the root, which combines in rank order. Cost (p−1)(α + nβ + nγ) (receives
 * overlap, combining does not). Any op, including non-commutative ones.
 */
public final class ReduceLinear implements Algorithms.Reduce {
    public static final ReduceLinear INSTANCE = new ReduceLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public Payload reduce(CollChannel ch, Payload value, ReduceOp op, int root) {
        int p = ch.size();
        if (ch.rank() != root) {
            ch.send(root, value);
            return null;
        }
        List<Request> rs = GatherLinear.receivesAtRoot(ch, root);
        Payload acc = null;
        for (int i = 0; i < p; i++) {
            Payload v = i == root ? value : ch.await(rs.get(i)).payload();
            acc = acc == null ? v : op.apply(acc, v);
        }
        return acc;
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
