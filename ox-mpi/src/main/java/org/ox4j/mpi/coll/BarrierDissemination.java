package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.SynchronisingWaits;
import org.ox4j.mpi.cost.CostModel;

/**
 * Dissemination barrier (Hensgen, Finkel, Manber): in round k each rank signals (r + 2^k) mod p and waits for
 * (r − 2^k) mod p. Cost ⌈lg p⌉·α (empty messages). Any p. Its waits are {@link SynchronisingWaits}: the members
 * leave closer together.
 */
public final class BarrierDissemination implements Algorithms.Barrier {
    public static final BarrierDissemination INSTANCE = new BarrierDissemination();

    @Override
    public String name() {
        return "dissemination";
    }

    @Override
    public void barrier(CollChannel ch) {
        int p = ch.size();
        int r = ch.rank();
        SynchronisingWaits.during(() -> {
            for (int k = 1; k < p; k <<= 1) {
                ch.sendRecv((r + k) % p, Payload.NONE, (r - k + p) % p);
            }
        });
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * m.pointToPoint(0);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.messages((double) p * CollectiveAlgorithm.ceilLog2(p), 0);
    }
}
