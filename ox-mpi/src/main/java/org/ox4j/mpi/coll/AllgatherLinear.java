package org.ox4j.mpi.coll;

import java.util.Collections;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
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
        // an all-to-all whose every block is this rank's value
        return AlltoallLinear.INSTANCE.alltoall(ch, Collections.nCopies(ch.size(), value));
    }

    @Override
    public void allgatherInto(CollChannel ch, Payload value, List<Payload> results) {
        AlltoallLinear.INSTANCE.alltoallInto(ch, Collections.nCopies(ch.size(), value), results);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        // the same messages as that all-to-all, whose size is what a rank sends, its own block included: n
        return AlltoallLinear.INSTANCE.predict(m, p, bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return AlltoallLinear.INSTANCE.traffic(p, bytes);
    }
}
