package org.ox4j.mpi.coll;

import java.util.function.IntUnaryOperator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Allreduce as a reduce to rank 0, then a broadcast; three algorithms, by their reduce and broadcast.
 * {@link #INSTANCE} ({@code reduce_bcast}), the baseline: the in-order binomial reduce, then the binomial broadcast.
 * {@link #LINEAR} ({@code linear_reduce_bcast}): the linear reduce (every rank sends, rank 0 combines in rank order, in
 * place for ops whose slices combine in any order), then the binomial broadcast. {@link #LINEAR_LINEAR}: the linear
 * reduce and a linear broadcast. Cost s(p)(α + nβ + nγ) + b(p)(α + nβ), where s(p) = ⌈lg p⌉ for the tree reduce and
 * p − 1 for the linear one, b(p) = ⌈lg p⌉ for the binomial broadcast and p − 1 for the linear one. On a critical path
 * the linear reduce is slower, but where ranks share cores both reduces ask the same of them (p − 1 messages,
 * (p − 1)n bytes combined) and the linear one wastes less: rank 0 takes the values as they come, where the tree
 * allocates a new array at every inner rank and forwards it (1 MiB at p = 8 on 2 cores: 5.2–6.2 against 5.8–7.0 ms).
 * Any associative op, including non-commutative ones.
 */
public final class AllreduceReduceBcast implements Algorithms.Allreduce {
    public static final AllreduceReduceBcast INSTANCE = new AllreduceReduceBcast("reduce_bcast",
            ReduceInOrder.INSTANCE, CollectiveAlgorithm::ceilLog2, BcastBinomial.INSTANCE,
            CollectiveAlgorithm::ceilLog2);
    public static final AllreduceReduceBcast LINEAR = new AllreduceReduceBcast("linear_reduce_bcast",
            ReduceLinear.INSTANCE, p -> p - 1, BcastBinomial.INSTANCE, CollectiveAlgorithm::ceilLog2);
    /**
     * The linear reduce and a linear broadcast ({@code linear_reduce_linear_bcast}): rank 0 sends the result to every
     * rank itself, so that no rank waits for a forwarding rank to be scheduled (where ranks outnumber cores a
     * broadcast tree's forwarding step costs a wake-up: bcast 8 B at p = 8 on 2 cores, linear 0.22 against binomial
     * 0.30 ms). Cost (p − 1)(α + nβ + nγ) + (p − 1)(α + nβ).
     */
    public static final AllreduceReduceBcast LINEAR_LINEAR = new AllreduceReduceBcast("linear_reduce_linear_bcast",
            ReduceLinear.INSTANCE, p -> p - 1, BcastLinear.INSTANCE, p -> p - 1);

    private final String name;
    private final Algorithms.Reduce reduce;
    private final IntUnaryOperator reduceSteps;
    private final Algorithms.Bcast bcast;
    private final IntUnaryOperator bcastSteps;

    private AllreduceReduceBcast(String name, Algorithms.Reduce reduce, IntUnaryOperator reduceSteps,
            Algorithms.Bcast bcast, IntUnaryOperator bcastSteps) {
        this.name = name;
        this.reduce = reduce;
        this.reduceSteps = reduceSteps;
        this.bcast = bcast;
        this.bcastSteps = bcastSteps;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Payload allreduce(CollChannel ch, Payload value, ReduceOp op) {
        Payload atZero = reduce.reduce(ch, value, op, 0);
        return bcast.bcast(ch.phase(2), atZero, 0);
    }

    /** Rank 0 reduces into the buffer, and the broadcast overwrites the others' (leaves receive straight into it). */
    @Override
    public void allreduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        reduce.reduceInto(ch, value, ch.rank() == 0 ? result : null, op, 0);
        bcast.bcastInto(ch.phase(2), result, 0);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return reduceSteps.applyAsInt(p) * (m.pointToPoint(bytes) + m.reduce(bytes))
                + bcastSteps.applyAsInt(p) * m.pointToPoint(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return new Traffic(2.0 * (p - 1), 2.0 * (p - 1) * bytes, (double) (p - 1) * bytes);
    }
}
