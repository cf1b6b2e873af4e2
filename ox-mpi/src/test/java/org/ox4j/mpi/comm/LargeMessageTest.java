package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoInt32;

/**
 * Large messages: standard sends of arrays of at least {@link PeerEndpoint#largeMessageBytes()} travel as a header
 * and a stream body, and must behave exactly like other messages (matching order, status, probes) while their
 * bytes go into the posted receive's buffer.
 */
class LargeMessageTest {
    private static final int LARGE = (int) (PeerEndpoint.largeMessageBytes() / 8) + 3;

    private static long[] longs(int n, long seed) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = seed * 1_000_003L + i * 0x9E3779B97F4A7C15L;
        }
        return a;
    }

    @Test
    void aPostedReceiveGetsTheBodyInItsOwnBuffer() {
        List<Object> got = RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                c.recv(1, 1);
                c.send(Payload.ofLongs(longs(LARGE, 7)), 1, 2);
                return null;
            }
            Payload buffer = Payload.ofLongs(new long[LARGE]);
            Request r = c.iRecv(buffer, 0, 2);
            c.send(new CmoInt32(0), 0, 1);
            Message m = r.awaitMessage();
            assertThat(m.payload()).isSameAs(buffer);
            assertThat(m.status().count()).isEqualTo(LARGE);
            assertThat(m.status().byteCount()).isEqualTo(8L * LARGE);
            assertThat(m.status().source()).isZero();
            assertThat(m.status().tag()).isEqualTo(2);
            return buffer.longs();
        });
        assertThat((long[]) got.get(1)).isEqualTo(longs(LARGE, 7));
    }

    @Test
    void aMessageThatCameFirstIsKeptWholeForALaterReceive() {
        List<Object> got = RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                c.send(Payload.ofLongs(longs(LARGE, 1)), 1, 5);
                c.send(Payload.ofDoubles(2.5, -1), 1, 6);
                c.send(Payload.ofLongs(longs(LARGE, 2)), 1, 5);
                return null;
            }
            // the small message behind the first large one is taken first: the large one waits, whole
            assertThat(c.recv(0, 6).payload()).isEqualTo(Payload.ofDoubles(2.5, -1));
            Status s = c.probe(0, 5);
            assertThat(s.count()).isEqualTo(LARGE);
            assertThat(s.byteCount()).isEqualTo(8L * LARGE);
            List<long[]> out = new ArrayList<>();
            out.add(c.recv(0, 5).payload().longs());
            Payload buffer = Payload.ofLongs(new long[LARGE]);
            assertThat(c.recv(buffer, 0, 5).payload()).isSameAs(buffer);
            out.add(buffer.longs());
            return out;
        });
        @SuppressWarnings("unchecked")
        List<long[]> out = (List<long[]>) got.get(1);
        assertThat(out.get(0)).isEqualTo(longs(LARGE, 1));
        assertThat(out.get(1)).isEqualTo(longs(LARGE, 2));
    }

    @Test
    void largeAndSmallMessagesFromOneSenderMatchInSendingOrder() {
        int n = 7;
        List<Object> got = RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                for (int i = 0; i < n; i++) {
                    c.send(i % 2 == 0 ? Payload.ofLongs(longs(LARGE, i)) : Payload.ofLongs(i), 1, 3);
                }
                return null;
            }
            List<Long> firsts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long[] a = c.recv(Communicator.ANY_SOURCE, Communicator.ANY_TAG).payload().longs();
                assertThat(a).hasSize(i % 2 == 0 ? LARGE : 1);
                firsts.add(i % 2 == 0 ? (a[0] == longs(1, i)[0] ? (long) i : -1L) : a[0]);
            }
            return firsts;
        });
        assertThat((List<?>) got.get(1)).isEqualTo(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L));
    }

    @Test
    void everyArrayKindAndTheMatchedProbe() {
        byte[] bytes = new byte[(int) PeerEndpoint.largeMessageBytes() + 5];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        double[] doubles = new double[LARGE];
        Arrays.setAll(doubles, i -> i / 3.0 - 17);
        List<Object> got = RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                c.send(Payload.ofBytes(bytes), 1, 1);
                c.send(Payload.ofDoubles(doubles), 1, 2);
                return null;
            }
            MatchedMessage m = c.mProbe(0, 1);
            assertThat(m.status().count()).isEqualTo(bytes.length);
            Payload b = c.mRecv(m).payload();
            Payload d = Payload.ofDoubles(new double[LARGE]);
            c.recv(d, 0, 2);
            return List.of(b, d);
        });
        assertThat((List<?>) got.get(1)).isEqualTo(List.of(Payload.ofBytes(bytes), Payload.ofDoubles(doubles)));
    }

    @Test
    void aBufferThatDoesNotFitFailsThatReceiveOnly() {
        List<Object> got = RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                c.recv(1, 1);
                c.send(Payload.ofLongs(longs(LARGE, 3)), 1, 2);
                c.send(Payload.ofLongs(1, 2, 3), 1, 2);
                c.send(Payload.ofLongs(longs(LARGE, 4)), 1, 2);
                return null;
            }
            // posted first (the body is read off the link and dropped), then found already there, then a small one
            Request early = c.iRecv(Payload.ofLongs(new long[LARGE - 1]), 0, 2);
            c.send(new CmoInt32(0), 0, 1);
            assertThatThrownBy(early::awaitMessage).isInstanceOf(CommException.class);
            assertThatThrownBy(() -> c.recv(Payload.ofDoubles(new double[3]), 0, 2))
                    .isInstanceOf(CommException.class).hasMessageContaining("does not fit");
            Payload fits = Payload.ofLongs(new long[LARGE]);
            c.recv(fits, 0, 2);
            return fits.longs();
        });
        assertThat((long[]) got.get(1)).isEqualTo(longs(LARGE, 4));
    }

    private static Payload direct(long[] values) {
        return Payload.ofLongs(values).toDirect();
    }

    @Test
    void directMemoryGoesFromTheSenderIntoAPostedDirectBuffer() {
        List<Object> got = RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                Payload mine = direct(longs(LARGE, 11));
                c.recv(1, 1);
                c.send(mine, 1, 2);
                // the send buffer is the sender's still, untouched
                assertThat(mine.onHeap().longs()).isEqualTo(longs(LARGE, 11));
                c.send(Payload.ofLongs(longs(LARGE, 12)), 1, 3);
                c.send(direct(longs(LARGE, 13)), 1, 4);
                return null;
            }
            Payload buffer = Payload.direct(Payload.Kind.LONGS, LARGE);
            Request r = c.iRecv(buffer, 0, 2);
            c.send(new CmoInt32(0), 0, 1);
            Message m = r.awaitMessage();
            assertThat(m.payload()).isSameAs(buffer);
            assertThat(m.status().count()).isEqualTo(LARGE);
            List<long[]> out = new ArrayList<>();
            out.add(buffer.onHeap().longs());
            // an array into direct memory, direct memory into an array
            Payload buffer2 = Payload.direct(Payload.Kind.LONGS, LARGE);
            assertThat(c.recv(buffer2, 0, 3).payload()).isSameAs(buffer2);
            out.add(buffer2.onHeap().longs());
            out.add(c.recv(Payload.ofLongs(new long[LARGE]), 0, 4).payload().longs());
            return out;
        });
        @SuppressWarnings("unchecked")
        List<long[]> out = (List<long[]>) got.get(1);
        assertThat(out.get(0)).isEqualTo(longs(LARGE, 11));
        assertThat(out.get(1)).isEqualTo(longs(LARGE, 12));
        assertThat(out.get(2)).isEqualTo(longs(LARGE, 13));
    }

    @Test
    void aDirectMessageThatCameFirstOrSmallOrUnfittingActsAsAnArray() {
        List<Object> got = RankHarness.run(2, c -> {
            if (c.rank() == 0) {
                c.send(direct(longs(LARGE, 21)), 1, 5);
                c.send(direct(new long[] {4, 5, 6}), 1, 6);
                c.send(direct(longs(LARGE, 22)), 1, 7);
                c.send(direct(longs(LARGE, 23)), 1, 7);
                return null;
            }
            List<Object> out = new ArrayList<>();
            // the small one behind the large one first: the large one waits, whole, then is copied into the buffer
            Payload small = Payload.direct(Payload.Kind.LONGS, 3);
            assertThat(c.recv(small, 0, 6).payload()).isSameAs(small);
            out.add(small.onHeap().longs());
            Payload buffer = Payload.direct(Payload.Kind.LONGS, LARGE);
            c.recv(buffer, 0, 5);
            out.add(buffer.onHeap().longs());
            // matched and failed (whether the header came before the receive or after), as an array buffer that
            // does not fit: the message is gone with that receive
            assertThatThrownBy(() -> c.recv(Payload.direct(Payload.Kind.LONGS, LARGE - 1), 0, 7))
                    .isInstanceOf(CommException.class).hasMessageContaining("x " + (LARGE - 1) + ", direct");
            Payload fresh = c.recv(0, 7).payload();
            assertThat(fresh.isDirect()).isFalse();
            out.add(fresh.longs());
            return out;
        });
        List<?> out = (List<?>) got.get(1);
        assertThat((long[]) out.get(0)).containsExactly(4, 5, 6);
        assertThat((long[]) out.get(1)).isEqualTo(longs(LARGE, 21));
        assertThat((long[]) out.get(2)).isEqualTo(longs(LARGE, 23));
    }
}
