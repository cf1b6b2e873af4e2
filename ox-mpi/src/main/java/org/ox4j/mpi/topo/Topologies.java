package org.ox4j.mpi.topo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.IntUnaryOperator;
import org.ox4j.mpi.topo.Schedule.Block;
import org.ox4j.mpi.topo.Schedule.Transfer;

/**
 * Pure builders for trees and the textbook schedules (Grama et al., ch. 4) on ring, 2-D torus and hypercube
 * views of a group.
 */
public final class Topologies {
    private Topologies() {
    }

    static void checkSize(int p) {
        if (p < 1) {
            throw new IllegalArgumentException("size: " + p + " (expected: >= 1)");
        }
    }

    private static void checkMembers(int size, int root, int rank) {
        checkSize(size);
        if (root < 0 || root >= size) {
            throw new IllegalArgumentException("root: " + root + " (expected: 0.." + (size - 1) + ")");
        }
        if (rank < 0 || rank >= size) {
            throw new IllegalArgumentException("rank: " + rank + " (expected: 0.." + (size - 1) + ")");
        }
    }

    /** The relative rank (rank − root) mod size that trees and chains are built on. */
    public static int relative(int size, int root, int rank) {
        return Math.floorMod(rank - root, size);
    }

    /** The absolute rank of relative rank {@code relative} for {@code root}. */
    public static int absolute(int size, int root, int relative) {
        return Math.floorMod(relative + root, size);
    }

    /**
     * The chain rooted at {@code root} as seen by {@code rank}: relative rank v receives from v − 1 and sends to
     * v + 1 (pipelined and streamed broadcasts run down it, streamed reductions up it). Depth p − 1.
     */
    public static Tree chain(int size, int root, int rank) {
        checkMembers(size, root, rank);
        int v = relative(size, root, rank);
        int parent = v == 0 ? -1 : absolute(size, root, v - 1);
        return new Tree(root, rank, parent, v + 1 < size ? List.of(absolute(size, root, v + 1)) : List.of());
    }

    /**
     * The star rooted at {@code root} as seen by {@code rank}: every other rank is a child of the root (the shape of
     * the linear algorithms), in descending rank order, so that a reduction receives in rank order
     * ({@link Tree#receiveOrder()}). Depth 1.
     */
    public static Tree star(int size, int root, int rank) {
        checkMembers(size, root, rank);
        List<Integer> children = new ArrayList<>();
        if (rank == root) {
            for (int r = size - 1; r >= 0; r--) {
                if (r != root) {
                    children.add(r);
                }
            }
        }
        return new Tree(root, rank, rank == root ? -1 : root, children);
    }

