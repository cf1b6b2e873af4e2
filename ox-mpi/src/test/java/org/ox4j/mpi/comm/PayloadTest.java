package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.io.CmoWriter;

/** Array payloads in direct memory behave as arrays of their kind, and say clearly what they cannot do. */
class PayloadTest {
    private static Payload directLongs(long... values) {
        return Payload.ofLongs(values).toDirect();
    }

    @Test
    void aDirectPayloadHasItsKindsCountSizeAndElements() {
        Payload p = directLongs(5, -1, Long.MIN_VALUE);
        assertThat(p.isDirect()).isTrue();
        assertThat(p.isArray()).isTrue();
        assertThat(p.kind()).isEqualTo(Payload.Kind.LONGS);
        assertThat(p.count()).isEqualTo(3);
        assertThat(p.byteSize()).isEqualTo(24);
        assertThat(p.onHeap().longs()).containsExactly(5, -1, Long.MIN_VALUE);
        // equal by elements to the array payload of the same kind, whatever holds them
        assertThat(p).isEqualTo(Payload.ofLongs(5, -1, Long.MIN_VALUE)).hasSameHashCodeAs(Payload.ofLongs(5, -1,
                Long.MIN_VALUE));
        assertThat(p).isNotEqualTo(Payload.ofLongs(5, -1, 0));
        assertThat(p.sameArrayShape(Payload.ofLongs(new long[3]))).isTrue();
        assertThat(p.sameArrayShape(Payload.ofDoubles(new double[3]))).isFalse();
        // the wire's byte order
        assertThat(p.directBuffer().order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(p.directBuffer().get(0)).isEqualTo((byte) 5);
    }

    @Test
    void elementsCopyBetweenArraysAndDirectMemoryEveryWay() {
        double[] values = {1.5, -2.25, 1e300};
        Payload heap = Payload.ofDoubles(values.clone());
        Payload direct = Payload.direct(Payload.Kind.DOUBLES, 3);
        heap.copyTo(direct);
        assertThat(direct.onHeap().doubles()).containsExactly(values);
        Payload direct2 = direct.zeroedLike();
        assertThat(direct2.isDirect()).isTrue();
        assertThat(direct2.onHeap().doubles()).containsExactly(0, 0, 0);
        direct.copyTo(direct2);
        Payload back = Payload.ofDoubles(new double[3]);
        direct2.copyTo(back);
        assertThat(back.doubles()).containsExactly(values);
        assertThatThrownBy(() -> direct.copyTo(Payload.direct(Payload.Kind.DOUBLES, 2)))
                .isInstanceOf(CommException.class);
    }

    @Test
    void aRangeOfElementsCopiesIntoARangeOfAnotherArrayWhateverHoldsEither() {
        long[] values = {10, 11, 12, 13, 14, 15};
        byte[] raw = new byte[4 + 8 * values.length];
        ByteBuffer.wrap(raw, 4, 8 * values.length).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(values);
        for (Payload source : new Payload[] {Payload.ofLongs(values.clone()), directLongs(values),
                Payload.wireForm(Payload.Kind.LONGS, raw, 4)}) {
            for (boolean direct : new boolean[] {false, true}) {
                Payload target = direct ? Payload.direct(Payload.Kind.LONGS, 5) : Payload.zeroed(Payload.Kind.LONGS, 5);
                source.copyTo(2, target, 1, 3);
                assertThat(target.onHeap().longs()).as("%s into direct %s", source, direct)
                        .containsExactly(0, 12, 13, 14, 0);
                // a range that runs past either end, or a target of another kind, is refused and nothing is copied
                assertThatThrownBy(() -> source.copyTo(4, target, 0, 3)).isInstanceOf(CommException.class);
                assertThatThrownBy(() -> source.copyTo(0, target, 3, 3)).isInstanceOf(CommException.class);
                assertThatThrownBy(() -> source.copyTo(-1, target, 0, 1)).isInstanceOf(CommException.class);
                assertThatThrownBy(() -> source.copyTo(0, Payload.zeroed(Payload.Kind.DOUBLES, 5), 0, 1))
                        .isInstanceOf(CommException.class);
                assertThat(target.onHeap().longs()).containsExactly(0, 12, 13, 14, 0);
            }
        }
        byte[] bytes = {1, 2, 3, 4};
        Payload b = Payload.direct(Payload.Kind.BYTES, 4);
        Payload.ofBytes(bytes).copyTo(1, b, 0, 3);
        assertThat(b.onHeap().bytes()).containsExactly(2, 3, 4, 0);
        Payload d = Payload.zeroed(Payload.Kind.DOUBLES, 2);
        Payload.ofDoubles(0.5, -1.5, 2.5).toDirect().copyTo(1, d, 0, 2);
        assertThat(d.doubles()).containsExactly(-1.5, 2.5);
        assertThatThrownBy(() -> Payload.zeroed(Payload.Kind.CMO, 1)).isInstanceOf(CommException.class);
    }

    @Test
    void aWrappedBufferIsTakenFromItsPositionToItsLimitWithoutACopy() {
        ByteBuffer memory = ByteBuffer.allocateDirect(16);
        memory.put(0, (byte) 9).put(1, (byte) 8).position(1).limit(3);
        Payload p = Payload.ofDirect(Payload.Kind.BYTES, memory);
        assertThat(p.onHeap().bytes()).containsExactly(8, 0);
        memory.put(2, (byte) 7);
        assertThat(p.onHeap().bytes()).containsExactly(8, 7);
        assertThatThrownBy(() -> Payload.ofDirect(Payload.Kind.LONGS, ByteBuffer.allocateDirect(12)))
                .isInstanceOf(CommException.class).hasMessageContaining("multiple of 8");
        assertThatThrownBy(() -> Payload.ofDirect(Payload.Kind.BYTES, ByteBuffer.allocate(8)))
                .isInstanceOf(CommException.class).hasMessageContaining("direct");
        ByteBuffer readOnly = ByteBuffer.allocateDirect(8).asReadOnlyBuffer();
        assertThatThrownBy(() -> Payload.ofDirect(Payload.Kind.BYTES, readOnly))
                .isInstanceOf(CommException.class).hasMessageContaining("writable");
        assertThatThrownBy(() -> Payload.direct(Payload.Kind.CMO, 1)).isInstanceOf(CommException.class);
    }

    @Test
    void toDirectCopiesAnArrayOnceAndKeepsADirectPayload() {
        long[] values = {7, 8};
        Payload direct = Payload.ofLongs(values).toDirect();
        values[0] = 0;
        assertThat(direct.onHeap().longs()).containsExactly(7, 8);
        assertThat(direct.toDirect()).isSameAs(direct);
        assertThatThrownBy(() -> Payload.of(new CmoInt32(1)).toDirect())
                .isInstanceOf(CommException.class);
    }

    @Test
    void aDirectPayloadRefusesTheArrayAccessorsWithAReason() {
        Payload p = directLongs(1, 2);
        assertThatThrownBy(p::longs).isInstanceOf(CommException.class).hasMessageContaining("directBuffer()");
        assertThatThrownBy(() -> Payload.ofLongs(1).directBuffer()).isInstanceOf(CommException.class);
        assertThat(Payload.ofLongs(1).onHeap().longs()).containsExactly(1);
    }

    @Test
    void aWireFormPayloadReadsTheMessagesOwnBytesWithoutCopyingThem() {
        byte[] raw = ((CmoDatum) PeerWire.payloadToCmo(Payload.ofLongs(3, -1, 4))).unsafeBytes();
        Payload w = Payload.wireForm(Payload.Kind.LONGS, raw, 4);
        assertThat(w.isWireForm()).isTrue();
        assertThat(w.isDirect()).isFalse();
        assertThat(w.count()).isEqualTo(3);
        assertThat(w.byteSize()).isEqualTo(24);
        assertThat(w).isEqualTo(Payload.ofLongs(3, -1, 4)).hasSameHashCodeAs(Payload.ofLongs(3, -1, 4));
        assertThat(w.toString()).isEqualTo("Payload[LONGS x 3, wire form]");
        // one copy into a Java or a direct buffer
        long[] into = new long[3];
        w.copyTo(Payload.ofLongs(into));
        assertThat(into).containsExactly(3, -1, 4);
        Payload direct = Payload.direct(Payload.Kind.LONGS, 3);
        w.copyTo(direct);
        assertThat(direct.onHeap().longs()).containsExactly(3, -1, 4);
        // what the application gets when no buffer was posted: a Java array; other payloads pass as they are
        Payload out = w.fromWireForm();
        assertThat(out.isWireForm()).isFalse();
        assertThat(out.longs()).containsExactly(3, -1, 4);
        assertThat(w.zeroedLike().longs()).containsExactly(0, 0, 0);
        assertThat(direct.fromWireForm()).isSameAs(direct);
        // the bytes are the message's: nothing was copied
        raw[4] = 9;
        assertThat(w.fromWireForm().longs()).containsExactly(9, -1, 4);
        assertThatThrownBy(() -> Payload.wireForm(Payload.Kind.DOUBLES, new byte[4 + 12], 4))
                .isInstanceOf(CommException.class).hasMessageContaining("multiple of 8");
        assertThatThrownBy(() -> w.directBuffer()).isInstanceOf(CommException.class);
    }

    @Test
    void onTheWireADirectPayloadIsTheArrayOfItsKind() {
        Payload p = directLongs(3, 1, 4, 1, 5);
        assertThat(PeerWire.payloadToCmo(p)).isEqualTo(PeerWire.payloadToCmo(Payload.ofLongs(3, 1, 4, 1, 5)));
        Payload decoded = PeerWire.payloadFromCmo(Payload.Kind.LONGS, PeerWire.payloadToCmo(p));
        assertThat(decoded.isDirect()).isFalse();
        assertThat(decoded.longs()).containsExactly(3, 1, 4, 1, 5);
    }

    @Test
    void aStreamWritesADirectPayloadFromItsOwnMemoryAndThePoolNeverKeepsThatView() {
        Payload p = directLongs(10, 20, 30);
        StreamedPayload.Source src = StreamedPayload.source(p);
        assertThat(src.inPlace()).isTrue();
        ByteBuffer view = src.piece(8, 16, null);
        assertThat(view.isReadOnly()).isTrue();
        assertThat(view.order(ByteOrder.LITTLE_ENDIAN).getLong(0)).isEqualTo(20);
        assertThat(StreamedPayload.source(Payload.ofLongs(1)).inPlace()).isFalse();
        // a view of exactly a chunk's size looks like a chunk; the pool must not hand the sender's memory out
        ChunkPool pool = new ChunkPool(16);
        pool.release(view);
        ByteBuffer fresh = pool.acquire();
        assertThat(fresh.isReadOnly()).isFalse();
        fresh.putLong(0, 99);
        assertThat(p.onHeap().longs()).containsExactly(10, 20, 30);
    }

    /**
     * Every piece of an array payload's bytes, beginning and ending anywhere (inside an element too), is that piece of
     * its datum on the wire, for Java arrays of every kind, direct memory and the wire form; and the envelope whose
     * datum is filled as it is written encodes as the one copied now.
     */
    @Test
    void anyPieceOfAnArrayPayloadsBytesIsThatPieceOfItsDatum() {
        Payload longs = Payload.ofLongs(1, -2, Long.MAX_VALUE, 0x0102030405060708L, Long.MIN_VALUE);
        Payload doubles = Payload.ofDoubles(1.5, -0.0, Double.NaN, 1e-300);
        Payload bytes = Payload.ofBytes((byte) 9, (byte) -1, (byte) 0, (byte) 127, (byte) 3, (byte) 44, (byte) 5);
        byte[] longWire = ((CmoDatum) PeerWire.payloadToCmo(longs)).bytes();
        Payload wireForm = Payload.wireForm(Payload.Kind.LONGS, longWire, 4);
        for (Payload p : new Payload[] {longs, doubles, bytes, longs.toDirect(), doubles.toDirect(), wireForm}) {
            // the wire form itself is never sent on: its Java array is the reference
            byte[] wire = ((CmoDatum) PeerWire.payloadToCmo(p.onHeap())).bytes();
            int n = (int) p.byteSize();
            for (int from = 0; from <= n; from++) {
                for (int to = from; to <= n; to++) {
                    ByteBuffer dst = ByteBuffer.allocate(to - from + 3).position(2);
                    dst.limit(2 + to - from);
                    p.putBytes(from, dst);
                    assertThat(dst.position()).isEqualTo(dst.limit());
                    assertThat(Arrays.copyOfRange(dst.array(), 2, 2 + to - from))
                            .as("%s bytes %d..%d", p, from, to)
                            .isEqualTo(Arrays.copyOfRange(wire, 4 + from, 4 + to));
                }
            }
            assertThatThrownBy(() -> p.putBytes(n - 1, ByteBuffer.allocate(2))).isInstanceOf(CommException.class);
            Envelope e = new Envelope(Envelope.Kind.DATA, 2, 1, 7, SendMode.STANDARD, 3, p);
            Envelope copied = new Envelope(Envelope.Kind.DATA, 2, 1, 7, SendMode.STANDARD, 3, p.onHeap());
            Cmo filled = PeerWire.encodeForWriteHere(e);
            assertThat(CmoWriter.toBytes(filled, ByteOrder.BIG_ENDIAN)).as("%s", p)
                    .isEqualTo(CmoWriter.toBytes(PeerWire.encode(copied), ByteOrder.BIG_ENDIAN));
            assertThat(PeerWire.decode(filled).payload()).isEqualTo(p);
        }
        assertThatThrownBy(() -> Payload.of(new CmoInt32(1)).putBytes(0, ByteBuffer.allocate(0)))
                .isInstanceOf(CommException.class);
    }

    @Test
    void slicesOfDirectMemoryShareItAndConsecutiveOnesJoinIntoOne() {
        Payload whole = Payload.ofLongs(10, 11, 12, 13, 14, 15).toDirect();
        Payload a = whole.slice(0, 2);
        Payload b = whole.slice(2, 3);
        Payload c = whole.slice(5, 1);
        assertThat(b.onHeap().longs()).containsExactly(12, 13, 14);
        b.directBuffer().putLong(0, 99);
        assertThat(whole.onHeap().longs()).containsExactly(10, 11, 99, 13, 14, 15);
        Payload joined = Payload.joinedSlices(java.util.List.of(a, b, c));
        assertThat(joined.onHeap().longs()).containsExactly(10, 11, 99, 13, 14, 15);
        joined.directBuffer().putLong(40, 7);
        assertThat(c.onHeap().longs()).containsExactly(7);
        // a slice of a slice is still a slice of the first memory
        Payload inner = b.slice(1, 2);
        assertThat(Payload.joinedSlices(java.util.List.of(a, whole.slice(2, 1), inner)).count()).isEqualTo(5);
        // not one memory in order with no gap: none
        assertThat(Payload.joinedSlices(java.util.List.of(b, a))).isNull();
        assertThat(Payload.joinedSlices(java.util.List.of(a, c))).isNull();
        assertThat(Payload.joinedSlices(java.util.List.of(a, Payload.ofLongs(1, 2, 3).toDirect().slice(0, 3))))
                .isNull();
        assertThat(Payload.joinedSlices(java.util.List.of(whole, whole))).isNull();
        assertThat(Payload.joinedSlices(java.util.List.of(Payload.ofLongs(1), Payload.ofLongs(2)))).isNull();
        assertThat(Payload.joinedSlices(java.util.List.of())).isNull();
        assertThatThrownBy(() -> Payload.ofLongs(1, 2).slice(0, 1)).isInstanceOf(CommException.class)
                .hasMessageContaining("direct");
        assertThatThrownBy(() -> whole.slice(4, 3)).isInstanceOf(CommException.class);
    }
}
