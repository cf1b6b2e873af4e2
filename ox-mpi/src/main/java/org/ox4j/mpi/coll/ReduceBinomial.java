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

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * (m.pointToPoint(bytes) + m.reduce(bytes));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.reduced(p - 1, bytes);
    }
}
