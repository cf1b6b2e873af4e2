package org.ox4j.mpi.topo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One rank's place in a spanning tree of a group: its parent (−1 at the root) and its children in send order (a
 * broadcast sends to them in this order; a reduction or a gather receives from them in {@link #receiveOrder()},
 * the reverse, smallest subtree first, so a rank combines what is ready first).
 */
public record Tree(int root, int rank, int parent, List<Integer> children) {
    public Tree {
        children = List.copyOf(children);
    }

    /** True at the root. */
    public boolean isRoot() {
        return parent < 0;
    }

    /** The children in the order a reduction or a gather receives from them: the reverse of the send order. */
    public List<Integer> receiveOrder() {
        List<Integer> r = new ArrayList<>(children);
        Collections.reverse(r);
        return List.copyOf(r);
    }
}
