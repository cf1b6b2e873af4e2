package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Binomial scatter (MPICH {@code scatter_intra_binomial}): each subtree root receives its subtree's blocks and
 * forwards halves. Cost ⌈lg p⌉α + n(p−1)/p·(β + μ) + B·μ (n = total scattered; B the bytes of all subtree
 * messages, each unpacked and packed again: {@link GatherBinomial}).
 */
public final class ScatterBinomial implements Algorithms.Scatter {
    public static final ScatterBinomial INSTANCE = new ScatterBinomial();

    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public Payload scatter(CollChannel ch, List<Payload> blocks, int root) {
        int p = ch.size();
        List<Payload> rel = null;
        if (ch.rank() == root) {
            ScatterLinear.checkBlocks(blocks, p);
            rel = new ArrayList<>(p);
            for (int i = 0; i < p; i++) {
                rel.add(blocks.get((i + root) % p));
            }
        }
        return BlockMoves.binomialScatter(ch, rel, root);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        // the gather's messages, travelling down
        return GatherBinomial.INSTANCE.predict(m, p, bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return GatherBinomial.INSTANCE.traffic(p, bytes);
    }
}
