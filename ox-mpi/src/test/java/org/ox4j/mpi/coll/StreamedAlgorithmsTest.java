package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.InMemoryTransport;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.RankHarness;

/**
 * The streamed algorithms (chain bcast, reduce, scan and exscan; ring allreduce and allgather; all-to-all) with
 * 64-byte chunks passed on once 16 bytes have come (the test transport
 * hands over 3 bytes more than asked for, so pieces end between elements), so that every payload is cut into many
 * chunks of uneven sizes that are relayed while later ones are still on the way; results are compared with a fold
 * of the op over the inputs.
 */
class StreamedAlgorithmsTest {
    private static final String CHUNK = "ox.comm.streamChunkBytes";
    private static final String FORWARD = "ox.comm.streamForwardBytes";
    private static final CollectiveSelector ALL = CollectiveSelector.standard(org.ox4j.mpi.cost.CostModel.DEFAULT);

    @BeforeAll
    static void smallChunks() {
        System.setProperty(CHUNK, "64");
        System.setProperty(FORWARD, "16");
    }

    @AfterAll
    static void defaultChunks() {
        System.clearProperty(CHUNK);
        System.clearProperty(FORWARD);
    }

    private static long[] longs(int seed, int n) {
        Random rnd = new Random(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextLong();
        }
        return a;
    }

