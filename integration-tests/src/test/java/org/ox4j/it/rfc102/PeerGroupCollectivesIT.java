package org.ox4j.it.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.server.rfc102.AsirOperator;
import org.ox4j.server.rfc102.AsirOperators;
import org.ox4j.server.rfc102.PeerFailureException;
import org.ox4j.server.rfc102.PeerGroup;
import org.ox4j.server.rfc102.ResetMode;

/**
 * RFC-102 broadcast and reduction among in-JVM members over real sockets, against sequential oracles: sizes
 * {1, 2, 3, 5, 8}, every root, int/bignum/list payloads; polynomials for fewer cases; reset after an abandoned
 * collective; a member closed in the middle of a reduction; a silent member (timeout).
 */
class PeerGroupCollectivesIT {
    private static final int[] SIZES = {1, 2, 3, 5, 8};
    private static final AsirOperator PLUS = AsirOperators.resolve("+", null).orElseThrow();
    private static final AsirOperator APPEND = AsirOperators.resolve("append", null).orElseThrow();

    @Test
    void bcastAndReduceOfNumbersAndListsMatchTheOracleForEverySizeAndRoot() throws Exception {
        IntFunction<Cmo> small = Oracles::small;
        IntFunction<Cmo> bignum = Oracles::bignum;
        IntFunction<Cmo> list = Oracles::list;
        List<IntFunction<Cmo>> numberPayloads = List.of(small, bignum);
        for (int n : SIZES) {
            try (LocalPeerGroups g = new LocalPeerGroups(n, Duration.ofSeconds(30), false)) {
                for (int root = 0; root < n; root++) {
                    int r = root;
                    for (IntFunction<Cmo> payload : List.of(small, bignum, list)) {
                        Cmo expected = payload.apply(root);
                        List<Cmo> got = g.runAll(me -> g.member(me).bcast(r, me == r ? payload.apply(me)
                                : CmoString.of("ignored"), g.interruptions.get(me)));
                        assertThat(got).as("bcast n=%d root=%d", n, root).allMatch(expected::equals);
                    }
                    for (IntFunction<Cmo> payload : numberPayloads) {
                        List<Cmo> got = g.runAll(me -> g.member(me).reduce(r, PLUS, payload.apply(me),
                                g.interruptions.get(me)));
                        assertRootOnly(got, r, Oracles.sum(n, payload));
                    }
                    List<Cmo> got = g.runAll(me -> g.member(me).reduce(r, APPEND, Oracles.list(me),
                            g.interruptions.get(me)));
                    assertRootOnly(got, r, Oracles.appended(n, r, Oracles::list));
                }
            }
        }
    }

    @Test
    void polynomialsOverTcpLinks() throws Exception {
        for (int n : new int[] {3, 8}) {
            try (LocalPeerGroups g = new LocalPeerGroups(n, Duration.ofSeconds(30), true)) {
                for (int root : new int[] {0, n - 1}) {
                    int r = root;
                    List<Cmo> got = g.runAll(me -> g.member(me).bcast(r, Oracles.polynomial(me),
                            g.interruptions.get(me)));
                    assertThat(got).allMatch(Oracles.polynomial(root)::equals);
                    got = g.runAll(me -> g.member(me).reduce(r, APPEND, Oracles.polynomial(me),
                            g.interruptions.get(me)));
                    assertRootOnly(got, r, Oracles.appended(n, r, Oracles::polynomial));
                }
            }
        }
    }

    @Test
    void resetAfterAnAbandonedBcastAndReduceRestoresTheLinks() throws Exception {
        try (LocalPeerGroups g = new LocalPeerGroups(5, Duration.ofSeconds(30), false)) {
            // only the root takes part: its messages stay in the links 0→4, 0→2, 0→1
            g.member(0).bcast(0, CmoString.of("stale"), g.interruptions.get(0));
            // rank 3 alone sends its reduce contribution towards rank 2 (a high → low message)
            g.member(3).reduce(0, PLUS, CmoZZ.of(1000), g.interruptions.get(3));
            g.member(1).reduce(0, PLUS, CmoZZ.of(1000), g.interruptions.get(1));
            g.runAll(me -> {
                g.member(me).reset(ResetMode.BOTH_DIRECTIONS, g.interruptions.get(me));
                return CmoNull.INSTANCE;
            });
            List<Cmo> got = g.runAll(me -> g.member(me).bcast(2, me == 2 ? CmoString.of("fresh") : CmoNull.INSTANCE,
                    g.interruptions.get(me)));
            assertThat(got).allMatch(CmoString.of("fresh")::equals);
            got = g.runAll(me -> g.member(me).reduce(0, PLUS, CmoZZ.of(me + 1), g.interruptions.get(me)));
            assertRootOnly(got, 0, CmoZZ.of(15));
        }
    }

