package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

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
        int p = ch.size();
        int rel = (ch.rank() - root + p) % p;
        Payload acc = value;
        int mask = 1;
        while (mask < p) {
            if ((rel & mask) != 0) {
                ch.send(BlockMoves.abs(rel - mask, root, p), acc);
                return null;
            }
            if (rel + mask < p) {
                acc = op.apply(acc, ch.recv(BlockMoves.abs(rel + mask, root, p)));
            }
            mask <<= 1;
        }
        return acc;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * (m.pointToPoint(bytes) + m.reduce(bytes));
    }
}
