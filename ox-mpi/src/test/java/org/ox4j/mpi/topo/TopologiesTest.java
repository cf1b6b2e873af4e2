package org.ox4j.mpi.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.ox4j.mpi.topo.Schedule.Block;
import org.ox4j.mpi.topo.Schedule.Transfer;

class TopologiesTest {
    private static final int MAX = 33;

    static int ceilLog2(int p) {
        return p <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(p - 1);
    }

    @Test
    void eightMembersRootZeroGiveTheRfc102Tree() {
        assertThat(Topologies.binomial(8, 0, 0).children()).containsExactly(4, 2, 1);
        assertThat(Topologies.binomial(8, 0, 4).children()).containsExactly(6, 5);
        assertThat(Topologies.binomial(8, 0, 6).children()).containsExactly(7);
        assertThat(Topologies.binomial(8, 0, 7).children()).isEmpty();
        assertThat(Topologies.binomial(8, 0, 7).parent()).isEqualTo(6);
        assertThat(Topologies.binomial(8, 0, 6).parent()).isEqualTo(4);
        assertThat(Topologies.binomial(8, 0, 0).isRoot()).isTrue();
    }

    @Test
    void theStarHangsEveryRankFromTheRootAndReceivesInRankOrder() {
        assertThat(Topologies.star(5, 2, 2).receiveOrder()).containsExactly(0, 1, 3, 4);
        assertThat(Topologies.star(5, 2, 2).isRoot()).isTrue();
        assertThat(Topologies.star(5, 2, 4).parent()).isEqualTo(2);
        assertThat(Topologies.star(5, 2, 4).children()).isEmpty();
        assertThat(Topologies.star(1, 0, 0).children()).isEmpty();
    }

    @Test
    void rootThreeOfFiveWorksOnRelativeRanks() {
        // relative ranks 0..4 are absolute 3, 4, 0, 1, 2; a reduction receives smallest subtree first
        assertThat(Topologies.binomial(5, 3, 3).children()).containsExactly(2, 0, 4);
        assertThat(Topologies.binomial(5, 3, 3).receiveOrder()).containsExactly(4, 0, 2);
        assertThat(Topologies.binomial(5, 3, 2).parent()).isEqualTo(3);
        assertThat(Topologies.binomial(5, 3, 1).parent()).isEqualTo(0);
        assertThat(Topologies.chain(5, 3, 3).children()).containsExactly(4);
        assertThat(Topologies.chain(5, 3, 2).children()).isEmpty();
        assertThat(Topologies.chain(5, 3, 0).parent()).isEqualTo(4);
    }

    @Test
    void treesRejectMembersOutsideTheGroup() {
        assertThatThrownBy(() -> Topologies.binomial(4, 4, 0)).hasMessageContaining("root: 4");
        assertThatThrownBy(() -> Topologies.binomial(0, 0, 0)).hasMessageContaining("size: 0");
        assertThatThrownBy(() -> Topologies.chain(3, 0, -1)).hasMessageContaining("rank: -1");
    }

