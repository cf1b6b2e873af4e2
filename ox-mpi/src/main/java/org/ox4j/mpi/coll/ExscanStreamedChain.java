package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Streamed chain exclusive scan: the chain of {@link ScanStreamedChain}, where each rank keeps the prefix as it
 * comes from the previous rank and passes it on combined with its own slice. Same cost,
 * <pre>T = (p − 1)·(α + c·(β + γ)) + m·(β + μ + γ)</pre>
 * Commutative element-wise ops on arrays of the same kind and length on every rank; anything else runs
 * {@link ExscanRecursiveDoubling}. Null at rank 0.
 */
public final class ExscanStreamedChain implements Algorithms.Exscan {
    public static final ExscanStreamedChain INSTANCE = new ExscanStreamedChain();

    private ExscanStreamedChain() {
    }

    @Override
    public String name() {
        return "stream_chain";
    }

    @Override
    public boolean supports(ReduceOp op) {
        return op.combinesSlicesInAnyOrder();
    }

    @Override
    public Payload exscan(CollChannel ch, Payload value, ReduceOp op) {
        if (!ScanStreamedChain.streams(ch, value, op)) {
            return ExscanRecursiveDoubling.INSTANCE.exscan(ch, value, op);
        }
        return ScanStreamedChain.prefix(ch, value, op, true, null);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return ScanStreamedChain.predictPrefix(m, p, bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.streams(p - 1, (double) (p - 1) * bytes, (double) (p - 1) * bytes);
    }
}
