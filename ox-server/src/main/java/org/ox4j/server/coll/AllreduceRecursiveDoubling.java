package org.ox4j.server.coll;

import org.ox4j.server.comm.Payload;
import org.ox4j.server.cost.CostModel;

/**
 * Recursive-doubling allreduce (MPICH {@code allreduce_intra_recursive_doubling}). With p' = 2^⌊lg p⌋ and
 * r = p − p', ranks below 2r fold pairwise (even into odd), the p' survivors exchange with partners at distance
 * 1, 2, 4, …, then results are copied back. Partners' values are combined lower-rank-first, so non-commutative
 * associative ops are correct. Cost ⌈lg p⌉(α + nβ + nγ) for p = 2^k, plus 2(α + nβ) otherwise.
 */
public final class AllreduceRecursiveDoubling implements Algorithms.Allreduce {
    public static final AllreduceRecursiveDoubling INSTANCE = new AllreduceRecursiveDoubling();

    @Override
    public String name() {
        return "recursive_doubling";
    }

    @Override
    public Payload allreduce(CollChannel ch, Payload value, ReduceOp op) {
        int p = ch.size();
        int r = ch.rank();
        int pof2 = CollectiveAlgorithm.pof2(p);
        int rem = p - pof2;
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
            for (int mask = 1; mask < pof2; mask <<= 1) {
                int newdst = newrank ^ mask;
                int dst = newdst < rem ? newdst * 2 + 1 : newdst + rem;
                Payload t = x.sendRecv(dst, v, dst);
                v = dst < r ? op.apply(t, v) : op.apply(v, t);
            }
        }
        if (r < 2 * rem) {
            CollChannel back = ch.phase(2);
            if (r % 2 == 1) {
                back.send(r - 1, v);
            } else {
                v = back.recv(r + 1);
            }
        }
        return v;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        int lg = CollectiveAlgorithm.ceilLog2(CollectiveAlgorithm.pof2(p));
        double t = lg * (m.pointToPoint(bytes) + m.reduce(bytes));
        if (p != CollectiveAlgorithm.pof2(p)) {
            t += 2 * m.pointToPoint(bytes) + m.reduce(bytes);
        }
        return t;
    }
}