    @Test
    void binomialTreesReachEveryRankOnceWithSymmetricLinksAndLogDepth() {
        for (int p = 1; p <= MAX; p++) {
            for (int root = 0; root < p; root++) {
                Tree[] trees = new Tree[p];
                for (int r = 0; r < p; r++) {
                    trees[r] = Topologies.binomial(p, root, r);
                }
                assertThat(trees[root].parent()).isEqualTo(-1);
                for (int r = 0; r < p; r++) {
                    for (int c : trees[r].children()) {
                        assertThat(trees[c].parent()).as("p=%d root=%d child %d of %d", p, root, c, r).isEqualTo(r);
                    }
                    if (r != root) {
                        assertThat(trees[trees[r].parent()].children()).contains(r);
                    }
                }
                int[] depth = new int[p];
                int[] round = new int[p]; // one-port broadcast round in which a rank receives (children in order)
                int maxRound = 0;
                Set<Integer> seen = new HashSet<>();
                ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(root));
                seen.add(root);
                int maxDepth = 0;
                while (!queue.isEmpty()) {
                    int r = queue.poll();
                    int i = 0;
                    for (int c : trees[r].children()) {
                        round[c] = round[r] + ++i;
                        maxRound = Math.max(maxRound, round[c]);
                        assertThat(seen.add(c)).as("p=%d root=%d: %d reached twice", p, root, c).isTrue();
                        depth[c] = depth[r] + 1;
                        maxDepth = Math.max(maxDepth, depth[c]);
                        queue.add(c);
                    }
                }
                assertThat(seen).hasSize(p);
                assertThat(maxRound).as("broadcast rounds p=%d", p).isEqualTo(ceilLog2(p));
                // tree height in edges: a relative rank v sits popcount(v) edges below the root
                int height = 0;
                for (int v = 0; v < p; v++) {
                    height = Math.max(height, Integer.bitCount(v));
                }
                assertThat(maxDepth).as("height p=%d", p).isEqualTo(height).isLessThanOrEqualTo(ceilLog2(p));
            }
        }
    }

    @Test
    void grayCodeEmbedsRingsAndMeshesInHypercubesWithDilationOne() {
        for (int d = 0; d <= 5; d++) {
            int p = 1 << d;
            Set<Integer> nodes = new HashSet<>();
            for (int i = 0; i < p; i++) {
                int g = GrayCode.ringToHypercube(i);
                assertThat(g).isBetween(0, p - 1);
                assertThat(GrayCode.decode(g)).isEqualTo(i);
                nodes.add(g);
                if (p > 1) {
                    int next = GrayCode.ringToHypercube((i + 1) % p);
                    assertThat(Integer.bitCount(g ^ next)).as("ring neighbours %d,%d in %d-cube", i, i + 1, d)
                            .isEqualTo(1);
                }
            }
            assertThat(nodes).hasSize(p);
        }
        for (int rb = 0; rb <= 3; rb++) {
            for (int cb = 0; cb + rb <= 5; cb++) {
                Torus2D t = new Torus2D(1 << rb, 1 << cb);
                Set<Integer> nodes = new HashSet<>();
                for (int r = 0; r < t.size(); r++) {
                    int g = GrayCode.meshToHypercube(t.row(r), t.col(r), cb);
                    nodes.add(g);
                    for (int nb : new int[] {t.east(r), t.south(r)}) {
                        if (nb != r) {
                            int gn = GrayCode.meshToHypercube(t.row(nb), t.col(nb), cb);
                            assertThat(Integer.bitCount(g ^ gn)).as("torus %dx%d", t.rows(), t.cols()).isEqualTo(1);
                        }
                    }
                }
                assertThat(nodes).hasSize(t.size());
            }
        }
    }

    @Test
    void viewsHaveConsistentNeighbours() {
        for (int p = 1; p <= MAX; p++) {
            Ring ring = new Ring(p);
            Torus2D t = Torus2D.forSize(p);
            assertThat(t.size()).isEqualTo(p);
            assertThat(t.rows()).isLessThanOrEqualTo(t.cols());
            for (int r = 0; r < p; r++) {
                assertThat(ring.left(ring.right(r))).isEqualTo(r);
                assertThat(t.west(t.east(r))).isEqualTo(r);
                assertThat(t.north(t.south(r))).isEqualTo(r);
                assertThat(t.rank(t.row(r), t.col(r))).isEqualTo(r);
            }
            if (Integer.bitCount(p) == 1) {
                Hypercube h = Hypercube.forSize(p);
                for (int r = 0; r < p; r++) {
                    for (int k = 0; k < h.dimension(); k++) {
                        assertThat(h.neighbour(h.neighbour(r, k), k)).isEqualTo(r);
                        assertThat(h.distance(r, h.neighbour(r, k))).isEqualTo(1);
                    }
                }
            }
        }
    }

    /** Replays a schedule and checks one-port steps, that senders hold what they send, and the final state. */
    static void simulate(Schedule s, IntFunction<Set<Block>> expectedFinal) {
        int p = s.size();
        List<Set<Block>> held = new ArrayList<>();
        for (int r = 0; r < p; r++) {
            Set<Block> h = new HashSet<>();
            if (s.kind() == Schedule.Kind.TOTAL_EXCHANGE) {
                for (int d = 0; d < p; d++) {
                    h.add(new Block(r, d));
                }
            } else {
                h.add(new Block(r, Block.ALL));
            }
            held.add(h);
        }
        int last = 0;
        for (int step = 1; step <= s.steps(); step++) {
            int st = step;
            List<Transfer> now = s.transfers().stream().filter(t -> t.step() == st).toList();
            Map<Integer, Integer> sends = new HashMap<>();
            Map<Integer, Integer> recvs = new HashMap<>();
            for (Transfer t : now) {
                // plain checks: this loop runs ~10^6 times over all schedules
                check(sends.merge(t.from(), 1, Integer::sum) == 1, s, step, "two sends by " + t.from());
                check(recvs.merge(t.to(), 1, Integer::sum) == 1, s, step, "two receives by " + t.to());
                check(held.get(t.from()).containsAll(t.blocks()), s, step, t.from() + " sends blocks it lacks");
                check(t.to() != t.from(), s, step, "self transfer");
            }
            List<Set<Block>> next = new ArrayList<>();
            for (Set<Block> h : held) {
                next.add(new HashSet<>(h));
            }
            for (Transfer t : now) {
                if (s.kind() != Schedule.Kind.ALLGATHER) {
                    next.get(t.from()).removeAll(t.blocks());
                }
            }
            for (Transfer t : now) {
                for (Block b : t.blocks()) {
                    if (s.kind() == Schedule.Kind.ALLGATHER) {
                        check(!held.get(t.to()).contains(b), s, step, b + " reaches " + t.to() + " twice");
                    }
                    next.get(t.to()).add(b);
                }
            }
            held = next;
            last = step;
        }
        assertThat(s.transfers()).allMatch(t -> t.step() >= 1 && t.step() <= s.steps());
        assertThat(last).isEqualTo(s.steps());
        for (int r = 0; r < p; r++) {
            check(held.get(r).equals(expectedFinal.apply(r)), s, s.steps(), "final blocks at " + r + ": " + held.get(r));
        }
    }

    private static void check(boolean ok, Schedule s, int step, String what) {
        if (!ok) {
            throw new AssertionError(s.name() + " on " + s.size() + " ranks, step " + step + ": " + what);
        }
    }

    static Set<Block> everyone(int p) {
        Set<Block> all = new HashSet<>();
        for (int o = 0; o < p; o++) {
            all.add(new Block(o, Block.ALL));
        }
        return all;
    }

    static Set<Block> personal(int p, int r) {
        Set<Block> all = new HashSet<>();
        for (int o = 0; o < p; o++) {
            all.add(new Block(o, r));
        }
        return all;
    }

    @Test
    void ringAndTorusSchedulesForSizes1To33() {
        for (int p = 1; p <= MAX; p++) {
            int size = p;
            Schedule ag = Topologies.ringAllgather(p);
            assertThat(ag.steps()).isEqualTo(p - 1);
            simulate(ag, r -> everyone(size));
            Schedule te = Topologies.ringTotalExchange(p);
            simulate(te, r -> personal(size, r));
            Torus2D t = Torus2D.forSize(p);
            Schedule tag = Topologies.torusAllgather(t);
            assertThat(tag.steps()).isEqualTo(t.rows() + t.cols() - 2);
            simulate(tag, r -> everyone(size));
            simulate(Topologies.torusTotalExchange(t), r -> personal(size, r));
            for (int q : new int[] {-1, 0, 1, 2, p / 2, (p + 1) / 2, p - 1, p, p + 1}) {
                int shift = q;
                Schedule rs = Topologies.ringQShift(p, q);
                int s0 = Math.floorMod(q, p);
                assertThat(rs.steps()).isEqualTo(Math.min(s0, p - s0));
                simulate(rs, r -> Set.of(new Block(Math.floorMod(r - shift, size), Block.ALL)));
                simulate(Topologies.torusQShift(t, q),
                        r -> Set.of(new Block(Math.floorMod(r - shift, size), Block.ALL)));
            }
        }
    }

    @Test
    void hypercubeSchedulesForPowersOfTwoUpTo32() {
        for (int p = 1; p <= 32; p <<= 1) {
            int size = p;
            Hypercube h = Hypercube.forSize(p);
            Schedule ag = Topologies.hypercubeAllgather(h);
            assertThat(ag.steps()).isEqualTo(ceilLog2(p));
            assertThat(ag.transfers()).allMatch(t -> h.distance(t.from(), t.to()) == 1);
            simulate(ag, r -> everyone(size));
            Schedule te = Topologies.hypercubeTotalExchange(h);
            assertThat(te.steps()).isEqualTo(ceilLog2(p));
            assertThat(te.transfers()).allMatch(t -> t.blocks().size() == size / 2);
            simulate(te, r -> personal(size, r));
            for (int q = 0; q <= p; q++) {
                int shift = q;
                simulate(Topologies.hypercubeQShift(h, q), node -> Set.of(new Block(
                        GrayCode.encode(Math.floorMod(GrayCode.decode(node) - shift, size)), Block.ALL)));
            }
        }
    }
}
