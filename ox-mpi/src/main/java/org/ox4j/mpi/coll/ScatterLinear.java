package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/** Linear scatter: the root sends block i to rank i. Cost (p−1)α + n(p−1)/p·β (n = total scattered). */
public final class ScatterLinear implements Algorithms.Scatter {
    public static final ScatterLinear INSTANCE = new ScatterLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public Payload scatter(CollChannel ch, List<Payload> blocks, int root) {
        int p = ch.size();
        if (ch.rank() != root) {
            return ch.recv(root);
        }
        checkBlocks(blocks, p);
        List<Request> rs = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            if (i != root) {
                rs.add(ch.iSend(i, blocks.get(i)));
            }
        }
        ch.waitAll(rs);
        return blocks.get(root);
    }

    static void checkBlocks(List<Payload> blocks, int p) {
        if (blocks == null || blocks.size() != p) {
            throw new CommException("scatter blocks: " + (blocks == null ? "null" : blocks.size()) + " (expected: "
                    + p + ")");
        }
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        // the gather's messages, travelling out
        return GatherLinear.INSTANCE.predict(m, p, bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return GatherLinear.INSTANCE.traffic(p, bytes);
    }
}
