package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Schedule.Block;
import org.ox4j.mpi.topo.Schedule;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Torus2D;

/**
 * Allgather on the most nearly square r × c torus of the group ({@link Topologies#torusAllgather}): a ring
 * allgather along each row (c − 1 steps), then along each column passing whole rows (r − 1 steps). Cost
 * (r + c − 2)α + nβ(p − 1)/p (n = total gathered bytes): fewer start-ups than the ring's p − 1 for the same volume,
 * which pays for mid-size messages on many ranks. Any p (a prime p is a 1 × p ring).
 */
public final class AllgatherTorus implements Algorithms.Allgather {
    public static final AllgatherTorus INSTANCE = new AllgatherTorus();

    @Override
    public String name() {
        return "torus";
    }

    @Override
    public List<Payload> allgather(CollChannel ch, Payload value) {
        int p = ch.size();
        Schedule s = Topologies.torusAllgather(Torus2D.forSize(p));
        Map<Block, Payload> held = ScheduleRun.run(ch, s, Map.of(new Block(ch.rank(), Block.ALL), value));
        List<Payload> out = new ArrayList<>(p);
        for (int r = 0; r < p; r++) {
            out.add(held.get(new Block(r, Block.ALL)));
        }
        return List.copyOf(out);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        Torus2D t = Torus2D.forSize(p);
        int steps = t.rows() + t.cols() - 2;
        return steps * m.pointToPoint(0) + (m.pointToPoint((double) bytes) - m.pointToPoint(0)) * (p - 1) / p;
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        Torus2D t = Torus2D.forSize(p);
        return new Traffic((double) p * (t.rows() + t.cols() - 2), (double) bytes * (p - 1), 0);
    }
}
