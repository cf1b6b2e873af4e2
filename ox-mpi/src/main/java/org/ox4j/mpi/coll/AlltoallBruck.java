package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Bruck (index) alltoall: rotate so slot j holds the block for rank (r + j) mod p; for each bit k send the
 * slots with bit k set to (r + 2^k) mod p and replace them with what (r − 2^k) mod p sends; slot j then holds
 * the block from rank (r − j) mod p. Cost ⌈lg p⌉α + (n/2)⌈lg p⌉β: fewer messages, more bytes — for small blocks.
 */
public final class AlltoallBruck implements Algorithms.Alltoall {
    public static final AlltoallBruck INSTANCE = new AlltoallBruck();

    @Override
    public String name() {
        return "bruck";
    }

    @Override
    public List<Payload> alltoall(CollChannel ch, List<Payload> blocks) {
        int p = ch.size();
        int r = ch.rank();
        ScatterLinear.checkBlocks(blocks, p);
        Payload[] slot = new Payload[p];
        for (int j = 0; j < p; j++) {
            slot[j] = blocks.get((r + j) % p);
        }
        for (int k = 1; k < p; k <<= 1) {
            List<Payload> out = new ArrayList<>();
            List<Integer> idx = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                if ((j & k) != 0) {
                    out.add(slot[j]);
                    idx.add(j);
                }
            }
            List<Payload> in = Blocks.unpack(ch.sendRecv((r + k) % p, Blocks.pack(out), (r - k + p) % p));
            for (int i = 0; i < idx.size(); i++) {
                slot[idx.get(i)] = in.get(i);
            }
        }
        Payload[] result = new Payload[p];
        for (int j = 0; j < p; j++) {
            result[(r - j + p) % p] = slot[j];
        }
        return List.of(result);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        double t = 0;
        for (int k = 1; k < p; k <<= 1) {
            t += m.pointToPoint((double) bytes * blocksMoved(p, k) / p);
        }
        return t;
    }

    /** Blocks a rank sends in the round of distance {@code k}: those whose index has bit k set. */
    private static int blocksMoved(int p, int k) {
        int moved = 0;
        for (int j = 0; j < p; j++) {
            if ((j & k) != 0) {
                moved++;
            }
        }
        return moved;
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        double moved = 0;
        for (int k = 1; k < p; k <<= 1) {
            moved += blocksMoved(p, k);
        }
        return new Traffic((double) p * CollectiveAlgorithm.ceilLog2(p), moved * bytes, 0);
    }
}
