package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * In-order reduce for non-commutative ops: a binomial reduction rooted at rank 0 (where relative and absolute
 * order coincide, so operands are combined in rank order), then one message to the root if it is not 0. Cost
 * ⌈lg p⌉(α + nβ + nγ) + (α + nβ) when root ≠ 0.
 */
public final class ReduceInOrder implements Algorithms.Reduce {
    public static final ReduceInOrder INSTANCE = new ReduceInOrder();

    @Override
    public String name() {
        return "in_order";
    }

    @Override
    public Payload reduce(CollChannel ch, Payload value, ReduceOp op, int root) {
        Payload atZero = ReduceBinomial.treeReduce(ch, value, op, 0);
        if (root == 0) {
            return atZero;
        }
        CollChannel fwd = ch.phase(1);
        if (ch.rank() == 0) {
            fwd.send(root, atZero);
            return null;
        }
        return ch.rank() == root ? fwd.recv(0) : null;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        // the root is unknown to the selector: charge the forwarding message (roots are usually not rank 0)
        return CollectiveAlgorithm.ceilLog2(p) * (m.pointToPoint(bytes) + m.reduce(bytes))
                + (p > 1 ? m.pointToPoint(bytes) : 0);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return new Traffic(p, (double) p * bytes, (double) (p - 1) * bytes);
    }
}
