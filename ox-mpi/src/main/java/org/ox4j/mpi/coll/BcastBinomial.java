package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/**
 * Binomial-tree broadcast (MPICH {@code bcast_intra_binomial}, RFC-102): a rank with relative rank r receives
 * from r − lowbit(r) and sends to r + 2^k for 2^k below lowbit(r). Cost ⌈lg p⌉(α + nβ). Any p, any payload.
 */
public final class BcastBinomial implements Algorithms.Bcast {
    public static final BcastBinomial INSTANCE = new BcastBinomial();

    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public Payload bcast(CollChannel ch, Payload value, int root) {
        int p = ch.size();
        int rel = (ch.rank() - root + p) % p;
        Payload v = value;
        int mask = 1;
        while (mask < p) {
            if ((rel & mask) != 0) {
                v = ch.recv(BlockMoves.abs(rel - mask, root, p));
                break;
            }
            mask <<= 1;
        }
        mask >>= 1;
        List<Request> rs = new ArrayList<>();
        while (mask > 0) {
            if (rel + mask < p) {
                rs.add(ch.iSend(BlockMoves.abs(rel + mask, root, p), v));
            }
            mask >>= 1;
        }
        ch.waitAll(rs);
        return v;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * m.pointToPoint(bytes);
    }
}
