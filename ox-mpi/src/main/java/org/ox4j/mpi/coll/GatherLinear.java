package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/** Linear gather: everyone sends to the root. Cost (p−1)α + n(p−1)/p·β (n = total gathered). */
public final class GatherLinear implements Algorithms.Gather {
    public static final GatherLinear INSTANCE = new GatherLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public List<Payload> gather(CollChannel ch, Payload value, int root) {
        int p = ch.size();
        if (ch.rank() != root) {
            ch.send(root, value);
            return null;
        }
        List<Request> rs = receivesAtRoot(ch, root);
        List<Payload> out = new ArrayList<>(p);
        for (int i = 0; i < p; i++) {
            out.add(i == root ? value : ch.await(rs.get(i)).payload());
        }
        return out;
    }

    /**
     * At the root, posts one receive from every other rank up front so that they arrive in any order; entry i is
     * rank i's receive, null at the root's own index. Shared with {@link ReduceLinear}.
     */
    static List<Request> receivesAtRoot(CollChannel ch, int root) {
        return receivesAtRoot(ch, root, i -> null);
    }

    /**
     * As {@link #receivesAtRoot(CollChannel, int)}, rank i's message received into {@code bufferOf.apply(i)} (null:
     * a new array); shared with {@link AllgatherGatherBcast}.
     */
    static List<Request> receivesAtRoot(CollChannel ch, int root, IntFunction<Payload> bufferOf) {
        List<Request> rs = new ArrayList<>();
        for (int i = 0; i < ch.size(); i++) {
            Payload buffer = i == root ? null : bufferOf.apply(i);
            rs.add(i == root ? null : buffer == null ? ch.iRecv(i) : ch.iRecvInto(i, buffer));
        }
        return rs;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * m.alpha() + m.transfer(BlockMoves.fraction(bytes, p));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return new Traffic(p - 1, BlockMoves.fraction(bytes, p), 0);
    }
}
