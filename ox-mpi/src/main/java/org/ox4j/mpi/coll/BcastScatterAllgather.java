package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Van de Geijn broadcast: binomial scatter of p blocks from the root, then ring allgather. Cost
 * (⌈lg p⌉ + p − 1)α + 2·n(p−1)/p·β. Payloads are split with {@link Blocks#split} (arrays and lists by
 * elements; an opaque CMO travels as one block, which is correct but gains nothing — the selector then picks
 * binomial).
 */
public final class BcastScatterAllgather implements Algorithms.Bcast {
    public static final BcastScatterAllgather INSTANCE = new BcastScatterAllgather();

    @Override
    public boolean splitsPayload() {
        return true;
    }

    @Override
    public String name() {
        return "scatter_allgather";
    }

    @Override
    public Payload bcast(CollChannel ch, Payload value, int root) {
        int p = ch.size();
        if (p == 1) {
            return value;
        }
        int rel = (ch.rank() - root + p) % p;
        List<Payload> blocks = rel == 0 ? Blocks.split(value, p) : null;
        Payload mine = BlockMoves.binomialScatter(ch, blocks, root);
        Payload[] all = new Payload[p];
        all[rel] = mine;
        BlockMoves.ringAllgather(ch.phase(1), all, rel, BlockMoves.rotation(p, root));
        return rel == 0 ? value : Blocks.concat(List.of(all));
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        int lg = CollectiveAlgorithm.ceilLog2(p);
        double scatter = lg * m.alpha() + m.transfer(BlockMoves.fraction(bytes, p));
        return scatter + (p - 1) * m.pointToPoint((double) bytes / p);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        // a binomial scatter, then a ring allgather of the p blocks
        Traffic scatter = ScatterBinomial.INSTANCE.traffic(p, bytes);
        return new Traffic(scatter.messages() + (double) p * (p - 1), scatter.bytes() + (double) bytes * (p - 1), 0);
    }
}
