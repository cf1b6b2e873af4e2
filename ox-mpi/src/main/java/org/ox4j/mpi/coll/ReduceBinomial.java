package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Tree;

/**
 * Binomial-tree reduce on ranks relative to the root (MPICH {@code reduce_intra_binomial}): a rank with
 * relative rank r receives from r + 2^k while bit k of r is clear, then sends to r − lowbit(r). Cost
 * ⌈lg p⌉(α + nβ + nγ). Commutative ops only (relative numbering rotates the operand order); see
 * {@link ReduceInOrder} otherwise.
 */
public final class ReduceBinomial implements Algorithms.Reduce {
    public static final ReduceBinomial INSTANCE = new ReduceBinomial();

    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public boolean supports(ReduceOp op) {
        return op.isCommutative();
    }

    @Override
    public Payload reduce(CollChannel ch, Payload value, ReduceOp op, int root) {
        return treeReduce(ch, value, op, root);
    }

    /** Binomial reduction towards {@code root}; combines lower relative ranks on the left. */
    static Payload treeReduce(CollChannel ch, Payload value, ReduceOp op, int root) {
        Tree tree = Topologies.binomial(ch.size(), root, ch.rank());
        Payload acc = value;
        for (int child : tree.receiveOrder()) {
            acc = op.apply(acc, ch.recv(child));
        }
        if (tree.isRoot()) {
            return acc;
        }
        ch.send(tree.parent(), acc);
        return null;
    }

    /**
     * MPI_Reduce with a receive buffer, for an op whose slices combine in any order: every rank with children posts
     * their receives up front, into slots of direct memory lent by {@link DirectStaging} when the value travels as a
     * large message, and combines each child's value in place ({@link ReduceOp#combineArrays}) into its partial
     * result, which is the caller's buffer at the root and one more slot elsewhere (sent on from there with no copy
     * in the JVM). {@link #reduce} makes a new array at every combine and receives every child's value into a new
     * array too; on ranks that share cores those allocations (each zeroed, written and read again) are time the
     * whole tree waits for. Other ops, values that are not arrays, and a result that is the value itself take
     * {@link #reduce}. Cost as {@link #reduce}.
     */
    @Override
    public void reduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op, int root) {
        boolean isRoot = ch.rank() == root;
        if (!op.combinesSlicesInAnyOrder() || !value.isArray()
                || (isRoot && (!value.sameArrayShape(result) || result.sameMemory(value)))) {
            Algorithms.Reduce.super.reduceInto(ch, value, result, op, root);
            return;
        }
        Tree tree = Topologies.binomial(ch.size(), root, ch.rank());
        List<Integer> children = tree.receiveOrder();
        if (children.isEmpty() && !isRoot) {
            ch.send(tree.parent(), value);
            return;
        }
        long n = value.byteSize();
        long slots = (children.size() + (isRoot ? 0 : 1)) * n;
        boolean staging = DirectStaging.travelsLarge(value) && slots <= DirectStaging.MAX_KEPT_BYTES;
        ByteBuffer memory = staging ? DirectStaging.borrow(slots) : null;
        List<Request> rs = new ArrayList<>(children.size());
        for (int i = 0; i < children.size(); i++) {
            rs.add(staging ? ch.iRecvInto(children.get(i), slot(value, memory, i, n)) : ch.iRecv(children.get(i)));
        }
        Payload acc = isRoot ? result
                : staging ? slot(value, memory, children.size(), n) : value.zeroedLike();
        value.copyTo(acc);
        for (Request r : rs) {
            op.combineArrays(acc, ch.await(r).payload());
        }
        if (!isRoot) {
            ch.send(tree.parent(), acc);
        }
        if (staging) {
            DirectStaging.giveBack(memory);
        }
    }

    /** Slot {@code i} of {@code n} bytes of the staging {@code memory}, as an array like {@code value}. */
    private static Payload slot(Payload value, ByteBuffer memory, int i, long n) {
        return Payload.ofDirect(value.kind(), memory.slice((int) (i * n), (int) n));
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * (m.pointToPoint(bytes) + m.reduce(bytes));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.reduced(p - 1, bytes);
    }
}
