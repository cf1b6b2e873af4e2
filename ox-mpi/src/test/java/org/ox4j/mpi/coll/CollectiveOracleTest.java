package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.RankHarness;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Topologies;

/**
 * Every algorithm of every collective, for group sizes 1..8 and every root, against a sequential oracle that
 * each rank computes locally from the deterministic inputs of all ranks. Non-commutative list append catches
 * any change of operand order.
 */
class CollectiveOracleTest {
    private static final int LEN = 13;
    private static final CollectiveSelector ALL = CollectiveSelector.standard(CostModel.DEFAULT);

    static Payload longs(int r, int len) {
        long[] a = new long[len];
        for (int i = 0; i < len; i++) {
            a[i] = r * 100L + i + 1;
        }
        return Payload.ofLongs(a);
    }

    static Payload list(int r) {
        List<Cmo> xs = new ArrayList<>();
        for (int i = 0; i <= r % 3; i++) {
            xs.add(new CmoInt32(r * 10 + i));
        }
        return Payload.of(new CmoList(xs));
    }

    static Payload sumOracle(int upto, int len) {
        long[] a = new long[len];
        for (int r = 0; r < upto; r++) {
            long[] x = longs(r, len).longs();
            for (int i = 0; i < len; i++) {
                a[i] += x[i];
            }
        }
        return Payload.ofLongs(a);
    }

    static Payload appendOracle(int upto) {
        List<Cmo> xs = new ArrayList<>();
        for (int r = 0; r < upto; r++) {
            xs.addAll(((CmoList) list(r).cmo()).elements());
        }
        return Payload.of(new CmoList(xs));
    }

    /** A receive buffer whose every element is garbage the collective must overwrite. */
    static Payload garbage(int len) {
        long[] a = new long[len];
        java.util.Arrays.fill(a, 0x5a5a5a5a5a5a5a5aL);
        return Payload.ofLongs(a);
    }

