package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.ox4j.cmo.BufferFiller;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoType;

/**
 * Encodes {@link Envelope}s as CMOs, the form in which they cross a {@link PeerTransport} (specified in
 * {@code specs/src/main/markdown/peer-messaging.md}).
 *
 * <pre>
 * CMO_LIST [ STRING "ox4j-mpi", INT32 version (1), INT32 kind, INT32 context, INT32 source, INT32 tag,
 *            INT32 mode, INT32 sequence, INT32 payloadKind, payload ]
 * </pre>
 * The payload is the CMO itself (kind 0), {@code CMO_NULL} (kind 4, none), or for a primitive array (kinds
 * 1..3) a {@code CMO_DATUM} of a 4-byte header (element type code, then three zero bytes) followed by the
 * elements in little-endian order.
 */
public final class PeerWire {
    /** First element of every envelope; plain RFC-102 data never starts this way. */
    public static final String MAGIC = "ox4j-mpi";
    /** Envelope format version. */
    public static final int VERSION = 1;

    private static final CmoString MAGIC_CMO = CmoString.of(MAGIC);
    private static final byte[] MAGIC_BYTES = MAGIC.getBytes(StandardCharsets.US_ASCII);
    private static final int FIELDS = 10;
    private static final int ARRAY_HEADER = 4;
    /**
     * The encoded length of an array message's envelope up to its first element: the list's head, the magic
     * string, the eight INT32 fields, the datum's head and the array header (see {@link #arrayPrefix}).
     */
    public static final int ARRAY_PREFIX_BYTES = 8 + 8 + MAGIC_BYTES.length + 8 * (FIELDS - 2) + 8 + ARRAY_HEADER;

    /**
     * The fields of a data message with an array payload, read from the bytes of its envelope before its elements
     * ({@link #arrayPrefix}): enough to match it with a posted receive and read the elements straight into that
     * receive's buffer.
     *
     * @param elementBytes the byte length of the elements that follow the prefix
     */
    public record ArrayPrefix(int context, int source, int tag, SendMode mode, int sequence, Payload.Kind kind,
            int elementBytes) {
        /** The status of a receive that takes this message. */
        public Status status() {
            return new Status(source, tag, elementBytes / Payload.elementBytes(kind), elementBytes, false);
        }
    }

    private PeerWire() {
    }

    /** True if {@code cmo} looks like an envelope (a list of the envelope's length starting with the magic string). */
    public static boolean isEnvelope(Cmo cmo) {
        return isMarked(cmo) && ((CmoList) cmo).size() == FIELDS;
    }

    /**
     * True if {@code cmo} is a list starting with the magic string, whatever its length: what a transport hands to
     * the messaging layer, which reports a malformed envelope instead of leaving it among plain data. Compared by
     * the string's bytes (it runs for every message a link reads).
     */
    public static boolean isMarked(Cmo cmo) {
        return cmo instanceof CmoList l && l.size() > 0 && MAGIC_CMO.equals(l.get(0));
    }

    /**
     * Whether the payload of envelope {@code cmo} is certainly at most {@code bytes} long once encoded, judged
     * from the sizes its values carry: no payload, machine integers and doubles, and datums (array payloads),
     * strings and integers of their length, also inside lists (the packed blocks of the tree and doubling
     * algorithms); see {@link CmoSizes#atMost}.
     */
    public static boolean payloadAtMost(Cmo cmo, int bytes) {
        return isEnvelope(cmo) && CmoSizes.atMost(((CmoList) cmo).get(FIELDS - 1), bytes);
    }

    /** The CMO form of {@code e}. */
    public static Cmo encode(Envelope e) {
        return encode(e, payloadToCmo(e.payload()));
    }

    /**
     * The CMO form of {@code e} for a write that is over before the caller goes on ({@link PeerTransport#sendHere}):
     * an array payload's datum is {@link CmoDatum#filledBy filled} from the array as the encoder writes it, instead
     * of being copied into an array of bytes now. Once the write has returned, the application may change its array.
     */
    public static Cmo encodeForWriteHere(Envelope e) {
        Payload p = e.payload();
        return encode(e, p.isArray() ? filledDatum(p) : payloadToCmo(p));
    }

    private static Cmo encode(Envelope e, Cmo payload) {
        return CmoList.of(MAGIC_CMO, new CmoInt32(VERSION), new CmoInt32(e.kind().code()),
                new CmoInt32(e.context()), new CmoInt32(e.source()), new CmoInt32(e.tag()),
                new CmoInt32(e.mode().code()), new CmoInt32(e.sequence()),
                new CmoInt32(e.payload().kind().code()), payload);
    }

