package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Recursive-doubling allgather: partners at distance 1, 2, 4, … exchange everything they hold. Cost
 * lg p·α + n(p−1)/p·β for p = 2^k. Other p: the r = p − 2^⌊lg p⌋ highest ranks first hand their block to
 * rank − 2^⌊lg p⌋ and get the full result back at the end (two extra steps).
 */
public final class AllgatherRecursiveDoubling implements Algorithms.Allgather {
    public static final AllgatherRecursiveDoubling INSTANCE = new AllgatherRecursiveDoubling();

    @Override
    public String name() {
        return "recursive_doubling";
    }

    @Override
    public List<Payload> allgather(CollChannel ch, Payload value) {
        int p = ch.size();
        int r = ch.rank();
        int pof2 = CollectiveAlgorithm.pof2(p);
        Payload[] all = new Payload[p];
        all[r] = value;
        if (r >= pof2) {
            ch.send(r - pof2, value);
            List<Payload> back = Blocks.unpack(ch.phase(2).recv(r - pof2));
            return back;
        }
        if (r + pof2 < p) {
            all[r + pof2] = ch.recv(r + pof2);
        }
        CollChannel x = ch.phase(1);
        for (int mask = 1; mask < pof2; mask <<= 1) {
            int dst = r ^ mask;
            // I hold the blocks of ranks in my aligned group of size mask (and their extras)
            int base = r & ~(mask - 1);
            List<Payload> mine = new ArrayList<>();
            List<Integer> idx = new ArrayList<>();
            for (int i = base; i < base + mask; i++) {
                mine.add(all[i]);
                idx.add(i);
                if (i + pof2 < p) {
                    mine.add(all[i + pof2]);
                    idx.add(i + pof2);
                }
            }
            List<Payload> in = Blocks.unpack(x.sendRecv(dst, Blocks.pack(mine), dst));
            int obase = dst & ~(mask - 1);
            int k = 0;
            for (int i = obase; i < obase + mask; i++) {
                all[i] = in.get(k++);
                if (i + pof2 < p) {
                    all[i + pof2] = in.get(k++);
                }
            }
        }
        List<Payload> result = Arrays.asList(all);
        if (r + pof2 < p) {
            ch.phase(2).send(r + pof2, Blocks.pack(result));
        }
        return List.copyOf(result);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        int pof2 = CollectiveAlgorithm.pof2(p);
        double t = 0;
        for (int mask = 1; mask < pof2; mask <<= 1) {
            t += m.pointToPoint((double) bytes * mask / p);
        }
        if (pof2 != p) {
            t += m.pointToPoint((double) bytes / p) + m.pointToPoint(bytes);
        }
        return t;
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        // the ranks beyond a power of two send their block in and get the whole back
        int pof2 = CollectiveAlgorithm.pof2(p);
        double extra = PowerOfTwoFold.foldMessages(p);
        return new Traffic((double) pof2 * CollectiveAlgorithm.ceilLog2(pof2) + extra,
                (double) bytes * (p - 1) + extra * bytes, 0);
    }
}
