package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Ring allreduce: ring reduce-scatter (p−1 steps, each rank combines one block from its left neighbour), then
 * ring allgather (p−1 steps). Bandwidth-optimal, neighbour traffic only. Cost 2(p−1)α + 2n(p−1)/p·β +
 * n(p−1)/p·γ. Needs a commutative element-wise op on an array payload; otherwise runs
 * {@link AllreduceRecursiveDoubling}.
 */
public final class AllreduceRing extends SplittingAllreduce {
    public static final AllreduceRing INSTANCE = new AllreduceRing();

    @Override
    public String name() {
        return "ring";
    }

    @Override
    Payload allreduceBlocks(CollChannel ch, Payload value, ReduceOp op) {
        int p = ch.size();
        int r = ch.rank();
        int right = (r + 1) % p;
        int left = (r - 1 + p) % p;
        Payload[] blocks = Blocks.split(value, p).toArray(new Payload[0]);
        for (int i = 0; i < p - 1; i++) {
            int sendIdx = (r - i + p) % p;
            int recvIdx = (r - i - 1 + p) % p;
            Payload in = ch.sendRecv(right, blocks[sendIdx], left);
            blocks[recvIdx] = op.apply(blocks[recvIdx], in);
        }
        CollChannel ag = ch.phase(1);
        for (int i = 0; i < p - 1; i++) {
            int sendIdx = (r - i + 1 + p) % p;
            int recvIdx = (r - i + p) % p;
            blocks[recvIdx] = ag.sendRecv(right, blocks[sendIdx], left);
        }
        return Blocks.concat(List.of(blocks));
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        double block = (double) bytes / p;
        return 2 * (p - 1) * m.pointToPoint(block) + (p - 1) * m.reduce(block);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        double block = (double) bytes / p;
        return new Traffic(2.0 * p * (p - 1), 2.0 * p * (p - 1) * block, (double) p * (p - 1) * block);
    }
}
