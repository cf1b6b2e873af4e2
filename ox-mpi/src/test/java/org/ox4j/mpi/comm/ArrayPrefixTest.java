package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.io.CmoWriter;

/** {@link PeerWire#arrayPrefix}: the head of an array message's encoding, read before its elements. */
class ArrayPrefixTest {
    private static ByteBuffer encoded(Envelope e, ByteOrder order) {
        return ByteBuffer.wrap(CmoWriter.toBytes(PeerWire.encode(e), order)).order(order);
    }

    private static Envelope data(SendMode mode, Payload p) {
        return new Envelope(Envelope.Kind.DATA, 7, 3, 12345, mode, 99, p);
    }

    @Test
    void theHeadOfEveryArrayMessageGivesItsFieldsAndWhereItsElementsBegin() {
        List<Payload> payloads = List.of(Payload.ofLongs(), Payload.ofLongs(1, -2, Long.MIN_VALUE),
                Payload.ofDoubles(0.5, -1e300), Payload.ofBytes(), Payload.ofBytes((byte) 1, (byte) 2, (byte) 3),
                Payload.ofLongs(new long[5000]).toDirect());
        for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
            for (SendMode mode : SendMode.values()) {
                for (Payload p : payloads) {
                    ByteBuffer b = encoded(data(mode, p), order);
                    PeerWire.ArrayPrefix h = PeerWire.arrayPrefix(b);
                    assertThat(h).as("%s %s %s", order, mode, p).isEqualTo(new PeerWire.ArrayPrefix(7, 3, 12345, mode,
                            99, p.kind(), (int) p.byteSize()));
                    assertThat(b.position()).isZero();
                    // the elements are what follows the prefix, to the end of the encoding
                    assertThat(b.remaining() - PeerWire.ARRAY_PREFIX_BYTES).isEqualTo(p.byteSize());
                    ByteBuffer elements = b.slice(PeerWire.ARRAY_PREFIX_BYTES, (int) p.byteSize());
                    assertThat(Payload.wireForm(p.kind(), copy(elements), 0).onHeap()).isEqualTo(p.onHeap());
                    assertThat(h.status()).isEqualTo(new Status(3, 12345, p.count(), p.byteSize(), false));
                }
            }
        }
    }

    private static byte[] copy(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    @Test
    void anythingElseIsNotTakenForOne() {
        ByteOrder le = ByteOrder.LITTLE_ENDIAN;
        // other payloads and kinds of envelope
        assertThat(PeerWire.arrayPrefix(encoded(data(SendMode.STANDARD, Payload.of(CmoString.of("x"))), le))).isNull();
        assertThat(PeerWire.arrayPrefix(encoded(data(SendMode.STANDARD, Payload.NONE), le))).isNull();
        assertThat(PeerWire.arrayPrefix(encoded(new Envelope(Envelope.Kind.DATA_STREAM, 1, 2, 3, SendMode.STANDARD, 4,
                Payload.ofLongs(1, 800_000)), le))).isNull();
        assertThat(PeerWire.arrayPrefix(encoded(Envelope.control(Envelope.Kind.ACK, 1, 2, 3, 4), le))).isNull();
        // cut short, or read in the other byte order
        ByteBuffer whole = encoded(data(SendMode.STANDARD, Payload.ofLongs(1, 2)), le);
        assertThat(PeerWire.arrayPrefix(whole.slice(0, PeerWire.ARRAY_PREFIX_BYTES - 1).order(le))).isNull();
        assertThat(PeerWire.arrayPrefix(whole.duplicate().order(ByteOrder.BIG_ENDIAN))).isNull();
        // a datum whose length is not whole elements
        ByteBuffer odd = encoded(data(SendMode.STANDARD, Payload.ofLongs(1, 2)), le);
        odd.putInt(datumLengthAt(), odd.getInt(datumLengthAt()) + 3);
        assertThat(PeerWire.arrayPrefix(odd)).isNull();
        // any other byte of the head changed: a different magic, version, field tag, kind code, mode or header
        for (int i = 0; i < PeerWire.ARRAY_PREFIX_BYTES; i++) {
            if (isFieldValue(i)) {
                continue;
            }
            ByteBuffer bad = encoded(data(SendMode.STANDARD, Payload.ofLongs(1, 2)), le);
            bad.put(i, (byte) (bad.get(i) ^ 0x40));
            PeerWire.ArrayPrefix h = PeerWire.arrayPrefix(bad);
            assertThat(h).as("byte %d changed", i).isNull();
        }
    }

    /**
     * Read as it arrives: each part of the head is waited for only once the parts before prove the CMO holds it, so a
     * short CMO (plain data, an envelope without an array, a malformed one) is never waited for beyond its end, and
     * however much of the head was read when the reader began, the answer is the one the whole encoding gives.
     */
    @Test
    void readAsItArrivesTheHeadIsNeverWaitedForBeyondTheCmosEnd() {
        ByteOrder le = ByteOrder.LITTLE_ENDIAN;
        List<Cmo> cmos = List.of(new CmoInt32(5), CmoString.of("ox4j-mpi"), CmoList.of(),
                CmoList.of(CmoString.of(PeerWire.MAGIC)),
                CmoList.of(CmoString.of(PeerWire.MAGIC), new CmoInt32(1), CmoString.of("short")),
                CmoList.of(new CmoInt32(1), new CmoInt32(2), new CmoInt32(3), new CmoInt32(4), new CmoInt32(5),
                        new CmoInt32(6), new CmoInt32(7), new CmoInt32(8), new CmoInt32(9), new CmoInt32(10)),
                PeerWire.encode(data(SendMode.STANDARD, Payload.NONE)),
                PeerWire.encode(data(SendMode.STANDARD, Payload.of(CmoString.of("x")))),
                PeerWire.encode(Envelope.control(Envelope.Kind.ACK, 1, 2, 3, 4)),
                PeerWire.encode(data(SendMode.SYNCHRONOUS, Payload.ofLongs())),
                PeerWire.encode(data(SendMode.READY, Payload.ofDoubles(1.5, 2.5))),
                PeerWire.encode(data(SendMode.STANDARD, Payload.ofBytes((byte) 9))));
        int arrayMessages = 0;
        for (Cmo cmo : cmos) {
            byte[] bytes = CmoWriter.toBytes(cmo, le);
            PeerWire.ArrayPrefix whole = PeerWire.arrayPrefix(ByteBuffer.wrap(bytes).order(le));
            if (whole != null) {
                arrayMessages++;
            }
            for (int arrived = 0; arrived <= bytes.length; arrived++) {
                int[] waitedFor = {0};
                int have = arrived;
                PeerWire.ArrayPrefix h = PeerWire.arrayPrefix(n -> {
                    if (n > have) {
                        waitedFor[0] = Math.max(waitedFor[0], n);
                    }
                    return ByteBuffer.wrap(bytes).order(le);
                });
                assertThat(waitedFor[0]).as("%s with %d bytes read", cmo, arrived).isLessThanOrEqualTo(bytes.length);
                assertThat(h).as("%s with %d bytes read", cmo, arrived).isEqualTo(whole);
            }
        }
        assertThat(arrayMessages).isEqualTo(3);
    }

    private static final int FIELDS_AT = 8 + 8 + PeerWire.MAGIC.length();

    private static int datumLengthAt() {
        return FIELDS_AT + 8 * 8 + 4;
    }

    /**
     * Whether byte {@code i} of the prefix is in the value of context, source, tag or sequence, or in the datum's
     * length (any value of those is a message), rather than a tag, the magic, the version, the kinds or the mode.
     */
    private static boolean isFieldValue(int i) {
        if (i >= datumLengthAt() && i < datumLengthAt() + 4) {
            return true;
        }
        int field = (i - FIELDS_AT) / 8;
        boolean value = i >= FIELDS_AT && (i - FIELDS_AT) % 8 >= 4 && field < 8;
        return value && (field == 2 || field == 3 || field == 4 || field == 6);
    }
}
