package org.ox4j.mpi.topo;

import java.util.List;

/** One rank's place in a spanning tree: its parent (−1 at the root) and children, in send order. */
public record Tree(int root, int rank, int parent, List<Integer> children) {
    public Tree {
        children = List.copyOf(children);
    }
}
