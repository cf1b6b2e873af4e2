package org.ox4j.mpi.coll;

import java.util.function.IntUnaryOperator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Allreduce as a reduce to rank 0, then a binomial broadcast; two algorithms, by their reduce. {@link #INSTANCE}
 * ({@code reduce_bcast}), the baseline: the in-order binomial reduce. {@link #LINEAR} ({@code linear_reduce_bcast}):
 * the linear reduce (every rank sends, rank 0 combines in rank order, in place for ops whose slices combine in any
 * order). Cost s(p)(α + nβ + nγ) + ⌈lg p⌉(α + nβ), where s(p) = ⌈lg p⌉ for the tree and p − 1 for the linear
 * reduce: on a critical path the linear one is slower, but where ranks share cores both ask the same of them (2(p − 1)
 * messages, (p − 1)n bytes combined) and the linear one wastes less: rank 0 takes the values as they come, where the
 * tree allocates a new array at every inner rank and forwards it (1 MiB at p = 8 on 2 cores: 5.2–6.2 against
 * 5.8–7.0 ms). Any associative op, including non-commutative ones.
 */
public final class AllreduceReduceBcast implements Algorithms.Allreduce {
    public static final AllreduceReduceBcast INSTANCE = new AllreduceReduceBcast("reduce_bcast",
            ReduceInOrder.INSTANCE, CollectiveAlgorithm::ceilLog2);
    public static final AllreduceReduceBcast LINEAR = new AllreduceReduceBcast("linear_reduce_bcast",
            ReduceLinear.INSTANCE, p -> p - 1);

    private final String name;
    private final Algorithms.Reduce reduce;
    private final IntUnaryOperator reduceSteps;

    private AllreduceReduceBcast(String name, Algorithms.Reduce reduce, IntUnaryOperator reduceSteps) {
        this.name = name;
        this.reduce = reduce;
        this.reduceSteps = reduceSteps;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Payload allreduce(CollChannel ch, Payload value, ReduceOp op) {
        Payload atZero = reduce.reduce(ch, value, op, 0);
        return BcastBinomial.INSTANCE.bcast(ch.phase(2), atZero, 0);
    }

    /** Rank 0 reduces into the buffer, and the broadcast overwrites the others' (leaves receive straight into it). */
    @Override
    public void allreduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        reduce.reduceInto(ch, value, ch.rank() == 0 ? result : null, op, 0);
        BcastBinomial.INSTANCE.bcastInto(ch.phase(2), result, 0);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return reduceSteps.applyAsInt(p) * (m.pointToPoint(bytes) + m.reduce(bytes))
                + CollectiveAlgorithm.ceilLog2(p) * m.pointToPoint(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return new Traffic(2.0 * (p - 1), 2.0 * (p - 1) * bytes, (double) (p - 1) * bytes);
    }
}