    /**
     * An array payload's datum (the 4-byte header, then the elements: see the class comment), its bytes put where they
     * go by {@link Payload#putBytes}.
     */
    private static CmoDatum filledDatum(Payload p) {
        long body = p.byteSize();
        if (body > Integer.MAX_VALUE - ARRAY_HEADER) {
            throw new CommException("array payload too large: " + body + " bytes (expected: < 2 GiB)");
        }
        byte code = (byte) p.kind().code();
        return CmoDatum.filledBy(ARRAY_HEADER + (int) body, new BufferFiller() {
            @Override
            public void fill(ByteBuffer dst, long offset) {
                long at = offset;
                while (at < ARRAY_HEADER && dst.hasRemaining()) {
                    dst.put(at++ == 0 ? code : 0);
                }
                if (dst.hasRemaining()) {
                    p.putBytes(at - ARRAY_HEADER, dst);
                }
            }

            /** Elements in direct memory are the wire's bytes already: they go to the socket from there. */
            @Override
            public ByteBuffer inPlaceTail() {
                return p.isDirect() ? p.directBuffer() : null;
            }
        });
    }

    /**
     * The envelope of a data message with an array payload, read from the first {@link #ARRAY_PREFIX_BYTES} of its
     * CMO encoding in {@code cmo} (from its position, in its byte order; the position is not moved); null for
     * anything else or anything malformed, which is then decoded whole and reported as usual. Why: a link that knows
     * where the elements go before it reads them puts them there, instead of into a new array of bytes first.
     */
    public static ArrayPrefix arrayPrefix(ByteBuffer cmo) {
        ByteBuffer from = cmo.slice().order(cmo.order());
        return arrayPrefix(n -> from.remaining() >= n ? from : null);
    }

    /** The bytes of an encoded CMO as they arrive: for a reader that looks at the head of a CMO before decoding it. */
    @FunctionalInterface
    public interface Lookahead {
        /**
         * The CMO's first {@code n} bytes or more, from index 0 of the buffer returned (in the link's byte order),
         * waiting for them if need be; null if they are not to be had. Asked only for bytes that the CMO certainly
         * holds.
         */
        ByteBuffer atLeast(int n);
    }

    /**
     * As {@link #arrayPrefix(ByteBuffer)}, reading the head as it arrives: each part is asked for only once what came
     * before proves that the CMO holds it (any CMO has its 4-byte tag; a list its count; a list of ten its first
     * element's tag; a string its length and bytes; a list of ten whose next element begins with an INT32 tag holds
     * that INT32; a datum its length, and an array payload's datum its 4-byte header), so a reader waits for the head
     * of an array message however the reads cut it, and never waits beyond the end of a shorter CMO.
     */
    public static ArrayPrefix arrayPrefix(Lookahead cmo) {
        ByteBuffer b = cmo.atLeast(4);
        if (b == null || b.getInt(0) != CmoType.LIST.code() || (b = cmo.atLeast(8)) == null
                || b.getInt(4) != FIELDS || (b = cmo.atLeast(12)) == null || b.getInt(8) != CmoType.STRING.code()
                || (b = cmo.atLeast(16)) == null || b.getInt(12) != MAGIC_BYTES.length
                || (b = cmo.atLeast(16 + MAGIC_BYTES.length)) == null) {
            return null;
        }
        for (int i = 0; i < MAGIC_BYTES.length; i++) {
            if (b.get(16 + i) != MAGIC_BYTES[i]) {
                return null;
            }
        }
        int[] field = new int[FIELDS - 2];
        int at = 16 + MAGIC_BYTES.length;
        for (int i = 0; i < field.length; i++, at += 8) {
            b = cmo.atLeast(at + 4);
            if (b == null || b.getInt(at) != CmoType.INT32.code() || (b = cmo.atLeast(at + 8)) == null) {
                return null;
            }
            field[i] = b.getInt(at + 4);
        }
        // version, kind, context, source, tag, mode, sequence, payload kind; then the payload, the list's last element
        Payload.Kind kind = Payload.Kind.ofCode(field[7]);
        SendMode mode = SendMode.ofCode(field[5]);
        if (field[0] != VERSION || field[1] != Envelope.Kind.DATA.code() || kind == null || !kind.isArray()
                || mode == null) {
            return null;
        }
        b = cmo.atLeast(at + 4);
        if (b == null || b.getInt(at) != CmoType.DATUM.code() || (b = cmo.atLeast(at + 8)) == null) {
            return null;
        }
        int elementBytes = b.getInt(at + 4) - ARRAY_HEADER;
        at += 8;
        if (elementBytes < 0 || kind != Payload.Kind.BYTES && elementBytes % 8 != 0) {
            return null;
        }
        b = cmo.atLeast(at + ARRAY_HEADER);
        if (b == null || b.get(at) != kind.code() || b.get(at + 1) != 0 || b.get(at + 2) != 0 || b.get(at + 3) != 0) {
            return null;
        }
        return new ArrayPrefix(field[2], field[3], field[4], mode, field[6], kind, elementBytes);
    }