    private static double[] doubles(int seed, int n) {
        Random rnd = new Random(seed);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextGaussian();
        }
        return a;
    }

    private static byte[] bytes(int seed, int n) {
        byte[] a = new byte[n];
        new Random(seed).nextBytes(a);
        return a;
    }

    private static List<Payload> inputs(int r) {
        return List.of(Payload.ofLongs(longs(r, 1000)), Payload.ofDoubles(doubles(r, 333)),
                Payload.ofBytes(bytes(r, 1001)), Payload.ofLongs(), Payload.ofLongs(r));
    }

    /** A receive buffer like {@code v} whose every byte is garbage the collective must overwrite. */
    private static Payload garbageLike(Payload v, boolean direct) {
        Payload b = direct ? Payload.direct(v.kind(), v.count()) : v.zeroedLike();
        if (direct) {
            java.nio.ByteBuffer m = b.directBuffer();
            while (m.hasRemaining()) {
                m.put((byte) 0x5a);
            }
        } else {
            switch (v.kind()) {
                case LONGS -> java.util.Arrays.fill(b.longs(), 0x5a5a5a5a5a5a5a5aL);
                case DOUBLES -> java.util.Arrays.fill(b.doubles(), Double.NaN);
                default -> java.util.Arrays.fill(b.bytes(), (byte) 0x5a);
            }
        }
        return b;
    }

    private static ReduceOp opFor(Payload v) {
        return switch (v.kind()) {
            case DOUBLES -> ReduceOps.MIN;
            case BYTES -> ReduceOps.BXOR;
            default -> ReduceOps.SUM;
        };
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 6})
    void bcastDeliversEveryPayloadFromEveryRoot(int p) {
        List<Payload> values = new ArrayList<>(inputs(7));
        values.add(Payload.of(CmoList.of(CmoZZ.of(-12345678901234L), CmoString.of("x".repeat(500)))));
        RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            for (int root = 0; root < p; root++) {
                for (Payload v : values) {
                    Payload got = coll.bcast(comm.rank() == root ? v : null, root, BcastStreamedChain.INSTANCE);
                    assertThat(got).as("root %d, %s", root, v.kind()).isEqualTo(v);
                }
            }
            return null;
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 6})
    void reduceCombinesEveryRankOnceAtEveryRoot(int p) {
        RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            int r = comm.rank();
            for (int root = 0; root < p; root++) {
                for (int k = 0; k < inputs(r).size(); k++) {
                    Payload mine = inputs(r).get(k);
                    ReduceOp op = opFor(mine);
                    Payload expected = inputs(0).get(k);
                    for (int q = 1; q < p; q++) {
                        expected = op.apply(expected, inputs(q).get(k));
                    }
                    Payload got = coll.reduce(mine, op, root, ReduceStreamedChain.INSTANCE);
                    assertThat(got).as("root %d, %s with %s", root, mine.kind(), op.name())
                            .isEqualTo(r == root ? expected : null);
                }
            }
            return null;
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5})
    void intoBuffersRelaysFillTheirBufferAndTheRootCombinesIntoItsOwn(int p) {
        RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            int r = comm.rank();
            for (int root = 0; root < p; root++) {
                for (Payload v : inputs(root)) {
                    Payload buffer = r == root ? v : emptyLike(v);
                    coll.bcastInto(buffer, root, BcastStreamedChain.INSTANCE);
                    assertThat(buffer).as("bcastInto root %d, %s", root, v.kind()).isEqualTo(v);
                }
                for (int k = 0; k < inputs(r).size(); k++) {
                    Payload mine = inputs(r).get(k);
                    ReduceOp op = opFor(mine);
                    Payload expected = inputs(0).get(k);
                    for (int q = 1; q < p; q++) {
                        expected = op.apply(expected, inputs(q).get(k));
                    }
                    Payload result = r == root ? emptyLike(mine) : null;
                    coll.reduceInto(mine, result, op, root, ReduceStreamedChain.INSTANCE);
                    if (r == root) {
                        assertThat(result).as("reduceInto root %d, %s", root, mine.kind()).isEqualTo(expected);
                    }
                }
            }
            return null;
        });
    }

    @Test
    void aReceiveBufferOfAnotherSizeIsRefusedNamingBothSizes() {
        assertThatThrownBy(() -> RankHarness.run(2, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(5));
            Payload buffer = comm.rank() == 0 ? Payload.ofLongs(longs(1, 100)) : Payload.ofLongs(new long[99]);
            coll.bcastInto(buffer, 0, BcastStreamedChain.INSTANCE);
            return null;
        })).hasStackTraceContaining("stream of 800 bytes of LONGS does not fit the receive buffer Payload[LONGS x 99]");
        assertThatThrownBy(() -> RankHarness.run(1, comm -> {
            new Collectives(comm, ALL, Duration.ofSeconds(5)).reduceInto(Payload.ofLongs(1, 2), Payload.ofDoubles(0, 0),
                    ReduceOps.SUM, 0);
            return null;
        })).hasStackTraceContaining("does not match its value");
    }

    private static Payload emptyLike(Payload v) {
        return switch (v.kind()) {
            case LONGS -> Payload.ofLongs(new long[v.count()]);
            case DOUBLES -> Payload.ofDoubles(new double[v.count()]);
            default -> Payload.ofBytes(new byte[v.count()]);
        };
    }

    @Test
    void reduceOfCmoValuesFallsBackToTheBinomialTree() {
        List<Payload> sums = RankHarness.run(4, comm -> new Collectives(comm, ALL, Duration.ofSeconds(30))
                .reduce(Payload.of(CmoZZ.of(1000L + comm.rank())), ReduceOps.SUM, 2, ReduceStreamedChain.INSTANCE));
        assertThat(sums.get(2)).isEqualTo(Payload.of(CmoZZ.of(4006L)));
        assertThat(sums.get(0)).isNull();
    }

    @Test
    void onlyCommutativeElementwiseOpsAreOffered() {
        assertThat(ReduceStreamedChain.INSTANCE.supports(ReduceOps.SUM)).isTrue();
        assertThat(ReduceStreamedChain.INSTANCE.supports(ReduceOps.LIST_APPEND)).isFalse();
    }

    @Test
    void aBrokenLinkInTheChainNamesTheRankBeyondIt() {
        try (InMemoryTransport.Group g = InMemoryTransport.group(3)) {
            g.breakLink(1, 2, new java.io.IOException("cable pulled"));
            List<Object> outcome = RankHarness.run(g, comm -> {
                Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(5));
                try {
                    coll.bcast(comm.rank() == 0 ? Payload.ofLongs(longs(1, 500)) : null, 0,
                            BcastStreamedChain.INSTANCE);
                    return "ok";
                } catch (CommException e) {
                    return e.rank();
                }
            });
            // rank 2 tells the others that its link to rank 1 broke: the root has either finished by then or
            // fails naming rank 1, whichever comes first
            assertThat(outcome.subList(1, 3)).containsExactly(2, 1);
            assertThat(outcome.get(0)).isIn("ok", 1);
        }
    }

    @Test
    void aSilentRootIsNamedAsFailedWhenTheChannelTimesOut() {
        List<Object> outcome = RankHarness.run(2, comm -> {
            if (comm.rank() == 0) {
                return "absent";
            }
            try {
                new Collectives(comm, ALL, Duration.ofMillis(300)).bcast(null, 0, BcastStreamedChain.INSTANCE);
                return "ok";
            } catch (org.ox4j.mpi.comm.RankFailedException e) {
                return e.rank();
            }
        });
        assertThat(outcome).containsExactly("absent", 0);
    }

    @Test
    void streamsLongerThanTheLinkLimitAreRefusedOnBothSides() throws Exception {
        try (InMemoryTransport.Group g = InMemoryTransport.group(2)) {
            InMemoryTransport raw = g.transport(0);
            raw.setListener(new org.ox4j.mpi.comm.PeerTransport.Listener() {
                @Override
                public void onMessage(int source, org.ox4j.cmo.Cmo message) {
                }

                @Override
                public void onStream(int source, org.ox4j.mpi.comm.StreamBody body) {
                }

                @Override
                public void onLinkFailure(int peer, Throwable cause) {
                }
            });
            org.ox4j.mpi.comm.Communicator receiver = org.ox4j.mpi.comm.Communicator.world(g.transport(1));
            long limit = raw.maxStreamBytes();
            assertThatThrownBy(() -> receiver.sendStream(0, 7, Payload.Kind.LONGS, limit + 8, null))
                    .isInstanceOf(CommException.class).hasMessageContaining("length");
            // a hostile header announcing more than the limit is dropped before anything is allocated for it
            raw.send(1, org.ox4j.mpi.comm.PeerWire.encode(new org.ox4j.mpi.comm.Envelope(
                    org.ox4j.mpi.comm.Envelope.Kind.STREAM, 0, 0, 7, org.ox4j.mpi.comm.SendMode.STANDARD, 1,
                    Payload.ofLongs(Payload.Kind.LONGS.code(), 1L << 40)))).get();
            assertThatThrownBy(() -> receiver.recvStream(0, 7, Duration.ofMillis(300)))
                    .isInstanceOf(CommException.class).hasMessageContaining("no stream");
        }
    }

    @Test
    void theModelPrefersTheStreamForLargeMessagesOnly() {
        org.ox4j.mpi.cost.CostModel lan = org.ox4j.mpi.cost.CostModel.hockney(50e-6, 8e-9, 1e-9);
        CollectiveSelector s = CollectiveSelector.standard(lan);
        assertThat(s.cheapest(Collective.BCAST, 8, 8, null, true).name()).isNotEqualTo("stream_chain");
        assertThat(s.cheapest(Collective.BCAST, 8, 16L << 20, null, true).name()).isEqualTo("stream_chain");
        assertThat(s.cheapest(Collective.REDUCE, 8, 16L << 20, ReduceOps.SUM, true).name()).isEqualTo("stream_chain");
    }

    private static Payload fold(ReduceOp op, int k, int upTo) {
        Payload acc = inputs(0).get(k);
        for (int q = 1; q < upTo; q++) {
            acc = op.apply(acc, inputs(q).get(k));
        }
        return acc;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 6})
    void ringAllreduceCombinesEveryRankOnceEverywhere(int p) {
        RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            List<Payload> mine = inputs(comm.rank());
            for (int k = 0; k < mine.size(); k++) {
                ReduceOp op = opFor(mine.get(k));
                assertThat(coll.allreduce(mine.get(k), op, AllreduceStreamedRing.INSTANCE))
                        .as("%s with %s", mine.get(k).kind(), op.name()).isEqualTo(fold(op, k, p));
                for (boolean direct : new boolean[] {false, true}) {
                    Payload into = garbageLike(mine.get(k), direct);
                    coll.allreduceInto(mine.get(k), into, op, AllreduceStreamedRing.INSTANCE);
                    assertThat(into.onHeap()).as("into %s with %s, direct %s", mine.get(k).kind(), op.name(), direct)
                            .isEqualTo(fold(op, k, p));
                }
            }
            // blocks just above the shortest a ring may start with (24 bytes here), and just below it
            for (int n : new int[] {3 * p, 4 * p, 4 * p + 3}) {
                long[] a = new long[n];
                java.util.Arrays.fill(a, comm.rank() + 1);
                long[] want = new long[n];
                java.util.Arrays.fill(want, (long) p * (p + 1) / 2);
                assertThat(coll.allreduce(Payload.ofLongs(a), ReduceOps.SUM, AllreduceStreamedRing.INSTANCE).longs())
                        .as("%d elements", n).containsExactly(want);
            }
            return null;
        });
    }

    /** Rank i's value: arrays of three kinds and CMOs, all of different sizes; tiny: empty or below a unit. */
    private static Payload mixed(int i, boolean tiny) {
        return switch (i % 3) {
            case 0 -> Payload.ofLongs(longs(i, tiny ? 0 : 100 + i));
            case 1 -> Payload.of(CmoList.of(CmoZZ.of(-1234567890123L * i), CmoString.of("y".repeat(200 + i))));
            default -> Payload.ofBytes(bytes(i, tiny ? 3 : 500 + 7 * i));
        };
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 6})
    void ringAllgatherDeliversValuesOfEveryKindAndSize(int p) {
        RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            for (boolean tiny : new boolean[] {false, true}) {
                List<Payload> expected = new ArrayList<>();
                for (int i = 0; i < p; i++) {
                    expected.add(mixed(i, tiny));
                }
                List<Payload> got = coll.allgather(mixed(comm.rank(), tiny), AllgatherStreamedRing.INSTANCE);
                for (int i = 0; i < p; i++) {
                    assertThat(got.get(i)).as("tiny %s, rank %d's value", tiny, i).isEqualTo(expected.get(i));
                }
            }
            return null;
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 6})
    void streamedAlltoallDeliversEveryBlockToItsRank(int p) {
        RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            int r = comm.rank();
            List<Payload> send = new ArrayList<>();
            List<Payload> expected = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                send.add(mixed(10 * r + j, false));
                expected.add(mixed(10 * j + r, false));
            }
            assertThat(coll.alltoall(send, AlltoallStreamed.INSTANCE)).isEqualTo(expected);
            return null;
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 6})
    void streamedScanAndExscanGiveEveryRankItsPrefix(int p) {
        RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            int r = comm.rank();
            List<Payload> mine = inputs(r);
            for (int k = 0; k < mine.size(); k++) {
                ReduceOp op = opFor(mine.get(k));
                assertThat(coll.scan(mine.get(k), op, ScanStreamedChain.INSTANCE))
                        .as("scan %s with %s", mine.get(k).kind(), op.name()).isEqualTo(fold(op, k, r + 1));
                for (boolean direct : new boolean[] {false, true}) {
                    Payload into = garbageLike(mine.get(k), direct);
                    coll.scanInto(mine.get(k), into, op, ScanStreamedChain.INSTANCE);
                    assertThat(into.onHeap()).as("scanInto %s with %s, direct %s", mine.get(k).kind(), op.name(),
                            direct).isEqualTo(fold(op, k, r + 1));
                }
                assertThat(coll.exscan(mine.get(k), op, ExscanStreamedChain.INSTANCE))
                        .as("exscan %s with %s", mine.get(k).kind(), op.name())
                        .isEqualTo(r == 0 ? null : fold(op, k, r));
            }
            return null;
        });
    }

    /** A receive buffer that is the value itself or of another shape is refused before anything is sent. */
    @Test
    void receiveBuffersThatAreTheValueOrDoNotFitAreRefused() {
        RankHarness.run(2, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(5));
            Payload v = Payload.ofLongs(longs(comm.rank(), 100));
            assertThatThrownBy(() -> coll.allreduceInto(v, v, ReduceOps.SUM)).isInstanceOf(CommException.class)
                    .hasMessageContaining("the value itself");
            assertThatThrownBy(() -> coll.scanInto(v, Payload.ofLongs(new long[99]), ReduceOps.SUM))
                    .isInstanceOf(CommException.class).hasMessageContaining("does not match");
            assertThatThrownBy(() -> coll.allgatherInto(v, List.of(v.zeroedLike())))
                    .isInstanceOf(CommException.class).hasMessageContaining("1 receive buffers (expected: 2)");
            assertThatThrownBy(() -> coll.alltoallInto(List.of(v, v.zeroedLike()), List.of(v, v.zeroedLike())))
                    .isInstanceOf(CommException.class).hasMessageContaining("also a block sent");
            // nothing was sent: the group still works
            Payload into = v.zeroedLike();
            coll.allreduceInto(v, into, ReduceOps.SUM);
            assertThat(into).isEqualTo(ReduceOps.SUM.apply(Payload.ofLongs(longs(0, 100)),
                    Payload.ofLongs(longs(1, 100))));
            return null;
        });
    }

    @Test
    void arraysOfDifferentLengthsInTheRingAreRefusedNamingBothLengths() {
        assertThatThrownBy(() -> RankHarness.run(3, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(5));
            coll.allreduce(Payload.ofLongs(longs(1, comm.rank() == 1 ? 90 : 99)), ReduceOps.SUM,
                    AllreduceStreamedRing.INSTANCE);
            return null;
        })).hasStackTraceContaining("this rank expects");
    }
}
