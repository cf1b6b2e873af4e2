package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Baseline allreduce: in-order reduce to rank 0, then binomial broadcast. Cost 2⌈lg p⌉(α + nβ) + ⌈lg p⌉nγ.
 * Any associative op.
 */
public final class AllreduceReduceBcast implements Algorithms.Allreduce {
    public static final AllreduceReduceBcast INSTANCE = new AllreduceReduceBcast();

    @Override
    public String name() {
        return "reduce_bcast";
    }

    @Override
    public Payload allreduce(CollChannel ch, Payload value, ReduceOp op) {
        Payload atZero = ReduceInOrder.INSTANCE.reduce(ch, value, op, 0);
        return BcastBinomial.INSTANCE.bcast(ch.phase(2), atZero, 0);
    }

    /** The root reduces into the buffer, and the broadcast overwrites the others' (leaves receive straight into it). */
    @Override
    public void allreduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        ReduceInOrder.INSTANCE.reduceInto(ch, value, ch.rank() == 0 ? result : null, op, 0);
        BcastBinomial.INSTANCE.bcastInto(ch.phase(2), result, 0);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        int lg = CollectiveAlgorithm.ceilLog2(p);
        return 2 * lg * m.pointToPoint(bytes) + lg * m.reduce(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return new Traffic(2.0 * (p - 1), 2.0 * (p - 1) * bytes, (double) (p - 1) * bytes);
    }
}
