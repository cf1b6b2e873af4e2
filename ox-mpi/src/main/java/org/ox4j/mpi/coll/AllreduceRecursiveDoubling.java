package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

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
        PowerOfTwoFold fold = PowerOfTwoFold.fold(ch, value, op);
        Payload v = fold.value();
        if (fold.participates()) {
            int r = ch.rank();
            CollChannel x = ch.phase(1);
            for (int mask = 1; mask < fold.pof2(); mask <<= 1) {
                int dst = fold.realRank(fold.newrank() ^ mask);
                Payload t = x.sendRecv(dst, v, dst);
                v = dst < r ? op.apply(t, v) : op.apply(v, t);
            }
        }
        return fold.unfold(ch, v, 2);
    }

    /**
     * For a power-of-two group and an op whose arrays combine in place: the first partner's value comes straight
     * into {@code result} and this rank's is combined into it; each later round sends the buffer itself and takes
     * the partner's into one scratch array of the call. Otherwise through {@link #allreduce} and a copy.
     */
    @Override
    public void allreduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        int p = ch.size();
        if (p == 1 || p != CollectiveAlgorithm.pof2(p) || !op.combinesSlicesInAnyOrder() || !value.isArray()) {
            Algorithms.Allreduce.super.allreduceInto(ch, value, result, op);
            return;
        }
        int r = ch.rank();
        CollChannel x = ch.phase(1);
        x.sendRecvInto(r ^ 1, value, r ^ 1, result);
        op.combineArrays(result, value);
        Payload scratch = p > 2 ? result.zeroedLike() : null;
        for (int mask = 2; mask < p; mask <<= 1) {
            int partner = r ^ mask;
            x.sendRecvInto(partner, result, partner, scratch);
            op.combineArrays(result, scratch);
        }
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

    @Override
    public Traffic traffic(int p, long bytes) {
        int pof2 = CollectiveAlgorithm.pof2(p);
        double extra = PowerOfTwoFold.foldMessages(p);
        return Traffic.reduced((double) pof2 * CollectiveAlgorithm.ceilLog2(pof2) + extra, bytes);
    }
}
