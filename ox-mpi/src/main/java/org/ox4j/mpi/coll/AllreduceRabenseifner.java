package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Rabenseifner allreduce: reduce-scatter by recursive halving, then allgather by recursive doubling (MPICH
 * {@code allreduce_intra_reduce_scatter_allgather}); non-powers of two fold the first 2r ranks first. Cost
 * 2 lg p·α + 2n(p−1)/p·β + n(p−1)/p·γ for p = 2^k; otherwise (2⌊lg p⌋+2)α + (2(p−1)/p+2)nβ + n(1+(p−1)/p)γ.
 * Needs a commutative element-wise op on an array payload; for anything else it runs
 * {@link AllreduceRecursiveDoubling} (every rank decides alike, since op and kind agree across ranks).
 */
public final class AllreduceRabenseifner extends SplittingAllreduce {
    public static final AllreduceRabenseifner INSTANCE = new AllreduceRabenseifner();

    @Override
    public String name() {
        return "rabenseifner";
    }

    @Override
    Payload allreduceBlocks(CollChannel ch, Payload value, ReduceOp op) {
        PowerOfTwoFold fold = PowerOfTwoFold.fold(ch, value, op);
        int pof2 = fold.pof2();
        int newrank = fold.newrank();
        int n = value.count();
        Payload v = fold.value();
        if (fold.participates()) {
            CollChannel x = ch.phase(1);
            int lo = 0;
            int hi = pof2;
            Payload cur = v; // elements [start(lo), start(hi))
            for (int mask = pof2 >> 1; mask > 0; mask >>= 1) {
                int newdst = newrank ^ mask;
                int dst = fold.realRank(newdst);
                int mid = (lo + hi) / 2;
                int keepLo = newrank < newdst ? lo : mid;
                int keepHi = newrank < newdst ? mid : hi;
                int sendLo = newrank < newdst ? mid : lo;
                int sendHi = newrank < newdst ? hi : mid;
                Payload out = sub(cur, n, pof2, lo, sendLo, sendHi);
                Payload kept = sub(cur, n, pof2, lo, keepLo, keepHi);
                Payload in = x.sendRecv(dst, out, dst);
                cur = op.apply(kept, in);
                lo = keepLo;
                hi = keepHi;
            }
            CollChannel y = ch.phase(2);
            for (int mask = 1; mask < pof2; mask <<= 1) {
                int dst = fold.realRank(newrank ^ mask);
                Payload in = y.sendRecv(dst, cur, dst);
                if ((newrank & mask) != 0) {
                    cur = Blocks.concat(List.of(in, cur));
                    lo -= mask;
                } else {
                    cur = Blocks.concat(List.of(cur, in));
                    hi += mask;
                }
            }
            v = cur;
        }
        return fold.unfold(ch, v, 3);
    }

    /** Blocks [from, to) of a payload that holds blocks [lo, ...) of an n-element vector cut into k blocks. */
    private static Payload sub(Payload cur, int n, int k, int lo, int from, int to) {
        int base = Blocks.blockStart(n, k, lo);
        return Blocks.slice(cur, Blocks.blockStart(n, k, from) - base, Blocks.blockStart(n, k, to) - base);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        int pof2 = CollectiveAlgorithm.pof2(p);
        int lg = CollectiveAlgorithm.ceilLog2(pof2);
        double t = 0;
        for (int mask = pof2 >> 1; mask > 0; mask >>= 1) {
            double piece = (double) bytes * mask / pof2;
            t += 2 * m.pointToPoint(piece) + m.reduce(piece);
        }
        if (pof2 != p) {
            t += 2 * m.pointToPoint(bytes) + m.reduce(bytes);
        }
        return lg == 0 ? 0 : t;
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        // a reduce-scatter by halving and an allgather by doubling: 2 lg p messages per rank, each phase moving and
        // (the first) combining n(p − 1)/p bytes per rank
        int pof2 = CollectiveAlgorithm.pof2(p);
        double lg = CollectiveAlgorithm.ceilLog2(pof2);
        double extra = PowerOfTwoFold.foldMessages(p);
        double perPhase = (double) bytes * (pof2 - 1) / Math.max(pof2, 1);
        return new Traffic(2 * pof2 * lg + extra, 2 * pof2 * perPhase + extra * bytes, pof2 * perPhase
                + extra / 2 * bytes);
    }
}
