package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Topologies;

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

    /**
     * MPI_Reduce with a receive buffer: for an op whose slices combine in any order ({@link
     * ReduceOp#combinesSlicesInAnyOrder}), the root copies its value into {@code result} and combines every other
     * rank's value into it in place, in rank order ({@link InPlaceReduction} up the star); where {@link #reduce}
     * makes a new array at every step and the result is copied once more at the end (p − 1 arrays of n bytes, each
     * zeroed, written and read again). Values that travel as large messages are received into direct memory lent by
     * {@link DirectStaging} (p − 1 slots, when they fit in the area it keeps) and combined from there. Other ops, and
     * a result that is the value itself, take {@link #reduce}. The other ranks send either way. Cost as {@link
     * #reduce}.
     */
    @Override
    public void reduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op, int root) {
        if (!InPlaceReduction.upTree(ch, Topologies.star(ch.size(), root, ch.rank()), value, result, op)) {
            Algorithms.Reduce.super.reduceInto(ch, value, result, op, root);
        }
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
