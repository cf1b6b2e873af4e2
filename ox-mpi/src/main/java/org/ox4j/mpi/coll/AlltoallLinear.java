package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/**
 * "Scattered" alltoall: post every receive and send at once, then wait. Nominal cost (p−1)α + nβ(p−1)/p, but
 * all transfers contend at each host's link, so the model charges the α terms without overlap.
 */
public final class AlltoallLinear implements Algorithms.Alltoall {
    public static final AlltoallLinear INSTANCE = new AlltoallLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public List<Payload> alltoall(CollChannel ch, List<Payload> blocks) {
        int p = ch.size();
        int r = ch.rank();
        ScatterLinear.checkBlocks(blocks, p);
        List<Request> recvs = new ArrayList<>();
        for (int i = 1; i < p; i++) {
            recvs.add(ch.iRecv((r - i + p) % p));
        }
        List<Request> sends = postSends(ch, blocks);
        Payload[] out = new Payload[p];
        out[r] = blocks.get(r);
        for (int i = 1; i < p; i++) {
            out[(r - i + p) % p] = ch.await(recvs.get(i - 1)).payload();
        }
        ch.waitAll(sends);
        return List.of(out);
    }

    /** Every receive is posted into its buffer: nothing is allocated for what comes in. */
    @Override
    public void alltoallInto(CollChannel ch, List<Payload> blocks, List<Payload> results) {
        int p = ch.size();
        int r = ch.rank();
        ScatterLinear.checkBlocks(blocks, p);
        List<Request> recvs = new ArrayList<>();
        for (int i = 1; i < p; i++) {
            int src = (r - i + p) % p;
            recvs.add(ch.iRecvInto(src, results.get(src)));
        }
        List<Request> sends = postSends(ch, blocks);
        blocks.get(r).copyTo(results.get(r));
        ch.waitAll(recvs);
        ch.waitAll(sends);
    }

    /** Starts the sends of every block but this rank's own, nearest right neighbour first. */
    private static List<Request> postSends(CollChannel ch, List<Payload> blocks) {
        int p = ch.size();
        int r = ch.rank();
        List<Request> sends = new ArrayList<>();
        for (int i = 1; i < p; i++) {
            int dst = (r + i) % p;
            sends.add(ch.iSend(dst, blocks.get(dst)));
        }
        return sends;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * m.alpha() + m.transfer(BlockMoves.fraction(bytes, p));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.messages((double) p * (p - 1), (double) bytes / p);
    }
}
