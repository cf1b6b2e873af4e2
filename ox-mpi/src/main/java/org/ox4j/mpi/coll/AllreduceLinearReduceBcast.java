package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Allreduce as a linear reduce to rank 0 ({@link ReduceLinear}: every rank sends, rank 0 combines in rank order),
 * then a binomial broadcast. Cost (p − 1)(α + nβ + nγ) + ⌈lg p⌉(α + nβ): on a critical path the linear reduce is
 * the slower one, but where ranks share cores it asks the same of them as {@link AllreduceReduceBcast} (2(p − 1)
 * messages, (p − 1)n bytes combined) and spends it better: rank 0 takes the values as they come and, for ops whose
 * slices combine in any order, combines them into the result in place, where a tree reduce allocates a new array at
 * every inner rank and forwards it. Any op, including non-commutative ones.
 */
public final class AllreduceLinearReduceBcast implements Algorithms.Allreduce {
    public static final AllreduceLinearReduceBcast INSTANCE = new AllreduceLinearReduceBcast();

    @Override
    public String name() {
        return "linear_reduce_bcast";
    }

    @Override
    public Payload allreduce(CollChannel ch, Payload value, ReduceOp op) {
        Payload atZero = ReduceLinear.INSTANCE.reduce(ch, value, op, 0);
        return BcastBinomial.INSTANCE.bcast(ch.phase(2), atZero, 0);
    }

    /** Rank 0 combines into the buffer, and the broadcast overwrites the others'. */
    @Override
    public void allreduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        ReduceLinear.INSTANCE.reduceInto(ch, value, ch.rank() == 0 ? result : null, op, 0);
        BcastBinomial.INSTANCE.bcastInto(ch.phase(2), result, 0);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * (m.pointToPoint(bytes) + m.reduce(bytes))
                + CollectiveAlgorithm.ceilLog2(p) * m.pointToPoint(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return new Traffic(2.0 * (p - 1), 2.0 * (p - 1) * bytes, (double) (p - 1) * bytes);
    }
}
