package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Schedule.Block;
import org.ox4j.mpi.topo.Schedule;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Torus2D;

/**
 * Total exchange on the most nearly square r × c torus of the group ({@link Topologies#torusTotalExchange}): blocks
 * travel east to their destination column (c − 1 steps), then south to their row (r − 1 steps), each step
 * forwarding everything still in transit. Cost (r + c − 2)(α + nβ/2) (n = bytes a rank sends in total): r + c − 2
 * start-ups instead of pairwise exchange's p − 1, for about (r + c − 2)/2 times the volume, so it wins for small
 * blocks on many ranks. Any p.
 */
public final class AlltoallTorus implements Algorithms.Alltoall {
    public static final AlltoallTorus INSTANCE = new AlltoallTorus();

    @Override
    public String name() {
        return "torus";
    }

    @Override
    public List<Payload> alltoall(CollChannel ch, List<Payload> blocks) {
        int p = ch.size();
        int me = ch.rank();
        ScatterLinear.checkBlocks(blocks, p);
        Map<Block, Payload> mine = new HashMap<>();
        for (int d = 0; d < p; d++) {
            mine.put(new Block(me, d), blocks.get(d));
        }
        Schedule s = Topologies.torusTotalExchange(Torus2D.forSize(p));
        Map<Block, Payload> held = ScheduleRun.run(ch, s, mine);
        List<Payload> out = new ArrayList<>(p);
        for (int o = 0; o < p; o++) {
            out.add(held.get(new Block(o, me)));
        }
        return List.copyOf(out);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        Torus2D t = Torus2D.forSize(p);
        int steps = t.rows() + t.cols() - 2;
        return steps * m.pointToPoint(bytes / 2.0);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        Torus2D t = Torus2D.forSize(p);
        return Traffic.messages((double) p * (t.rows() + t.cols() - 2), bytes / 2.0);
    }
}
