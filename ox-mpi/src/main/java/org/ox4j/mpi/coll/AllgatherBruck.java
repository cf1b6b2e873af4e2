package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Bruck allgather: in step k (distance 2^k) each rank sends the first min(2^k, p − 2^k) blocks it holds to
 * rank − 2^k and appends what rank + 2^k sends; a final rotation puts blocks in rank order. Cost
 * ⌈lg p⌉α + n(p−1)/p·β, any p.
 */
public final class AllgatherBruck implements Algorithms.Allgather {
    public static final AllgatherBruck INSTANCE = new AllgatherBruck();

    @Override
    public String name() {
        return "bruck";
    }

    @Override
    public List<Payload> allgather(CollChannel ch, Payload value) {
        int p = ch.size();
        int r = ch.rank();
        List<Payload> held = new ArrayList<>(p); // held.get(j) = block of rank (r + j) mod p
        held.add(value);
        for (int k = 1; k < p; k <<= 1) {
            int cnt = Math.min(k, p - k);
            Payload out = Blocks.pack(held.subList(0, cnt));
            held.addAll(Blocks.unpack(ch.sendRecv((r - k + p) % p, out, (r + k) % p)));
        }
        Payload[] ordered = new Payload[p];
        for (int j = 0; j < p; j++) {
            ordered[(r + j) % p] = held.get(j);
        }
        return List.of(ordered);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        double t = 0;
        for (int k = 1; k < p; k <<= 1) {
            t += m.pointToPoint((double) bytes * Math.min(k, p - k) / p);
        }
        return t;
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        // every rank sends ⌈lg p⌉ messages; the blocks it passes on add up to the p − 1 others'
        int lg = CollectiveAlgorithm.ceilLog2(p);
        return new Traffic((double) p * lg, (double) bytes * (p - 1), 0);
    }
}
