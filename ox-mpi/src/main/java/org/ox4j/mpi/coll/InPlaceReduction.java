package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.topo.Tree;

/**
 * A reduction into a receive buffer up a tree, combining in place: what {@link ReduceLinear} (the star) and {@link
 * ReduceBinomial} (the binomial tree) do for ops whose slices combine in any order. A rank with children posts their
 * receives up front, copies its value into its partial result (the caller's buffer at the root, a slot of lent
 * direct memory elsewhere) and combines each child's value into it ({@link ReduceOp#combineArrays}) in
 * {@link Tree#receiveOrder()}, then sends the partial result to its parent; a leaf sends its value. Values that
 * travel as large messages are received into slots of direct memory lent by {@link DirectStaging} (when they fit in
 * the area it keeps) and the partial result is sent from one, with no copy in the JVM; without a buffer each receive
 * made a new array and copied it out of the link's chunk, and each combine through {@link ReduceOp#apply} made
 * another (each zeroed, written and read again).
 */
final class InPlaceReduction {
    private InPlaceReduction() {
    }

    /**
     * The reduction up {@code tree} (this rank's place in it); false, doing nothing, where it does not apply: an op
     * whose slices do not combine in any order, a value that is no array, at the root a result unlike the value or
     * the value itself (the caller then takes its reduction without a buffer, on every rank alike for the op and
     * the value, and the messages are the same).
     */
    static boolean upTree(CollChannel ch, Tree tree, Payload value, Payload result, ReduceOp op) {
        boolean isRoot = tree.isRoot();
        if (!op.combinesSlicesInAnyOrder() || !value.isArray()
                || (isRoot && (!value.sameArrayShape(result) || result.sameMemory(value)))) {
            return false;
        }
        List<Integer> children = tree.receiveOrder();
        if (children.isEmpty() && !isRoot) {
            ch.send(tree.parent(), value);
            return true;
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
            // not given back when the reduction failed: a link may still be writing into it
            DirectStaging.giveBack(memory);
        }
        return true;
    }

    /** Slot {@code i} of {@code n} bytes of the staging {@code memory}, as an array like {@code value}. */
    private static Payload slot(Payload value, ByteBuffer memory, int i, long n) {
        return Payload.ofDirect(value.kind(), memory.slice((int) (i * n), (int) n));
    }
}