    @SuppressWarnings("unchecked")
    static <A> List<A> algs(Collective c) {
        return (List<A>) (List<?>) ALL.candidates(c);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void everyAlgorithmMatchesTheOracle(int p) {
        AtomicInteger arrived = new AtomicInteger();
        RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            int r = comm.rank();
            checkBarrier(coll, arrived, p);
            checkBcast(coll, r, p);
            checkReduce(coll, r, p);
            checkAllreduce(coll, r, p);
            checkGatherScatter(coll, r, p);
            checkAllgather(coll, r, p);
            checkAlltoall(coll, r, p);
            checkScan(coll, r, p);
            checkShift(coll, r, p);
            return null;
        });
    }

    /**
     * MPI-style bcast into buffers where one inner rank of the binomial tree gives a buffer of the wrong length: that
     * rank alone fails, with the reason; the ranks below it still get the root's array.
     */
    @Test
    void aBufferThatDoesNotFitFailsItsRankAloneInABinomialBcast() {
        int p = 4;
        int inner = 1;
        while (inner < p && Topologies.binomial(p, 0, inner).children().isEmpty()) {
            inner++;
        }
        int wrong = inner;
        assertThat(wrong).isLessThan(p);
        List<String> got = binomialBcastIntoWithOneWrongBuffer(p, wrong, LEN, Duration.ofSeconds(30));
        for (int r = 0; r < p; r++) {
            if (r == wrong) {
                assertThat(got.get(r)).startsWith("failed: ").contains("receive buffer");
            } else {
                assertThat(got.get(r)).as("rank %d", r).isEqualTo("root's array");
            }
        }
    }

    /**
     * Large arrays, MPI style, through the binomial and the linear bcast, which stage arrays on the heap in direct
     * memory (root, inner ranks and leaves, every root of a group that is not a power of two, longs, doubles and
     * direct buffers, two rounds so that the kept staging area is reused): every buffer ends as the root's array.
     */
    @Test
    void largeHeapArraysReachEveryBufferThroughTheBcastsStaging() {
        int p = 6;
        int len = (int) (Communicator.largeMessageBytes() / 8) + 3;
        List<Boolean> allGood = RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            for (Algorithms.Bcast a : List.<Algorithms.Bcast>of(BcastBinomial.INSTANCE, BcastLinear.INSTANCE)) {
                for (int round = 0; round < 2; round++) {
                    for (int root = 0; root < p; root++) {
                        checkLargeBcastInto(coll, a, root, root + 10 * round, len);
                    }
                }
            }
            return true;
        });
        assertThat(allGood).containsOnly(true);
    }

    private static void checkLargeBcastInto(Collectives coll, Algorithms.Bcast a, int root, int seed, int len) {
        int r = coll.communicator().rank();
        Payload want = longs(seed, len);
        Payload buffer = r == root ? longs(seed, len) : garbage(len);
        assertThat(DirectStaging.travelsLarge(buffer)).isTrue();
        coll.bcastInto(buffer, root, a);
        assertThat(buffer).as("%s longs, root %d rank %d", a.name(), root, r).isEqualTo(want);
        double[] d = new double[len];
        for (int i = 0; i < len; i++) {
            d[i] = r == root ? seed + i / 7.0 : Double.NaN;
        }
        Payload doubles = Payload.ofDoubles(d);
        coll.bcastInto(doubles, root, a);
        for (int i = 0; i < len; i += 997) {
            assertThat(doubles.doubles()[i]).as("%s doubles, root %d rank %d", a.name(), root, r)
                    .isEqualTo(seed + i / 7.0);
        }
        // direct memory is received into and sent from as it is
        Payload direct = r == root ? want.toDirect() : garbage(len).toDirect();
        coll.bcastInto(direct, root, a);
        assertThat(direct).as("%s direct, root %d rank %d", a.name(), root, r).isEqualTo(want);
    }

    /**
     * The linear and the binomial reduce into a buffer, and the allreduce built on the linear one, when the values
     * travel as large messages (the receiving ranks then take them into direct memory and combine them from there,
     * the binomial tree's inner ranks into a partial result in direct memory that they send on): sums of longs and
     * maxima of doubles at every root of a group that is not a power of two, twice, so that the kept staging area is
     * reused.
     */
    @Test
    void theLinearAndBinomialReducesCombineLargeValuesReceivedIntoDirectMemory() {
        int p = 5;
        int len = (int) (Communicator.largeMessageBytes() / 8) + 5;
        List<Boolean> allGood = RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            int r = comm.rank();
            double[] d = new double[len];
            double[] max = new double[len];
            for (int i = 0; i < len; i++) {
                d[i] = (r * 7 + i) % 11 - 0.5 * r;
                for (int k = 0; k < p; k++) {
                    max[i] = Math.max(k == 0 ? Double.NEGATIVE_INFINITY : max[i], (k * 7 + i) % 11 - 0.5 * k);
                }
            }
            for (int round = 0; round < 2; round++) {
                for (int root = 0; root < p; root++) {
                    for (Algorithms.Reduce a : List.of(ReduceLinear.INSTANCE, ReduceBinomial.INSTANCE)) {
                        Payload sum = r == root ? garbage(len) : null;
                        Payload mine = longs(r, len);
                        coll.reduceInto(mine, sum, ReduceOps.SUM, root, a);
                        if (r == root) {
                            assertThat(sum).as("%s sum at root %d", a.name(), root).isEqualTo(sumOracle(p, len));
                        }
                        assertThat(mine).as("%s leaves the value alone", a.name()).isEqualTo(longs(r, len));
                        Payload most = r == root ? Payload.ofDoubles(new double[len]) : null;
                        coll.reduceInto(Payload.ofDoubles(d.clone()), most, ReduceOps.MAX, root, a);
                        if (r == root) {
                            assertThat(most.doubles()).as("%s maximum at root %d", a.name(), root)
                                    .containsExactly(max);
                        }
                    }
                }
                Payload all = garbage(len);
                coll.allreduceInto(longs(r, len), all, ReduceOps.SUM, AllreduceReduceBcast.LINEAR);
                assertThat(all).as("allreduce at rank %d", r).isEqualTo(sumOracle(p, len));
            }
            return true;
        });
        assertThat(allGood).containsOnly(true);
    }

    /**
     * gather_bcast into buffers when the gathered blocks make a large message (they then go down the tree as one
     * array in direct memory): every rank's buffers, on the heap, in direct memory and as slices of one direct memory,
     * end as every rank's value.
     */
    @Test
    void gatherBcastFillsEveryBufferWhenTheGatheredBlocksMakeALargeMessage() {
        int p = 5;
        int len = (int) (Communicator.largeMessageBytes() / 8 / p) + 2;
        List<Boolean> allGood = RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            int r = comm.rank();
            // Java arrays, separate direct memories, one direct memory cut into the p blocks (sent and received
            // as it is), Java arrays again
            for (String memory : new String[] {"heap", "direct", "one direct", "heap"}) {
                List<Payload> results = new ArrayList<>();
                Payload whole = garbage(p * len).toDirect();
                for (int j = 0; j < p; j++) {
                    results.add(switch (memory) {
                        case "heap" -> garbage(len);
                        case "direct" -> garbage(len).toDirect();
                        default -> whole.slice(j * len, len);
                    });
                }
                coll.allgatherInto(longs(r, len), results, AllgatherGatherBcast.INSTANCE);
                for (int j = 0; j < p; j++) {
                    assertThat(results.get(j)).as("rank %d block %d %s", r, j, memory).isEqualTo(longs(j, len));
                }
                if (memory.equals("one direct")) {
                    assertThat(whole.onHeap().longs()).as("rank %d, the whole memory", r)
                            .startsWith(longs(0, len).longs()).endsWith(longs(p - 1, len).longs());
                }
            }
            return true;
        });
        assertThat(allGood).containsOnly(true);
    }

    /**
     * Every algorithm of the collectives that fill receive buffers, with every buffer in direct memory (the caller's
     * values, blocks and results; an allgather's and alltoall's results as slices of one direct memory, MPI's one
     * receive buffer), small and large (each value, block and gathered array a large message; 5 ranks, so that
     * nothing is a power of two), against the oracle.
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 5})
    void everyAlgorithmFillsBuffersInDirectMemory(int p) {
        int large = (int) (Communicator.largeMessageBytes() / 8) + 3;
        List<Boolean> allGood = RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(60));
            int r = comm.rank();
            for (int len : new int[] {LEN, large}) {
                for (Algorithms.Bcast a : CollectiveOracleTest.<Algorithms.Bcast>algs(Collective.BCAST)) {
                    Payload buffer = (r == 1 ? longs(1, len) : garbage(len)).toDirect();
                    coll.bcastInto(buffer, 1, a);
                    assertThat(buffer).as("bcast %s len %d", a.name(), len).isEqualTo(longs(1, len));
                }
                for (Algorithms.Reduce a : CollectiveOracleTest.<Algorithms.Reduce>algs(Collective.REDUCE)) {
                    Payload into = garbage(len).toDirect();
                    coll.reduceInto(longs(r, len).toDirect(), r == 0 ? into : null, ReduceOps.SUM, 0, a);
                    if (r == 0) {
                        assertThat(into).as("reduce %s len %d", a.name(), len).isEqualTo(sumOracle(p, len));
                    }
                }
                for (Algorithms.Allreduce a : CollectiveOracleTest.<Algorithms.Allreduce>algs(Collective.ALLREDUCE)) {
                    Payload into = garbage(len).toDirect();
                    coll.allreduceInto(longs(r, len).toDirect(), into, ReduceOps.SUM, a);
                    assertThat(into).as("allreduce %s len %d", a.name(), len).isEqualTo(sumOracle(p, len));
                }
                for (Algorithms.Scan a : CollectiveOracleTest.<Algorithms.Scan>algs(Collective.SCAN)) {
                    Payload into = garbage(len).toDirect();
                    coll.scanInto(longs(r, len).toDirect(), into, ReduceOps.SUM, a);
                    assertThat(into).as("scan %s len %d", a.name(), len).isEqualTo(sumOracle(r + 1, len));
                }
                for (Algorithms.Allgather a : CollectiveOracleTest.<Algorithms.Allgather>algs(Collective.ALLGATHER)) {
                    Payload whole = garbage(p * len).toDirect();
                    List<Payload> into = new ArrayList<>();
                    for (int j = 0; j < p; j++) {
                        into.add(whole.slice(j * len, len));
                    }
                    coll.allgatherInto(longs(r, len).toDirect(), into, a);
                    for (int j = 0; j < p; j++) {
                        assertThat(into.get(j)).as("allgather %s len %d block %d", a.name(), len, j)
                                .isEqualTo(longs(j, len));
                    }
                }
                for (Algorithms.Alltoall a : CollectiveOracleTest.<Algorithms.Alltoall>algs(Collective.ALLTOALL)) {
                    Payload whole = garbage(p * len).toDirect();
                    List<Payload> blocks = new ArrayList<>();
                    List<Payload> into = new ArrayList<>();
                    for (int j = 0; j < p; j++) {
                        blocks.add(longs(10 * r + j, len).toDirect());
                        into.add(whole.slice(j * len, len));
                    }
                    coll.alltoallInto(blocks, into, a);
                    for (int j = 0; j < p; j++) {
                        assertThat(into.get(j)).as("alltoall %s len %d from %d", a.name(), len, j)
                                .isEqualTo(longs(10 * j + r, len));
                    }
                }
            }
            return true;
        });
        assertThat(allGood).containsOnly(true);
    }

    /**
     * A large staged bcast where one inner rank's buffer has the wrong length: that rank fails naming the buffer, its
     * subtree gets no data and fails by its timeout, and the rest of the group gets the root's array.
     */
    @Test
    void aLargeBufferThatDoesNotFitFailsItsRankAndLeavesItsSubtreeToItsTimeout() {
        int p = 4;
        int wrong = 2;
        assertThat(Topologies.binomial(p, 0, wrong).children()).containsExactly(3);
        int len = (int) (Communicator.largeMessageBytes() / 8) + 1;
        List<String> got = binomialBcastIntoWithOneWrongBuffer(p, wrong, len, Duration.ofSeconds(2));
        assertThat(got.get(0)).isEqualTo("root's array");
        assertThat(got.get(1)).isEqualTo("root's array");
        // "does not fit" when its receive was posted first, "cannot take" when the message came first
        assertThat(got.get(wrong)).startsWith("failed: ").contains("receive buffer").contains("x " + (len + 1));
        assertThat(got.get(3)).startsWith("failed: ");
    }

    /**
     * What each rank reports after a binomial bcastInto of {@code len} longs from rank 0 where rank {@code wrong}
     * gives a buffer one element longer: "root's array", "other: ..." or "failed: " and the reason.
     */
    private static List<String> binomialBcastIntoWithOneWrongBuffer(int p, int wrong, int len, Duration timeout) {
        return RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, timeout);
            int r = comm.rank();
            Payload buffer = r == 0 ? longs(40, len) : Payload.ofLongs(new long[r == wrong ? len + 1 : len]);
            try {
                coll.bcastInto(buffer, 0, BcastBinomial.INSTANCE);
            } catch (CommException e) {
                return "failed: " + e.getMessage();
            }
            return buffer.equals(longs(40, len)) ? "root's array" : "other: " + buffer;
        });
    }

    private static void checkBarrier(Collectives coll, AtomicInteger arrived, int p) {
        for (Algorithms.Barrier a : CollectiveOracleTest.<Algorithms.Barrier>algs(Collective.BARRIER)) {
            arrived.incrementAndGet();
            coll.barrier(a);
            assertThat(arrived.get()).as("barrier %s: everyone arrived before anyone left", a.name())
                    .isGreaterThanOrEqualTo(p);
            coll.barrier(a);
            arrived.addAndGet(-1);
            coll.barrier(a);
            assertThat(arrived.get()).isZero();
            // and everyone has looked before anyone counts itself in at the next algorithm's first barrier
            coll.barrier(a);
        }
    }

    private static void checkBcast(Collectives coll, int r, int p) {
        List<Payload> values = List.of(longs(99, LEN), appendOracle(5), Payload.of(CmoZZ.of(-123456789012345L)),
                Payload.ofDoubles(), Payload.of(CmoString.of("opaque")));
        List<Algorithms.Bcast> as = new ArrayList<>(algs(Collective.BCAST));
        as.add(BcastPipelinedChain.withSegments(3));
        for (Algorithms.Bcast a : as) {
            for (int root = 0; root < p; root++) {
                for (Payload v : values) {
                    Payload got = coll.bcast(r == root ? v : null, root, a);
                    assertThat(got).as("bcast %s root %d value %s", a.name(), root, v).isEqualTo(v);
                }
                // MPI style: the root's array into every other rank's buffer
                Payload want = longs(root + 40, LEN);
                Payload buffer = r == root ? longs(root + 40, LEN) : Payload.ofLongs(new long[LEN]);
                coll.bcastInto(buffer, root, a);
                assertThat(buffer).as("bcastInto %s root %d", a.name(), root).isEqualTo(want);
            }
        }
    }

    private static void checkReduce(Collectives coll, int r, int p) {
        for (Algorithms.Reduce a : CollectiveOracleTest.<Algorithms.Reduce>algs(Collective.REDUCE)) {
            for (int root = 0; root < p; root++) {
                Payload s = coll.reduce(longs(r, LEN), ReduceOps.SUM, root, a);
                assertThat(s).as("reduce %s sum root %d", a.name(), root).isEqualTo(r == root ? sumOracle(p, LEN)
                        : null);
                Payload into = r == root ? Payload.ofLongs(new long[LEN]) : null;
                coll.reduceInto(longs(r, LEN), into, ReduceOps.SUM, root, a);
                if (r == root) {
                    assertThat(into).as("reduceInto %s root %d", a.name(), root).isEqualTo(sumOracle(p, LEN));
                }
                // into direct memory, with an op other than the sum
                Payload direct = r == root ? Payload.direct(Payload.Kind.DOUBLES, 3) : null;
                coll.reduceInto(Payload.ofDoubles(r, -r, 0.5 * r), direct, ReduceOps.MAX, root, a);
                if (r == root) {
                    assertThat(direct.onHeap().doubles()).as("reduceInto %s direct root %d", a.name(), root)
                            .containsExactly(p - 1, 0, 0.5 * (p - 1));
                }
                if (a.supports(ReduceOps.LIST_APPEND)) {
                    Payload l = coll.reduce(list(r), ReduceOps.LIST_APPEND, root, a);
                    assertThat(l).as("reduce %s append root %d", a.name(), root)
                            .isEqualTo(r == root ? appendOracle(p) : null);
                }
            }
        }
    }

    private static void checkAllreduce(Collectives coll, int r, int p) {
        for (Algorithms.Allreduce a : CollectiveOracleTest.<Algorithms.Allreduce>algs(Collective.ALLREDUCE)) {
            for (int len : new int[] {LEN, 2, 0}) {
                assertThat(coll.allreduce(longs(r, len), ReduceOps.SUM, a)).as("allreduce %s len %d", a.name(), len)
                        .isEqualTo(sumOracle(p, len));
            }
            for (int len : new int[] {LEN, 2, 0}) {
                Payload into = garbage(len);
                coll.allreduceInto(longs(r, len), into, ReduceOps.SUM, a);
                assertThat(into).as("allreduceInto %s len %d", a.name(), len).isEqualTo(sumOracle(p, len));
            }
            double[] d = {r, -r, 0.5 * r};
            double[] max = {p - 1, 0, 0.5 * (p - 1)};
            assertThat(coll.allreduce(Payload.ofDoubles(d), ReduceOps.MAX, a).doubles()).containsExactly(max);
            Payload direct = Payload.direct(Payload.Kind.DOUBLES, 3);
            coll.allreduceInto(Payload.ofDoubles(d), direct, ReduceOps.MAX, a);
            assertThat(direct.onHeap().doubles()).as("allreduceInto %s direct", a.name()).containsExactly(max);
            assertThat(coll.allreduce(Payload.of(CmoZZ.of(r + 1)), ReduceOps.PROD, a))
                    .isEqualTo(Payload.of(CmoZZ.of(factorial(p))));
            if (a.supports(ReduceOps.LIST_APPEND)) {
                assertThat(coll.allreduce(list(r), ReduceOps.LIST_APPEND, a)).as("allreduce %s append", a.name())
                        .isEqualTo(appendOracle(p));
            }
        }
    }

    private static long factorial(int n) {
        long f = 1;
        for (int i = 2; i <= n; i++) {
            f *= i;
        }
        return f;
    }

    private static void checkGatherScatter(Collectives coll, int r, int p) {
        List<Payload> expected = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            expected.add(i % 2 == 0 ? list(i) : longs(i, i));
        }
        Payload mine = expected.get(r);
        for (Algorithms.Gather a : CollectiveOracleTest.<Algorithms.Gather>algs(Collective.GATHER)) {
            for (int root = 0; root < p; root++) {
                List<Payload> got = coll.gather(mine, root, a);
                assertThat(got).as("gather %s root %d", a.name(), root).isEqualTo(r == root ? expected : null);
            }
        }
        for (Algorithms.Scatter a : CollectiveOracleTest.<Algorithms.Scatter>algs(Collective.SCATTER)) {
            for (int root = 0; root < p; root++) {
                Payload got = coll.scatter(r == root ? expected : null, root, a);
                assertThat(got).as("scatter %s root %d", a.name(), root).isEqualTo(mine);
            }
        }
    }

    private static void checkAllgather(Collectives coll, int r, int p) {
        List<Payload> expected = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            expected.add(i % 2 == 0 ? list(i) : longs(i, 3));
        }
        for (Algorithms.Allgather a : CollectiveOracleTest.<Algorithms.Allgather>algs(Collective.ALLGATHER)) {
            assertThat(coll.allgather(expected.get(r), a)).as("allgather %s", a.name()).isEqualTo(expected);
            List<Payload> into = new ArrayList<>();
            for (int i = 0; i < p; i++) {
                into.add(garbage(3));
            }
            coll.allgatherInto(longs(r, 3), into, a);
            for (int i = 0; i < p; i++) {
                assertThat(into.get(i)).as("allgatherInto %s block %d", a.name(), i).isEqualTo(longs(i, 3));
            }
        }
    }

    private static Payload block(int from, int to) {
        return (from + to) % 2 == 0 ? Payload.of(CmoList.of(new CmoInt32(from), new CmoInt32(to)))
                : Payload.ofLongs(from, to, from * to);
    }

    private static void checkAlltoall(Collectives coll, int r, int p) {
        List<Payload> send = new ArrayList<>();
        List<Payload> expected = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            send.add(block(r, j));
            expected.add(block(j, r));
        }
        for (Algorithms.Alltoall a : CollectiveOracleTest.<Algorithms.Alltoall>algs(Collective.ALLTOALL)) {
            assertThat(coll.alltoall(send, a)).as("alltoall %s", a.name()).isEqualTo(expected);
            List<Payload> arrays = new ArrayList<>();
            List<Payload> into = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                arrays.add(Payload.ofLongs(r, j, r * j + 7));
                into.add(garbage(3));
            }
            coll.alltoallInto(arrays, into, a);
            for (int j = 0; j < p; j++) {
                assertThat(into.get(j)).as("alltoallInto %s from %d", a.name(), j)
                        .isEqualTo(Payload.ofLongs(j, r, j * r + 7));
            }
        }
    }

    private static void checkScan(Collectives coll, int r, int p) {
        for (Algorithms.Scan a : CollectiveOracleTest.<Algorithms.Scan>algs(Collective.SCAN)) {
            assertThat(coll.scan(longs(r, LEN), ReduceOps.SUM, a)).as("scan %s", a.name())
                    .isEqualTo(sumOracle(r + 1, LEN));
            Payload into = garbage(LEN);
            coll.scanInto(longs(r, LEN), into, ReduceOps.SUM, a);
            assertThat(into).as("scanInto %s", a.name()).isEqualTo(sumOracle(r + 1, LEN));
            if (a.supports(ReduceOps.LIST_APPEND)) {
                assertThat(coll.scan(list(r), ReduceOps.LIST_APPEND, a)).as("scan %s append", a.name())
                        .isEqualTo(appendOracle(r + 1));
            }
        }
        for (Algorithms.Exscan a : CollectiveOracleTest.<Algorithms.Exscan>algs(Collective.EXSCAN)) {
            assertThat(coll.exscan(longs(r, LEN), ReduceOps.SUM, a)).as("exscan %s", a.name())
                    .isEqualTo(r == 0 ? null : sumOracle(r, LEN));
            if (a.supports(ReduceOps.LIST_APPEND)) {
                assertThat(coll.exscan(list(r), ReduceOps.LIST_APPEND, a)).as("exscan %s append", a.name())
                        .isEqualTo(r == 0 ? null : appendOracle(r));
            }
        }
    }

    private static void checkShift(Collectives coll, int r, int p) {
        for (Algorithms.QShift a : CollectiveOracleTest.<Algorithms.QShift>algs(Collective.QSHIFT)) {
            for (int q : new int[] {0, 1, 3, p - 1, -1, p + 2}) {
                int from = Math.floorMod(r - q, p);
                assertThat(coll.shift(list(r), q, a)).as("shift %s q %d", a.name(), q).isEqualTo(list(from));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 4, 7})
    void selectedAlgorithmsAgreeAcrossRanksAndMatchTheOracle(int p) {
        // a model where large messages favour splitting algorithms, so the bcast announcement path runs
        CollectiveSelector sel = CollectiveSelector.standard(CostModel.hockney(1e-4, 1e-8, 1e-9));
        RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, sel, Duration.ofSeconds(30));
            int r = comm.rank();
            for (int root = 0; root < p; root++) {
                Payload small = longs(root, 3);
                Payload big = longs(root, 200_000);
                assertThat(coll.bcast(r == root ? small : null, root)).isEqualTo(small);
                assertThat(coll.bcast(r == root ? big : null, root)).isEqualTo(big);
                assertThat(coll.bcast(r == root ? list(root) : null, root)).isEqualTo(list(root));
                assertThat(coll.reduce(list(r), ReduceOps.LIST_APPEND, root)).isEqualTo(r == root ? appendOracle(p)
                        : null);
                // into buffers every rank picks the algorithm from the size it knows: no announcement, same result
                Payload buffer = r == root ? longs(root, 200_000) : Payload.ofLongs(new long[200_000]);
                coll.bcastInto(buffer, root);
                assertThat(buffer).isEqualTo(big);
                Payload sum = r == root ? Payload.ofLongs(new long[200_000]) : null;
                coll.reduceInto(longs(r, 200_000), sum, ReduceOps.SUM, root);
                if (r == root) {
                    assertThat(sum).isEqualTo(sumOracle(p, 200_000));
                }
            }
            assertThat(coll.allreduce(longs(r, 100_000), ReduceOps.SUM)).isEqualTo(sumOracle(p, 100_000));
            assertThat(coll.allreduce(list(r), ReduceOps.LIST_APPEND)).isEqualTo(appendOracle(p));
            assertThat(coll.scan(list(r), ReduceOps.LIST_APPEND)).isEqualTo(appendOracle(r + 1));
            assertThat(coll.allgather(list(r))).hasSize(p);
            coll.barrier();
            return null;
        });
    }

    @org.junit.jupiter.api.RepeatedTest(20)
    void collectiveTrafficNeverMatchesUserWildcardReceives() {
        RankHarness.run(3, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            var pending = comm.iRecv(Communicator.ANY_SOURCE, Communicator.ANY_TAG);
            coll.bcast(comm.rank() == 0 ? list(0) : null, 0, BcastBinomial.INSTANCE);
            // nobody sends user messages before leaving the barrier, so nothing may have matched yet
            assertThat(pending.test()).isFalse();
            coll.barrier();
            comm.send(Payload.of(new CmoInt32(comm.rank())), (comm.rank() + 1) % 3, 5);
            assertThat(pending.payload().cmo()).isEqualTo(new CmoInt32((comm.rank() + 2) % 3));
            assertThat(pending.await().tag()).isEqualTo(5);
            return null;
        });
    }
}
