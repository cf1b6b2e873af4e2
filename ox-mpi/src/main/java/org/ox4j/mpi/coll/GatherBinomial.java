package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Binomial gather: subtrees collect their blocks and pass them up (MPICH {@code gather_intra_binomial}). Cost
 * ⌈lg p⌉α + n(p−1)/p·(β + μ) + B·μ (n = total gathered), where B = Σ_r min(lowbit(r), p − r)·n/p are the bytes of
 * all the packed subtree messages, each unpacked and packed again on its way up: what makes it lose to the linear
 * gather for large blocks even at p = 2, where both send one message.
 */
public final class GatherBinomial implements Algorithms.Gather {
    public static final GatherBinomial INSTANCE = new GatherBinomial();

    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public List<Payload> gather(CollChannel ch, Payload value, int root) {
        List<Payload> rel = BlockMoves.binomialGather(ch, value, root);
        if (rel == null) {
            return null;
        }
        int p = ch.size();
        List<Payload> out = new ArrayList<>(p);
        for (int i = 0; i < p; i++) {
            out.add(rel.get((i - root + p) % p));
        }
        return out;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * m.alpha() + m.transfer(BlockMoves.fraction(bytes, p))
                + m.messageByte() * BlockMoves.binomialBytes(p, bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return new Traffic(p - 1, BlockMoves.binomialBytes(p, bytes), 0);
    }
}
