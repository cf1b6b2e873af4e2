package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/**
 * Linear reduce: every rank sends to the root, which combines in rank order. Cost (p−1)(α + nβ + nγ) (receives
 * overlap, combining does not). Any op, including non-commutative ones.
 */
public final class ReduceLinear implements Algorithms.Reduce {
    public static final ReduceLinear INSTANCE = new ReduceLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public Payload reduce(CollChannel ch, Payload value, ReduceOp op, int root) {
        int p = ch.size();
        if (ch.rank() != root) {
            ch.send(root, value);
            return null;
        }
        List<Request> rs = GatherLinear.receivesAtRoot(ch, root);
        Payload acc = null;
        for (int i = 0; i < p; i++) {
            Payload v = i == root ? value : ch.await(rs.get(i)).payload();
            acc = acc == null ? v : op.apply(acc, v);
        }
        return acc;
    }

    /**
     * MPI_Reduce with a receive buffer: for an op whose slices combine in any order ({@link
     * ReduceOp#combinesSlicesInAnyOrder}), the root copies its value into {@code result} and combines every other
     * rank's value into it in place ({@link ReduceOp#combineArrays}), in rank order, as each is taken; where
     * {@link #reduce} makes a new array at every step and the result is copied once more at the end (p − 1 arrays
     * of n bytes, each zeroed, written and read again). Values that travel as large messages are received into
     * direct memory lent by {@link DirectStaging} (p − 1 slots, when they fit in the area it keeps) and combined from
     * there: a receive without a buffer made a new array of each and copied it out of the link's chunk. Other ops, and
     * a result that is the value itself, take {@link #reduce}. The other ranks send either way. Cost as {@link
     * #reduce}.
     */
    @Override
    public void reduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op, int root) {
        boolean inPlace = ch.rank() == root && op.combinesSlicesInAnyOrder() && value.sameArrayShape(result)
                && !result.sameMemory(value);
        if (!inPlace) {
            Algorithms.Reduce.super.reduceInto(ch, value, result, op, root);
            return;
        }
        long n = value.byteSize();
        long slots = (long) (ch.size() - 1) * n;
        boolean staging = DirectStaging.travelsLarge(value) && slots <= DirectStaging.MAX_KEPT_BYTES;
        ByteBuffer memory = staging ? DirectStaging.borrow(slots) : null;
        // with staging, rank i's value goes into slot i, or i − 1 above the root
        List<Request> rs = GatherLinear.receivesAtRoot(ch, root, i -> !staging ? null
                : Payload.ofDirect(value.kind(), memory.slice((int) ((i < root ? i : i - 1) * n), (int) n)));
        value.copyTo(result);
        for (int i = 0; i < ch.size(); i++) {
            if (i != root) {
                op.combineArrays(result, ch.await(rs.get(i)).payload());
            }
        }
        if (staging) {
            DirectStaging.giveBack(memory);
        }
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * (m.pointToPoint(bytes) + m.reduce(bytes));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.reduced(p - 1, bytes);
    }
}
