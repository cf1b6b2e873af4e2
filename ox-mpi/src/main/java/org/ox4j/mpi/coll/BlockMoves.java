package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Tree;

/**
 * Building blocks shared by several algorithms: binomial scatter and gather of block ranges, and the ring
 * allgather. Ranks are "relative" ({@code (rank - root) mod p}) where a root is involved.
 */
final class BlockMoves {
    private BlockMoves() {
    }

    /**
     * Binomial scatter: the root holds {@code blocks} indexed by relative rank; returns this rank's block. A
     * rank with lowest set bit m receives blocks [rel, rel+m) from rel−m and forwards halves to rel+m/2, ….
     */
    static Payload binomialScatter(CollChannel ch, List<Payload> blocks, int root) {
        int p = ch.size();
        Tree tree = Topologies.binomial(p, root, ch.rank());
        int rel = Topologies.relative(p, root, ch.rank());
        List<Payload> held = tree.isRoot() ? blocks : Blocks.unpack(ch.recv(tree.parent()));
        List<Request> sends = new ArrayList<>();
        for (int child : tree.children()) {
            // the child's subtree is the relative ranks [child, child + m) with m = child − rel, cut at p
            int m = Topologies.relative(p, root, child) - rel;
            sends.add(ch.iSend(child, Blocks.pack(held.subList(m, Math.min(2 * m, p - rel)))));
        }
        ch.waitAll(sends);
        return held.get(0);
    }

    /** Binomial gather: returns all blocks in relative order at the root, null elsewhere. */
    static List<Payload> binomialGather(CollChannel ch, Payload mine, int root) {
        Tree tree = Topologies.binomial(ch.size(), root, ch.rank());
        List<Payload> held = new ArrayList<>();
        held.add(mine);
        for (int child : tree.receiveOrder()) {
            held.addAll(Blocks.unpack(ch.recv(child)));
        }
        if (tree.isRoot()) {
            return held;
        }
        ch.send(tree.parent(), Blocks.pack(held));
        return null;
    }

    /**
     * Ring allgather over a logical ring whose position i is communicator rank {@code order[i]}: on entry
     * {@code blocks[me]} is set; after p−1 steps all are.
     */
    static Payload[] ringAllgather(CollChannel ch, Payload[] blocks, int me, int[] order) {
        int p = order.length;
        int right = order[(me + 1) % p];
        int left = order[(me - 1 + p) % p];
        for (int i = 0; i < p - 1; i++) {
            int sendIdx = (me - i + p) % p;
            int recvIdx = (me - i - 1 + p) % p;
            blocks[recvIdx] = ch.sendRecv(right, blocks[sendIdx], left);
        }
        return blocks;
    }

    static int[] rotation(int p, int root) {
        int[] order = new int[p];
        for (int i = 0; i < p; i++) {
            order[i] = (i + root) % p;
        }
        return order;
    }

    static int[] identity(int p) {
        int[] order = new int[p];
        Arrays.setAll(order, i -> i);
        return order;
    }

    /** Wire bytes of n(p−1)/p. */
    static double fraction(long bytes, int p) {
        return (double) bytes * (p - 1) / p;
    }

    /**
     * Bytes a binomial scatter or gather of {@code bytes} in all moves, summed over its messages: the message to or
     * from relative rank r carries r's subtree, min(lowbit(r), p − r) blocks of bytes/p.
     */
    static double binomialBytes(int p, long bytes) {
        double blocks = 0;
        for (int r = 1; r < p; r++) {
            blocks += Math.min(Integer.lowestOneBit(r), p - r);
        }
        return blocks * bytes / p;
    }
}
