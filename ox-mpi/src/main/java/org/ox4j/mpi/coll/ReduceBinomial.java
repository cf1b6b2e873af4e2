package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Tree;

/**
 * Binomial-tree reduce on ranks relative to the root (MPICH {@code reduce_intra_binomial}): a rank with
 * relative rank r receives from r + 2^k while bit k of r is clear, then sends to r − lowbit(r). Cost
 * ⌈lg p⌉(α + nβ + nγ). Commutative ops only (relative numbering rotates the operand order); see
 * {@link ReduceInOrder} otherwise.
 */
public final class ReduceBinomial implements Algorithms.Reduce {
    public static final ReduceBinomial INSTANCE = new ReduceBinomial();

    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public boolean supports(ReduceOp op) {
        return op.isCommutative();
    }

    @Override
    public Payload reduce(CollChannel ch, Payload value, ReduceOp op, int root) {
        return treeReduce(ch, value, op, root);
    }

    /** Binomial reduction towards {@code root}; combines lower relative ranks on the left. */
    static Payload treeReduce(CollChannel ch, Payload value, ReduceOp op, int root) {
        Tree tree = Topologies.binomial(ch.size(), root, ch.rank());
        Payload acc = value;
        for (int child : tree.receiveOrder()) {
            acc = op.apply(acc, ch.recv(child));
        }
        if (tree.isRoot()) {
            return acc;
        }
        ch.send(tree.parent(), acc);
        return null;
    }

    /**
     * MPI_Reduce with a receive buffer: for an op whose slices combine in any order, up the binomial tree combining
     * in place ({@link InPlaceReduction}), the inner ranks' partial results in lent direct memory for large values;
     * {@link #reduce} makes a new array at every combine and receives every child's value into a new array too, and
     * on ranks that share cores those allocations are time the whole tree waits for. Other ops, values that are not
     * arrays, and a result that is the value itself take {@link #reduce}. Cost as {@link #reduce}.
     */
    @Override
    public void reduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op, int root) {
        if (!InPlaceReduction.upTree(ch, Topologies.binomial(ch.size(), root, ch.rank()), value, result, op)) {
            Algorithms.Reduce.super.reduceInto(ch, value, result, op, root);
        }
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * (m.pointToPoint(bytes) + m.reduce(bytes));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.reduced(p - 1, bytes);
    }
}