    /** Parses an envelope; {@link CommException} with a reason if malformed. */
    public static Envelope decode(Cmo cmo) {
        return decode(cmo, false);
    }

    /**
     * As {@link #decode(Cmo)}, but an array payload stays in its wire form ({@link Payload#wireForm}, over the
     * datum's bytes): the inbound path of {@link PeerEndpoint}, which copies it once into a posted receive buffer or
     * makes a Java array of it when none is posted.
     */
    static Envelope decodeInbound(Cmo cmo) {
        return decode(cmo, true);
    }

    private static Envelope decode(Cmo cmo, boolean keepWireForm) {
        if (!isEnvelope(cmo)) {
            throw new CommException("not an ox4j-mpi envelope: " + cmo.type());
        }
        List<Cmo> f = ((CmoList) cmo).elements();
        int version = int32(f, 1);
        if (version != VERSION) {
            throw new CommException("envelope version: " + version + " (expected: " + VERSION + ")");
        }
        Payload.Kind pk = Payload.Kind.fromCode(int32(f, 8));
        return new Envelope(Envelope.Kind.fromCode(int32(f, 2)), int32(f, 3), int32(f, 4), int32(f, 5),
                SendMode.fromCode(int32(f, 6)), int32(f, 7), payloadFromCmo(pk, f.get(9), keepWireForm));
    }

    private static int int32(List<Cmo> f, int i) {
        if (!(f.get(i) instanceof CmoInt32 v)) {
            throw new CommException("envelope field " + i + ": " + f.get(i).type() + " (expected: INT32)");
        }
        return v.value();
    }

    /** The CMO carrying {@code p}: the CMO itself, a headed datum for arrays, NULL for NONE. */
    public static Cmo payloadToCmo(Payload p) {
        if (p.isArray()) {
            // the bytes a filled datum puts on the wire, made now into an array of their own
            return CmoDatum.wrap(filledDatum(p).unsafeBytes());
        }
        switch (p.kind()) {
            case CMO:
                return p.cmo();
            case NONE:
                return CmoNull.INSTANCE;
            default:
                throw new IllegalStateException("kind " + p.kind());
        }
    }

    /** Inverse of {@link #payloadToCmo}. */
    public static Payload payloadFromCmo(Payload.Kind kind, Cmo cmo) {
        return payloadFromCmo(kind, cmo, false);
    }

    /**
     * The payload {@code cmo} carries; an array payload over the datum's own bytes ({@link Payload#wireForm}, which
     * checks their length) kept so if {@code keepWireForm}, else made a Java array of them.
     */
    private static Payload payloadFromCmo(Payload.Kind kind, Cmo cmo, boolean keepWireForm) {
        switch (kind) {
            case CMO:
                return Payload.of(cmo);
            case NONE:
                return Payload.NONE;
            default:
                Payload wire = Payload.wireForm(kind, arrayBytes(kind, cmo), ARRAY_HEADER);
                return keepWireForm ? wire : wire.onHeap();
        }
    }

    /** The bytes of an array payload's datum, its header checked: the header, then the elements. */
    private static byte[] arrayBytes(Payload.Kind kind, Cmo cmo) {
        if (!(cmo instanceof CmoDatum d)) {
            throw new CommException("array payload: " + cmo.type() + " (expected: DATUM)");
        }
        byte[] raw = d.unsafeBytes();
        if (raw.length < ARRAY_HEADER || raw[0] != kind.code()) {
            throw new CommException("array payload header: bad element type (expected: " + kind + ")");
        }
        return raw;
    }
}