    /**
     * The binomial tree rooted at {@code root} as seen by {@code rank} (RFC-102's broadcast and reduction trees,
     * MPICH's binomial algorithms): with relative rank v = (rank − root) mod
     * p, the parent is v − lowbit(v) and the children are v + 2^k for 2^k < lowbit(v) (largest first, the send
     * order of a binomial broadcast). Depth ⌈lg p⌉.
     */
    public static Tree binomial(int size, int root, int rank) {
        checkMembers(size, root, rank);
        int v = Math.floorMod(rank - root, size);
        int parent = -1;
        int mask = 1;
        while (mask < size) {
            if ((v & mask) != 0) {
                parent = (v - mask + root) % size;
                break;
            }
            mask <<= 1;
        }
        List<Integer> children = new ArrayList<>();
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (v + mask < size) {
                children.add((v + mask + root) % size);
            }
        }
        return new Tree(root, rank, parent, children);
    }

    // ---- all-to-all broadcast ----

    /** Ring allgather: in step s rank r passes block r − s + 1 to r + 1. p − 1 steps. */
    public static Schedule ringAllgather(int p) {
        checkSize(p);
        Ring ring = new Ring(p);
        List<Transfer> ts = new ArrayList<>();
        for (int s = 1; s < p; s++) {
            for (int r = 0; r < p; r++) {
                ts.add(new Transfer(s, r, ring.right(r), List.of(new Block(Math.floorMod(r - s + 1, p), Block.ALL))));
            }
        }
        return new Schedule("ring allgather", Schedule.Kind.ALLGATHER, p, p - 1, ts);
    }

    /**
     * Torus allgather: a ring allgather along each row (cols − 1 steps), then along each column passing whole
     * rows of blocks (rows − 1 steps): 2ts(√p − 1) + tw·m(p − 1) on a square torus.
     */
    public static Schedule torusAllgather(Torus2D t) {
        List<Transfer> ts = new ArrayList<>();
        int p = t.size();
        for (int s = 1; s < t.cols(); s++) {
            for (int r = 0; r < p; r++) {
                int origin = t.rank(t.row(r), t.col(r) - s + 1);
                ts.add(new Transfer(s, r, t.east(r), List.of(new Block(origin, Block.ALL))));
            }
        }
        for (int s = 1; s < t.rows(); s++) {
            for (int r = 0; r < p; r++) {
                int row = t.row(r) - s + 1;
                List<Block> bs = new ArrayList<>();
                for (int c = 0; c < t.cols(); c++) {
                    bs.add(new Block(t.rank(row, c), Block.ALL));
                }
                ts.add(new Transfer(t.cols() - 1 + s, r, t.south(r), bs));
            }
        }
        return new Schedule("torus allgather", Schedule.Kind.ALLGATHER, p, t.rows() + t.cols() - 2, ts);
    }

    /** Hypercube allgather: in step k + 1 partners r ⊕ 2^k swap their aligned 2^k-blocks. lg p steps. */
    public static Schedule hypercubeAllgather(Hypercube h) {
        List<Transfer> ts = new ArrayList<>();
        int p = h.size();
        for (int k = 0; k < h.dimension(); k++) {
            int span = 1 << k;
            for (int r = 0; r < p; r++) {
                int base = r & ~(span - 1);
                List<Block> bs = new ArrayList<>();
                for (int o = base; o < base + span; o++) {
                    bs.add(new Block(o, Block.ALL));
                }
                ts.add(new Transfer(k + 1, r, h.neighbour(r, k), bs));
            }
        }
        return new Schedule("hypercube allgather", Schedule.Kind.ALLGATHER, p, h.dimension(), ts);
    }

    // ---- total exchange ----

    /**
     * Ring total exchange (store and forward): in step s each rank forwards to r + 1 every block still in
     * transit — the p − s blocks that originated at r − s + 1. (ts + tw·m·p/2)(p − 1).
     */
    public static Schedule ringTotalExchange(int p) {
        checkSize(p);
        List<Transfer> ts = new ArrayList<>();
        for (int s = 1; s < p; s++) {
            for (int r = 0; r < p; r++) {
                int o = Math.floorMod(r - s + 1, p);
                List<Block> bs = new ArrayList<>();
                for (int k = s; k < p; k++) {
                    bs.add(new Block(o, (o + k) % p));
                }
                ts.add(new Transfer(s, r, (r + 1) % p, bs));
            }
        }
        return new Schedule("ring total exchange", Schedule.Kind.TOTAL_EXCHANGE, p, p - 1, ts);
    }

    /**
     * Torus total exchange: row phase (blocks travel east to their destination column, cols − 1 steps), then
     * column phase (south to their row, rows − 1 steps); each step forwards everything still in transit.
     */
    public static Schedule torusTotalExchange(Torus2D t) {
        int p = t.size();
        List<Set<Block>> held = initialPersonal(p);
        List<Transfer> ts = new ArrayList<>();
        int step = forwardPhase(ts, held, 0, t.cols() - 1, t::east, (r, b) -> t.col(b.dest()) != t.col(r));
        forwardPhase(ts, held, step, t.rows() - 1, t::south, (r, b) -> t.row(b.dest()) != t.row(r));
        return new Schedule("torus total exchange", Schedule.Kind.TOTAL_EXCHANGE, p, t.rows() + t.cols() - 2, ts);
    }

    /**
     * Hypercube total exchange in lg p phases: in phase k a rank sends its partner r ⊕ 2^k the held blocks whose
     * destination differs from r in bit k (p/2 blocks). (ts + tw·m·p/2)·lg p.
     */
    public static Schedule hypercubeTotalExchange(Hypercube h) {
        int p = h.size();
        List<Set<Block>> held = initialPersonal(p);
        List<Transfer> ts = new ArrayList<>();
        for (int k = 0; k < h.dimension(); k++) {
            int bit = 1 << k;
            forwardPhase(ts, held, k, 1, r -> r ^ bit, (r, b) -> ((b.dest() ^ r) & bit) != 0);
        }
        return new Schedule("hypercube total exchange", Schedule.Kind.TOTAL_EXCHANGE, p, h.dimension(), ts);
    }

    private static List<Set<Block>> initialPersonal(int p) {
        List<Set<Block>> held = new ArrayList<>();
        for (int r = 0; r < p; r++) {
            Set<Block> s = new HashSet<>();
            for (int d = 0; d < p; d++) {
                s.add(new Block(r, d));
            }
            held.add(s);
        }
        return held;
    }

    /** Store-and-forward steps: every rank sends all held blocks that still need to move toward next(r). */
    private static int forwardPhase(List<Transfer> ts, List<Set<Block>> held, int firstStep, int steps,
            IntUnaryOperator next, BiPredicate<Integer, Block> mustMove) {
        int p = held.size();
        for (int s = 1; s <= steps; s++) {
            List<List<Block>> out = new ArrayList<>();
            for (int r = 0; r < p; r++) {
                int rank = r;
                List<Block> bs = held.get(r).stream().filter(b -> mustMove.test(rank, b))
                        .sorted(java.util.Comparator.comparingInt(Block::origin).thenComparingInt(Block::dest))
                        .toList();
                out.add(bs);
            }
            for (int r = 0; r < p; r++) {
                held.get(r).removeAll(out.get(r));
            }
            for (int r = 0; r < p; r++) {
                if (!out.get(r).isEmpty()) {
                    int to = next.applyAsInt(r);
                    ts.add(new Transfer(firstStep + s, r, to, out.get(r)));
                    held.get(to).addAll(out.get(r));
                }
            }
        }
        return firstStep + steps;
    }

    // ---- circular q-shift ----

    /** Ring q-shift: min(q, p − q) neighbour steps in the shorter direction. */
    public static Schedule ringQShift(int p, int q) {
        checkSize(p);
        int s0 = Math.floorMod(q, p);
        boolean forward = s0 <= p - s0;
        int steps = forward ? s0 : p - s0;
        int dir = forward ? 1 : -1;
        List<Transfer> ts = new ArrayList<>();
        for (int s = 1; s <= steps; s++) {
            for (int r = 0; r < p; r++) {
                int origin = Math.floorMod(r - dir * (s - 1), p);
                ts.add(new Transfer(s, r, Math.floorMod(r + dir, p), List.of(new Block(origin, Block.ALL))));
            }
        }
        return new Schedule("ring q-shift " + q, Schedule.Kind.QSHIFT, p, steps, ts);
    }

    /**
     * Torus q-shift (row-major numbering): step 1 shifts along rows by q mod cols; step 2 moves each block along
     * its column to its final row (⌊q/cols⌋ rows, one more for blocks that wrapped past the row end).
     */
    public static Schedule torusQShift(Torus2D t, int q) {
        int p = t.size();
        List<Transfer> ts = new ArrayList<>();
        int rowShift = Math.floorMod(q, p) % t.cols();
        int[] at = new int[p]; // at[origin] = rank holding origin's block after step 1
        for (int r = 0; r < p; r++) {
            int to = t.rank(t.row(r), t.col(r) + rowShift);
            at[r] = to;
            if (to != r) {
                ts.add(new Transfer(1, r, to, List.of(new Block(r, Block.ALL))));
            }
        }
        for (int o = 0; o < p; o++) {
            int target = Math.floorMod(o + q, p);
            if (at[o] != target) {
                ts.add(new Transfer(2, at[o], target, List.of(new Block(o, Block.ALL))));
            }
        }
        return new Schedule("torus q-shift " + q, Schedule.Kind.QSHIFT, p, 2, ts);
    }

    /**
     * Hypercube q-shift of a Gray-embedded ring: the node at ring position i (node G(i)) sends straight to node
     * G(i + q); E-cube routing takes popcount(G(i) ⊕ G(i + q)) hops without congestion. One logical step.
     */
    public static Schedule hypercubeQShift(Hypercube h, int q) {
        int p = h.size();
        List<Transfer> ts = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            int from = GrayCode.encode(i);
            int to = GrayCode.encode(Math.floorMod(i + q, p));
            if (from != to) {
                ts.add(new Transfer(1, from, to, List.of(new Block(from, Block.ALL))));
            }
        }
        return new Schedule("hypercube q-shift " + q, Schedule.Kind.QSHIFT, p, Math.floorMod(q, p) == 0 ? 0 : 1, ts);
    }
}
