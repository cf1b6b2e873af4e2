package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Pairwise exchange: in step i = 1..p−1 rank r sends its block for (r + i) mod p and receives from
 * (r − i) mod p; one partner per step. Cost (p−1)α + nβ·(p−1)/p (n = bytes a rank sends in total, own block
 * included).
 */
public final class AlltoallPairwise implements Algorithms.Alltoall {
    public static final AlltoallPairwise INSTANCE = new AlltoallPairwise();

    @Override
    public String name() {
        return "pairwise";
    }

    @Override
    public List<Payload> alltoall(CollChannel ch, List<Payload> blocks) {
        int p = ch.size();
        int r = ch.rank();
        ScatterLinear.checkBlocks(blocks, p);
        Payload[] out = new Payload[p];
        out[r] = blocks.get(r);
        for (int i = 1; i < p; i++) {
            int dst = (r + i) % p;
            int src = (r - i + p) % p;
            out[src] = ch.sendRecv(dst, blocks.get(dst), src);
        }
        return List.of(out);
    }

    /** Each step receives straight into its buffer: nothing is allocated for what comes in. */
    @Override
    public void alltoallInto(CollChannel ch, List<Payload> blocks, List<Payload> results) {
        int p = ch.size();
        int r = ch.rank();
        ScatterLinear.checkBlocks(blocks, p);
        blocks.get(r).copyTo(results.get(r));
        for (int i = 1; i < p; i++) {
            int dst = (r + i) % p;
            int src = (r - i + p) % p;
            ch.sendRecvInto(dst, blocks.get(dst), src, results.get(src));
        }
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * m.pointToPoint((double) bytes / p);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.messages((double) p * (p - 1), (double) bytes / p);
    }
}
