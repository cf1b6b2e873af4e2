package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.SynchronisingWaits;
import org.ox4j.mpi.cost.CostModel;

/**
 * Linear barrier (fan-in and fan-out at rank 0): every other rank signals rank 0 and waits for its release; rank 0
 * takes the p − 1 signals in any order of arrival and then releases each rank in turn ({@link GatherLinear} and
 * {@link BcastLinear} of an empty message on the same call's channel: signals and releases go opposite ways). Cost
 * 2(p−1)·T(0) on the critical path (rank 0 handles every message), 2(p−1) empty messages in all.
 *
 * <p>Why next to {@link BarrierDissemination} (⌈lg p⌉ rounds, p⌈lg p⌉ messages): where ranks outnumber the cores
 * they share, every message costs those cores a send, a receive and often a wake-up, and a round ends only when all
 * p ranks have had a core. Eight ranks on two cores: 14 messages against 24, and the ranks leave within the time rank
 * 0 takes to send seven empty messages instead of the spread of three rounds of scheduling. Five alternated runs at
 * p = 8, each cell timed after the barrier: the 8 B bcast 0.12–0.18 ms against 0.18–0.26 after the dissemination
 * barrier, the 8 B allreduce 0.18–0.26 against 0.30–0.45, the 8 B reduce, whose root now leaves first and waits for
 * the rest, unchanged (0.18–0.24 against 0.16–0.24; benchmarks/results/messaging-2026-12-06.md, part 12). Its waits
 * are {@link SynchronisingWaits}, as the dissemination barrier's.
 */
public final class BarrierLinear implements Algorithms.Barrier {
    public static final BarrierLinear INSTANCE = new BarrierLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public void barrier(CollChannel ch) {
        SynchronisingWaits.during(() -> {
            // the signals are a gather of nothing, the releases a linear broadcast of nothing
            GatherLinear.INSTANCE.gather(ch, Payload.NONE, 0);
            BcastLinear.INSTANCE.bcast(ch, Payload.NONE, 0);
        });
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return 2 * (p - 1) * m.pointToPoint(0);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.messages(2.0 * (p - 1), 0);
    }
}
