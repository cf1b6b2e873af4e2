package org.ox4j.server.coll;

import java.util.List;
import org.ox4j.server.comm.Payload;
import org.ox4j.server.cost.CostModel;

/**
 * Rabenseifner allreduce: reduce-scatter by recursive halving, then allgather by recursive doubling (MPICH
 * {@code allreduce_intra_reduce_scatter_allgather}); non-powers of two fold the first 2r ranks first. Cost
 * 2 lg p·α + 2n(p−1)/p·β + n(p−1)/p·γ for p = 2^k; otherwise (2⌊lg p⌋+2)α + (2(p−1)/p+2)nβ + n(1+(p−1)/p)γ.
 * Needs a commutative element-wise op on an array payload; for anything else it runs
 * {@link AllreduceRecursiveDoubling} (every rank decides alike, since op and kind agree across ranks).
 */
public final class AllreduceRabenseifner implements Algorithms.Allreduce {
    public static final AllreduceRabenseifner INSTANCE = new AllreduceRabenseifner();

    @Override
    public boolean splitsPayload() {
        return true;
    }

    @Override
    public String name() {
        return "rabenseifner";
    }

    @Override
    public boolean supports(ReduceOp op) {
        return op.isCommutative() && op.isElementwise();
    }

    @Override
    public Payload allreduce(CollChannel ch, Payload value, ReduceOp op) {
        int p = ch.size();
        if (p == 1 || !supports(op) || !value.isArray()) {
            return AllreduceRecursiveDoubling.INSTANCE.allreduce(ch, value, op);
        }
        int r = ch.rank();
        int pof2 = CollectiveAlgorithm.pof2(p);
        int rem = p - pof2;
        int n = value.count();
        Payload v = value;
        int newrank;
        if (r < 2 * rem) {
            if (r % 2 == 0) {
                ch.send(r + 1, v);
                newrank = -1;
            } else {
                v = op.apply(ch.recv(r - 1), v);
                newrank = r / 2;
            }
        } else {
            newrank = r - rem;
        }
        if (newrank >= 0) {
            CollChannel x = ch.phase(1);
            int lo = 0;
            int hi = pof2;
            Payload cur = v; // elements [start(lo), start(hi))
            for (int mask = pof2 >> 1; mask > 0; mask >>= 1) {
                int newdst = newrank ^ mask;
                int dst = newdst < rem ? newdst * 2 + 1 : newdst + rem;
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
                int newdst = newrank ^ mask;
                int dst = newdst < rem ? newdst * 2 + 1 : newdst + rem;
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
        if (r < 2 * rem) {
            CollChannel back = ch.phase(3);
            if (r % 2 == 1) {
                back.send(r - 1, v);
            } else {
                v = back.recv(r + 1);
            }
        }
        return v;
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
}