    @Test
    void asirResetEmptiesTheLowToHighDirection() throws Exception {
        try (LocalPeerGroups g = new LocalPeerGroups(4, Duration.ofSeconds(30), false)) {
            g.member(0).bcast(0, CmoString.of("stale"), g.interruptions.get(0));
            g.runAll(me -> {
                g.member(me).reset(ResetMode.ASIR, g.interruptions.get(me));
                return CmoNull.INSTANCE;
            });
            List<Cmo> got = g.runAll(me -> g.member(me).bcast(0, me == 0 ? CmoString.of("fresh") : CmoNull.INSTANCE,
                    g.interruptions.get(me)));
            assertThat(got).allMatch(CmoString.of("fresh")::equals);
        }
    }

    /**
     * A master that resets its members one after another lets the first reset member drain its links while the
     * others still wait in a broadcast: its SYNC_BALL must end their broadcast with an error naming it, and must
     * still count for their own drains, which otherwise wait for a ball that was already taken (the group hung).
     */
    @ParameterizedTest
    @EnumSource(ResetMode.class)
    void aMemberThatDrainsFirstEndsTheOthersCollectiveAndTheirDrainsDoNotWaitForItsBall(ResetMode mode)
            throws Exception {
        try (LocalPeerGroups g = new LocalPeerGroups(3, Duration.ofSeconds(60), false)) {
            List<CompletableFuture<Cmo>> waiting = g.start(List.of(1, 2),
                    me -> g.member(me).bcast(0, CmoNull.INSTANCE, g.interruptions.get(me)));
            CompletableFuture<Cmo> first = g.start(List.of(0), me -> {
                g.member(me).reset(mode, g.interruptions.get(me));
                return CmoNull.INSTANCE;
            }).get(0);
            for (CompletableFuture<Cmo> f : waiting) {
                assertThat(f).failsWithin(20, TimeUnit.SECONDS).withThrowableOfType(Exception.class).havingCause()
                        .isInstanceOf(PeerFailureException.class)
                        .withMessageStartingWith("rfc102: rank 0 failed: it reset its links");
            }
            // far below the 60 s timeout: every ball is counted once
            for (CompletableFuture<Cmo> f : g.start(List.of(1, 2), me -> {
                g.member(me).reset(mode, g.interruptions.get(me));
                return CmoNull.INSTANCE;
            })) {
                f.get(20, TimeUnit.SECONDS);
            }
            first.get(20, TimeUnit.SECONDS);
            List<Cmo> got = g.runAll(me -> g.member(me).bcast(0, me == 0 ? CmoString.of("fresh") : CmoNull.INSTANCE,
                    g.interruptions.get(me)));
            assertThat(got).allMatch(CmoString.of("fresh")::equals);
        }
    }

    @Test
    void aMemberClosedMidReduceIsNamedByEveryWaitingMemberAndTheSurvivorsGoOnAfterReset() throws Exception {
        try (LocalPeerGroups g = new LocalPeerGroups(4, Duration.ofSeconds(60), false)) {
            // ranks 0..2 enter the reduction; rank 3 (child of 2) dies instead of sending
            List<CompletableFuture<Cmo>> fs = g.start(List.of(0, 1, 2),
                    me -> g.member(me).reduce(0, PLUS, CmoZZ.of(10 + me), g.interruptions.get(me)));
            g.member(3).close();
            // far below the 60 s timeout: the closed link is reported at once and passed on
            for (int waiting : List.of(0, 2)) {
                assertThat(fs.get(waiting)).failsWithin(20, TimeUnit.SECONDS)
                        .withThrowableOfType(Exception.class).havingCause()
                        .isInstanceOf(PeerFailureException.class).withMessageStartingWith("rfc102: rank 3 failed");
            }
            assertThat(fs.get(1).get(20, TimeUnit.SECONDS)).isEqualTo(CmoNull.INSTANCE);
            List<Integer> survivors = List.of(0, 1, 2);
            for (CompletableFuture<Cmo> f : g.start(survivors, me -> {
                g.member(me).reset(ResetMode.BOTH_DIRECTIONS, g.interruptions.get(me));
                g.member(me).setRank(3, me);
                return CmoNull.INSTANCE;
            })) {
                f.get(30, TimeUnit.SECONDS);
            }
            assertThat(g.member(0).linkedPeers()).containsExactly(1, 2);
            List<CompletableFuture<Cmo>> again = g.start(survivors,
                    me -> g.member(me).reduce(0, PLUS, CmoZZ.of(10 + me), g.interruptions.get(me)));
            assertThat(again.get(0).get(30, TimeUnit.SECONDS)).isEqualTo(CmoZZ.of(33));
        }
    }

