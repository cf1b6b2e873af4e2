package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/**
 * "Scattered" allgather: every rank posts a receive from each other rank and sends its own block to each, all at
 * once, then waits. No block is forwarded, so no step waits for another rank's previous one; that matters when
 * ranks share cores and each forwarding step of a ring or a doubling waits for a peer to be scheduled. Nominal
 * cost (p−1)α + n(p−1)/p·β (n = gathered bytes), the α terms charged without overlap, as for
 * {@link AlltoallLinear}, since every transfer passes the same host link.
 */
public final class AllgatherLinear implements Algorithms.Allgather {
    public static final AllgatherLinear INSTANCE = new AllgatherLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public List<Payload> allgather(CollChannel ch, Payload value) {
        int p = ch.size();
        int r = ch.rank();
        List<Request> recvs = new ArrayList<>(p - 1);
        List<Request> sends = new ArrayList<>(p - 1);
        for (int i = 1; i < p; i++) {
            recvs.add(ch.iRecv((r - i + p) % p));
        }
        for (int i = 1; i < p; i++) {
            sends.add(ch.iSend((r + i) % p, value));
        }
        Payload[] blocks = new Payload[p];
        blocks[r] = value;
        for (int i = 1; i < p; i++) {
            blocks[(r - i + p) % p] = ch.await(recvs.get(i - 1)).payload();
        }
        ch.waitAll(sends);
        return List.of(blocks);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * m.alpha() + m.transfer(BlockMoves.fraction(bytes, p));
    }
}
