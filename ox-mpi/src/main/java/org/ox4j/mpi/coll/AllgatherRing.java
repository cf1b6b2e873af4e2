package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/** Ring allgather: p−1 steps, each passing one block to the right. Cost (p−1)α + n(p−1)/p·β (n = total). */
public final class AllgatherRing implements Algorithms.Allgather {
    public static final AllgatherRing INSTANCE = new AllgatherRing();

    @Override
    public String name() {
        return "ring";
    }

    @Override
    public List<Payload> allgather(CollChannel ch, Payload value) {
        int p = ch.size();
        Payload[] blocks = new Payload[p];
        blocks[ch.rank()] = value;
        BlockMoves.ringAllgather(ch, blocks, ch.rank(), BlockMoves.identity(p));
        return List.of(blocks);
    }

    /** Each step receives straight into its buffer and passes on the one filled the step before. */
    @Override
    public void allgatherInto(CollChannel ch, Payload value, List<Payload> results) {
        int p = ch.size();
        int r = ch.rank();
        value.copyTo(results.get(r));
        for (int i = 0; i < p - 1; i++) {
            int sendIdx = (r - i + p) % p;
            int recvIdx = (r - i - 1 + p) % p;
            ch.sendRecvInto((r + 1) % p, i == 0 ? value : results.get(sendIdx), (r - 1 + p) % p,
                    results.get(recvIdx));
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