    @Test
    void aSilentMemberIsNamedAfterTheTimeout() throws Exception {
        try (LocalPeerGroups g = new LocalPeerGroups(3, Duration.ofMillis(1500), false)) {
            // rank 1 stays silent: rank 0 receives from 1 first
            List<CompletableFuture<Cmo>> fs = g.start(List.of(0, 2),
                    me -> g.member(me).reduce(0, PLUS, CmoZZ.of(me), g.interruptions.get(me)));
            assertThat(fs.get(0)).failsWithin(20, TimeUnit.SECONDS).withThrowableOfType(Exception.class)
                    .havingCause().withMessageStartingWith("rfc102: rank 1 failed: nothing received within");
        }
    }

    @Test
    void envelopesGoToTheListenerAndPlainDataToTheFifo() throws Exception {
        try (LocalPeerGroups g = new LocalPeerGroups(2, Duration.ofSeconds(10), false)) {
            ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
            g.member(1).setListener(new PeerGroup.Listener() {
                @Override
                public void onEnvelope(int sourceRank, Cmo envelope) {
                    seen.add(sourceRank + ":" + ((CmoList) envelope).size());
                }

                @Override
                public void onStreamBody(int sourceRank, org.ox4j.mpi.comm.StreamBody body) {
                    seen.add("stream " + sourceRank + ":" + body.length());
                }

                @Override
                public void onLinkFailure(int peerRank, Throwable cause) {
                    seen.add("failed " + peerRank);
                }
            });
            Cmo envelope = CmoList.of(CmoString.of("ox4j-mpi"), CmoZZ.of(1), CmoZZ.of(2));
            g.member(0).sendEnvelope(1, envelope).get(10, TimeUnit.SECONDS);
            g.member(0).send(1, CmoString.of("plain"), g.interruptions.get(0));
            assertThat(g.member(1).receive(0, g.interruptions.get(1))).isEqualTo(CmoString.of("plain"));
            assertThat(seen).containsExactly("0:3");
            g.member(0).close();
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> seen.contains("failed 0"));
        }
    }

    @Test
    void anEnvelopeThatArrivesBeforeTheMessagingLayerAttachesWaitsForIt() throws Exception {
        try (LocalPeerGroups g = new LocalPeerGroups(2, Duration.ofSeconds(20), false)) {
            Cmo envelope = CmoList.of(CmoString.of("ox4j-mpi"), CmoZZ.of(7));
            // the envelope is on member 1's link before member 1 has a messaging layer (created lazily in a server)
            g.member(0).sendEnvelope(1, envelope).get(10, TimeUnit.SECONDS);
            g.member(0).send(1, CmoString.of("after"), g.interruptions.get(0));
            ConcurrentLinkedQueue<Cmo> seen = new ConcurrentLinkedQueue<>();
            g.member(1).setListener(new PeerGroup.Listener() {
                @Override
                public void onEnvelope(int sourceRank, Cmo e) {
                    seen.add(e);
                }

                @Override
                public void onStreamBody(int sourceRank, org.ox4j.mpi.comm.StreamBody body) {
                }

                @Override
                public void onLinkFailure(int peerRank, Throwable cause) {
                }
            });
            assertThat(g.member(1).receive(0, g.interruptions.get(1))).isEqualTo(CmoString.of("after"));
            assertThat(seen).containsExactly(envelope);
        }
    }

    private static void assertRootOnly(List<Cmo> got, int root, Cmo expected) {
        for (int me = 0; me < got.size(); me++) {
            assertThat(got.get(me)).as("member %d (root %d)", me, root)
                    .isEqualTo(me == root ? expected : CmoNull.INSTANCE);
        }
    }
}
