package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

class PointToPointTest {
    private static final Duration LONG = Duration.ofSeconds(20);

    @Test
    void sendsCmoAndArraysBothWays() {
        List<Object> got = RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                c.send(CmoZZ.of(-12345678901L), 1, 5);
                c.send(Payload.ofLongs(1, -2, Long.MAX_VALUE), 1, 6);
                c.send(Payload.ofDoubles(0.5, -1e300), 1, 7);
                c.send(Payload.ofBytes((byte) 1, (byte) -1), 1, 8);
                return c.recv(1, 9).payload().cmo();
            }
            List<Payload> ps = new ArrayList<>();
            Message m = c.recv(0, 5);
            assertThat(m.status().source()).isZero();
            assertThat(m.status().tag()).isEqualTo(5);
            ps.add(m.payload());
            ps.add(c.recv(0, 6).payload());
            ps.add(c.recv(0, 7).payload());
            ps.add(c.recv(0, 8).payload());
            c.send(CmoString.of("thanks"), 0, 9);
            return ps;
        });
        assertThat(got.get(0)).isEqualTo(CmoString.of("thanks"));
        assertThat(got.get(1)).isEqualTo(List.of(Payload.of(CmoZZ.of(-12345678901L)),
                Payload.ofLongs(1, -2, Long.MAX_VALUE), Payload.ofDoubles(0.5, -1e300),
                Payload.ofBytes((byte) 1, (byte) -1)));
    }

    @Test
    void envelopesSurviveTheCodec() {
        try (InMemoryTransport.Group g = InMemoryTransport.groupThroughCodec(2)) {
            List<Payload> got = RankHarness.run(g, c -> {
                if (c.rank() == 0) {
                    c.send(Payload.ofLongs(7, 8, 9), 1, 1);
                    c.sSend(CmoList.of(new CmoInt32(3), CmoString.of("x")), 1, 2);
                    return null;
                }
                Payload a = c.recv(0, 1).payload();
                assertThat(c.recv(0, 2).payload().cmo()).isEqualTo(CmoList.of(new CmoInt32(3), CmoString.of("x")));
                return a;
            });
            assertThat(got.get(1)).isEqualTo(Payload.ofLongs(7, 8, 9));
        }
    }

    /**
     * An eager array arrives in its wire form (the message's own bytes) and leaves it on every way out: into a posted
     * Java or direct buffer, into a buffer posted after it came, as a new Java array for a receive without one, and
     * through a matched probe. Equality compares elements whatever holds them, so each case reads the array itself.
     */
    @Test
    void anEagerArrayReachesTheApplicationAsAJavaArrayOrInItsBuffer() {
        try (InMemoryTransport.Group g = InMemoryTransport.groupThroughCodec(2)) {
            List<String> got = RankHarness.run(g, c -> {
                if (c.rank() == 0) {
                    c.send(Payload.ofLongs(1, -2, Long.MAX_VALUE), 1, 1);
                    c.send(Payload.ofDoubles(0.5, -1e300), 1, 2);
                    c.send(Payload.ofBytes((byte) 7, (byte) -7), 1, 3);
                    c.send(Payload.ofLongs(4, 5), 1, 4);
                    c.send(Payload.ofLongs(6, 7, 8), 1, 5);
                    c.sSend(Payload.ofLongs(0), 1, 9); // rank 1's receives were posted before this returns
                    c.send(Payload.ofLongs(9, 10), 1, 6);
                    return null;
                }
                long[] posted = new long[3];
                Request intoArray = c.iRecv(Payload.ofLongs(posted), 0, 1);
                Payload direct = Payload.direct(Payload.Kind.DOUBLES, 2);
                Request intoDirect = c.iRecv(direct, 0, 2);
                Request noBuffer = c.iRecv(0, 3);
                c.recv(0, 9);
                StringBuilder out = new StringBuilder();
                assertThat(intoArray.payload().longs()).isSameAs(posted);
                out.append(java.util.Arrays.toString(posted));
                intoDirect.await();
                out.append(java.util.Arrays.toString(direct.onHeap().doubles()));
                out.append(java.util.Arrays.toString(noBuffer.payload().bytes()));
                // came before any receive: kept as it came, then copied into a buffer or made an array
                long[] late = new long[2];
                c.recv(Payload.ofLongs(late), 0, 4);
                out.append(java.util.Arrays.toString(late));
                out.append(java.util.Arrays.toString(c.mRecv(c.mProbe(0, 5)).payload().longs()));
                Payload unposted = c.recv(0, 6).payload();
                assertThat(unposted.isDirect()).isFalse();
                out.append(java.util.Arrays.toString(unposted.longs())).append(unposted);
                return out.toString();
            });
            assertThat(got.get(1)).isEqualTo("[1, -2, " + Long.MAX_VALUE + "][0.5, -1.0E300][7, -7][4, 5][6, 7, 8]"
                    + "[9, 10]Payload[LONGS x 2]");
        }
    }

    /**
     * Through the codec, an array message that a posted receive waits for is matched before its elements are read,
     * which then go into that receive's buffer in pieces (or into a new array for a receive without one); an older
     * matching receive still takes it first (matching order is not changed by the shortcut), and a synchronous sender
     * is acknowledged once the elements are in.
     */
    @Test
    void postedBuffersTakeArrayMessagesBeforeTheirElementsAreRead() {
        List<Payload> sent = arraysOfEveryKind(0, 1, 125, 126, 4000);
        try (InMemoryTransport.Group g = InMemoryTransport.groupThroughCodec(2)) {
            List<String> got = RankHarness.run(g, c -> {
                if (c.rank() == 0) {
                    c.recv(1, 99); // every receive below is posted
                    for (int i = 0; i < sent.size(); i++) {
                        if (i % 3 == 0) {
                            c.sSend(sent.get(i), 1, 10 + i);
                        } else {
                            c.send(sent.get(i), 1, 10 + i);
                        }
                    }
                    c.send(Payload.ofLongs(5, 6), 1, 50);
                    return null;
                }
                List<Request> rs = new ArrayList<>();
                List<Payload> buffers = new ArrayList<>();
                for (int i = 0; i < sent.size(); i++) {
                    Payload shape = sent.get(i);
                    buffers.add(shape.kind() == Payload.Kind.DOUBLES ? Payload.direct(shape.kind(), shape.count())
                            : shape.zeroedLike());
                    rs.add(c.iRecv(buffers.get(i), 0, 10 + i));
                }
                Request anyTag = c.iRecv(0, Communicator.ANY_TAG);
                Request tagged = c.iRecv(Payload.ofLongs(new long[2]), 0, 50);
                c.send(Payload.NONE, 0, 99);
                for (int i = 0; i < rs.size(); i++) {
                    Message m = rs.get(i).awaitMessage();
                    assertThat(m.payload()).isSameAs(buffers.get(i));
                    assertThat(m.status()).isEqualTo(new Status(0, 10 + i, sent.get(i).count(),
                            sent.get(i).byteSize(), false));
                    assertThat(m.payload().onHeap()).as("message %d", i).isEqualTo(sent.get(i));
                }
                return java.util.Arrays.toString(anyTag.payload().longs()) + tagged.test() + tagged.cancel();
            });
            assertThat(got.get(1)).isEqualTo("[5, 6]falsetrue");
            assertThat(g.transport(1).arraysIntoPlace()).isEqualTo(sent.size() + 1L);
        }
    }

    /** For each count, a long[], a double[] and a byte[] (one longer) of distinct values. */
    private static List<Payload> arraysOfEveryKind(int... counts) {
        List<Payload> out = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            long[] l = new long[counts[i]];
            double[] d = new double[counts[i]];
            byte[] b = new byte[counts[i] + 1];
            for (int k = 0; k < l.length; k++) {
                l[k] = k * 0x0101010101L - i;
                d[k] = k / 7.0;
            }
            java.util.Arrays.fill(b, (byte) i);
            out.add(Payload.ofLongs(l));
            out.add(Payload.ofDoubles(d));
            out.add(Payload.ofBytes(b));
        }
        return out;
    }

    @Test
    void messagesFromOneSenderAreNotOvertaken() {
        int n = 200;
        List<List<Integer>> got = RankHarness.run(3, c -> {
            List<Integer> seen = new ArrayList<>();
            if (c.rank() > 0) {
                for (int i = 0; i < n; i++) {
                    c.iSend(new CmoInt32(c.rank() * 1000 + i), 0, i % 3);
                }
                return seen;
            }
            for (int i = 0; i < 2 * n; i++) {
                seen.add(((CmoInt32) c.recv(Communicator.ANY_SOURCE, Communicator.ANY_TAG).payload().cmo()).value());
            }
            return seen;
        });
        List<Integer> seen = got.get(0);
        assertThat(seen.stream().filter(v -> v < 2000).toList()).isSorted().hasSize(n);
        assertThat(seen.stream().filter(v -> v >= 2000).toList()).isSorted().hasSize(n);
    }

    @Test
    void receivesPostedInOrderAreSatisfiedInOrder() {
        List<List<Integer>> got = RankHarness.run(2, c -> {
            if (c.rank() == 1) {
                List<Request> rs = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    rs.add(c.iRecv(0, Communicator.ANY_TAG));
                }
                c.send(new CmoInt32(0), 0, 99); // tell rank 0 the receives are posted
                Requests.waitAll(rs, LONG);
                List<Integer> tags = new ArrayList<>();
                for (Request r : rs) {
                    tags.add(((CmoInt32) r.payload().cmo()).value());
                }
                return tags;
            }
            c.recv(1, 99);
            for (int i = 0; i < 5; i++) {
                c.send(new CmoInt32(i), 1, 10 - i);
            }
            return List.of();
        });
        assertThat(got.get(1)).containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void wildcardsMatchByTagAndSource() {
        List<Status> got = RankHarness.run(3, c -> {
            if (c.rank() == 2) {
                Status s1 = c.recv(Communicator.ANY_SOURCE, 4).status();
                Status s2 = c.recv(1, Communicator.ANY_TAG).status();
                return new Status(s1.source() * 10 + s2.source(), s1.tag() * 10 + s2.tag(), 0, 0, false);
            }
            c.send(new CmoInt32(c.rank()), 2, c.rank() == 0 ? 4 : 3);
            return null;
        });
        assertThat(got.get(2).source()).isEqualTo(1);
        assertThat(got.get(2).tag()).isEqualTo(43);
    }

    @Test
    void synchronousSendCompletesOnlyAfterTheMatchingReceive() {
        RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                Request s = c.isSend(CmoString.of("sync"), 1, 1);
                c.recv(1, 2); // rank 1 has seen the message arrive (probe) but not received it
                assertThat(s.test()).as("ssend complete before the receive").isFalse();
                c.send(new CmoInt32(0), 1, 3);
                s.await(LONG);
                return true;
            }
            Status st = c.probe(0, 1, LONG);
            assertThat(st.source()).isZero();
            c.send(new CmoInt32(0), 0, 2);
            c.recv(0, 3);
            assertThat(c.recv(0, 1).payload().cmo()).isEqualTo(CmoString.of("sync"));
            return true;
        });
    }

    @Test
    void bufferedSendOverflowIsAnErrorAndSpaceIsReleasedOnceTheMessageLeft() {
        try (InMemoryTransport.Group g = InMemoryTransport.group(2)) {
            HeldTransport held = new HeldTransport(g.transport(0));
            Communicator c0 = Communicator.world(held);
            Communicator c1 = Communicator.world(g.transport(1));
            assertThatThrownBy(() -> c0.bSend(Payload.ofBytes(new byte[10]), 1, 1))
                    .isInstanceOf(CommException.class).hasMessageContaining("insufficient space in Bsend buffer");
            long one = 1000 + Communicator.bsendOverhead();
            c0.attachBuffer(one);
            Request b = c0.ibSend(Payload.ofBytes(new byte[1000]), 1, 1);
            assertThat(b.test()).as("buffered send is local").isTrue();
            assertThat(c0.bufferUsed()).isEqualTo(one);
            assertThatThrownBy(() -> c0.bSend(Payload.ofBytes(new byte[1]), 1, 1))
                    .isInstanceOf(CommException.class).hasMessageContaining("insufficient space in Bsend buffer");
            held.release();
            assertThat(c0.bufferUsed()).isZero();
            assertThat(c0.detachBuffer()).isEqualTo(one);
            assertThat(c1.recv(0, 1, LONG).payload().bytes()).hasSize(1000);
        }
    }

    @Test
    void bufferedSendOverflowWithASmallBuffer() {
        RankHarness.run(1, c -> {
            c.attachBuffer(100);
            assertThatThrownBy(() -> c.bSend(Payload.ofBytes(new byte[100]), 0, 1))
                    .isInstanceOf(CommException.class).hasMessageContaining("insufficient space in Bsend buffer");
            c.detachBuffer();
            return null;
        });
    }

    @Test
    void readySendWithoutPostedReceiveIsReportedToTheSender() {
        RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                assertThatThrownBy(() -> c.rSend(CmoString.of("too early"), 1, 1))
                        .isInstanceOf(CommException.class)
                        .hasMessageContaining("no posted receive")
                        .satisfies(t -> assertThat(((CommException) t).rank()).isEqualTo(1));
                c.send(new CmoInt32(0), 1, 2);
                c.recv(1, 3); // rank 1 posted its receive
                c.rSend(CmoString.of("ready"), 1, 1);
                return true;
            }
            c.recv(0, 2);
            Request r = c.iRecv(0, 1);
            c.send(new CmoInt32(0), 0, 3);
            assertThat(r.payload().cmo()).isEqualTo(CmoString.of("ready"));
            assertThat(c.iProbe(0, 1)).isEmpty();
            return true;
        });
    }

    @Test
    void pendingReceiveCanBeCancelled() {
        RankHarness.run(2, c -> {
            if (c.rank() == 1) {
                Request r = c.iRecv(0, 7);
                assertThat(r.cancel()).isTrue();
                assertThat(r.await().cancelled()).isTrue();
                c.send(new CmoInt32(0), 0, 1);
                Message m = c.recv(0, 7);
                assertThat(m.payload().cmo()).isEqualTo(new CmoInt32(42));
                assertThat(m.status().cancelled()).isFalse();
                Request done = c.iRecv(0, 8);
                done.await(LONG);
                assertThat(done.cancel()).isFalse();
                return true;
            }
            c.recv(1, 1);
            c.send(new CmoInt32(42), 1, 7);
            c.send(new CmoInt32(43), 1, 8);
            return true;
        });
    }

    @Test
    void waitAnyReturnsTheCompletedRequest() {
        RankHarness.run(3, c -> {
            if (c.rank() == 0) {
                List<Request> rs = new ArrayList<>();
                rs.add(c.iRecv(1, 1));
                rs.add(null);
                rs.add(c.iRecv(2, 1));
                assertThat(Requests.testAny(rs)).isEqualTo(Requests.UNDEFINED);
                c.send(new CmoInt32(0), 2, 5); // only rank 2 may send now
                int i = Requests.waitAny(rs, LONG);
                assertThat(i).isEqualTo(2);
                assertThat(Requests.testSome(rs)).containsExactly(2);
                assertThat(Requests.testAny(rs)).isEqualTo(2);
                assertThat(Requests.testAll(rs)).isFalse();
                c.send(new CmoInt32(0), 1, 5);
                assertThat(Requests.waitAll(rs, LONG)).hasSize(3);
                assertThat(Requests.waitAny(List.of())).isEqualTo(Requests.UNDEFINED);
                return true;
            }
            c.recv(0, 5);
            c.send(new CmoInt32(c.rank()), 0, 1);
            return true;
        });
    }

    @Test
    void probeReportsWithoutReceiving() {
        RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                c.send(Payload.ofLongs(1, 2, 3), 1, 4);
                return true;
            }
            Status s = c.probe(Communicator.ANY_SOURCE, Communicator.ANY_TAG, LONG);
            assertThat(s.source()).isZero();
            assertThat(s.tag()).isEqualTo(4);
            assertThat(s.count()).isEqualTo(3);
            assertThat(s.byteCount()).isEqualTo(24);
            assertThat(c.iProbe(0, 4)).contains(s);
            assertThat(c.iProbe(0, 5)).isEmpty();
            assertThat(c.recv(0, 4).payload().longs()).containsExactly(1, 2, 3);
            assertThat(c.iProbe(0, 4)).isEmpty();
            return true;
        });
    }

    @Test
    void procNullCompletesAtOnce() {
        RankHarness.run(1, c -> {
            c.send(CmoString.of("x"), Communicator.PROC_NULL, 1);
            Message m = c.recv(Communicator.PROC_NULL, 1);
            assertThat(m.status().source()).isEqualTo(Communicator.PROC_NULL);
            assertThat(m.status().count()).isZero();
            return null;
        });
    }

    @Test
    void receiveTimesOutAndLeavesNothingPosted() {
        RankHarness.run(2, c -> {
            if (c.rank() == 1) {
                assertThatThrownBy(() -> c.recv(0, 1, Duration.ofMillis(50)))
                        .isInstanceOf(CommException.class).hasMessageContaining("not complete");
                c.send(new CmoInt32(0), 0, 2);
                assertThat(c.recv(0, 1).payload().cmo()).isEqualTo(new CmoInt32(1));
                return true;
            }
            c.recv(1, 2);
            c.send(new CmoInt32(1), 1, 1);
            return true;
        });
    }

    @Test
    void linkFailureFailsPendingRequestsNamingTheRank() {
        try (InMemoryTransport.Group g = InMemoryTransport.group(3)) {
            Communicator c0 = Communicator.world(g.transport(0));
            Communicator.world(g.transport(1));
            Communicator.world(g.transport(2));
            Request fromOne = c0.iRecv(1, 1);
            Request any = c0.iRecv(Communicator.ANY_SOURCE, 2);
            Request sync = c0.isSend(CmoString.of("x"), 1, 3);
            g.breakLink(0, 1, new java.io.IOException("connection reset"));
            for (Request r : List.of(fromOne, any, sync)) {
                assertThatThrownBy(() -> r.await(LONG)).isInstanceOf(CommException.class)
                        .hasMessageContaining("rank 1")
                        .satisfies(t -> assertThat(((CommException) t).rank()).isEqualTo(1));
            }
            assertThatThrownBy(() -> c0.send(CmoString.of("y"), 1, 1))
                    .satisfies(t -> assertThat(((CommException) t).rank()).isEqualTo(1));
            assertThatThrownBy(() -> c0.recv(1, 1, LONG))
                    .satisfies(t -> assertThat(((CommException) t).rank()).isEqualTo(1));
        }
    }

    @Test
    void selfMessagesWork() {
        RankHarness.run(1, c -> {
            long[] a = {1, 2};
            Request s = c.isSend(Payload.ofLongs(a), 0, 1);
            a[0] = 99; // the self path copies like a wire would
            assertThat(c.recv(0, 1).payload().longs()).containsExactly(1, 2);
            s.await(LONG);
            return null;
        });
    }

    @Test
    void sendRecvExchanges64MiBBothWaysWithoutDeadlock() {
        int n = 8 << 20; // 8 Mi longs = 64 MiB
        List<Long> sums = RankHarness.run(2, c -> {
            long[] mine = new long[n];
            java.util.Arrays.fill(mine, c.rank() + 1L);
            mine[n - 1] = 1000 + c.rank();
            int other = 1 - c.rank();
            Message m = c.sendRecv(Payload.ofLongs(mine), other, 1, other, 1, Duration.ofSeconds(50));
            long[] got = m.payload().longs();
            assertThat(got).hasSize(n);
            assertThat(got[n - 1]).isEqualTo(1000 + other);
            return got[0];
        });
        assertThat(sums).containsExactly(2L, 1L);
    }

    @Test
    void malformedEnvelopesAreRejected() {
        assertThatThrownBy(() -> PeerWire.decode(CmoString.of("ox4j-mpi")))
                .isInstanceOf(CommException.class).hasMessageContaining("not an ox4j-mpi envelope");
        assertThat(PeerWire.isEnvelope(CmoList.of(CmoString.of("hello")))).isFalse();
        Envelope e = new Envelope(Envelope.Kind.DATA, 0, 1, 2, SendMode.SYNCHRONOUS, 3, Payload.ofDoubles(1.5));
        Envelope back = PeerWire.decode(PeerWire.encode(e));
        assertThat(back).isEqualTo(e);
    }
}
