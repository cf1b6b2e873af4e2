package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;

/**
 * The common frame of the allreduce algorithms that cut the vector into blocks (ring, Rabenseifner): they need a
 * commutative element-wise op on an array payload, and hand everything else (and a group of one) to
 * {@link AllreduceRecursiveDoubling}. Every rank decides alike, since op and payload kind agree across ranks.
 */
abstract class SplittingAllreduce implements Algorithms.Allreduce {
    @Override
    public final boolean splitsPayload() {
        return true;
    }

    @Override
    public final boolean supports(ReduceOp op) {
        return op.combinesSlicesInAnyOrder();
    }

    @Override
    public final Payload allreduce(CollChannel ch, Payload value, ReduceOp op) {
        if (ch.size() == 1 || !supports(op) || !value.isArray()) {
            return AllreduceRecursiveDoubling.INSTANCE.allreduce(ch, value, op);
        }
        return allreduceBlocks(ch, value, op);
    }

    @Override
    public final void allreduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        if (ch.size() == 1 || !supports(op) || !value.isArray()) {
            AllreduceRecursiveDoubling.INSTANCE.allreduceInto(ch, value, result, op);
        } else {
            allreduceBlocksInto(ch, value, result, op);
        }
    }

    /** The block algorithm proper: {@code p > 1}, a supported op and an array payload. */
    abstract Payload allreduceBlocks(CollChannel ch, Payload value, ReduceOp op);

    /**
     * The block algorithm into a receive buffer; here through {@link #allreduceBlocks} and a copy (and one of a
     * value in direct memory into a Java array first, which the reductions read).
     */
    void allreduceBlocksInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        allreduceBlocks(ch, value.onHeap(), op).copyTo(result);
    }
}
