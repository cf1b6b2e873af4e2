package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;

/**
 * What a message carries: one CMO or one primitive array ({@code byte[]}, {@code long[]}, {@code double[]}).
 *
 * <p>Arrays are not copied when a payload is made (MPI's rule: a send buffer must not be modified until the send
 * completes); received arrays are fresh. {@link Kind#NONE} is the empty piece used when a payload that cannot be
 * split is cut into blocks (see {@link Blocks}).
 *
 * <p>An array payload may instead live in direct memory ({@link #direct}, {@link #ofDirect}): its elements as
 * little-endian bytes, the wire's form. Why: a large message is then written to the socket from that memory and
 * received into it, where a Java array is copied once more on each side (into and out of the link's buffers) —
 * two of the four copies of a 16 MiB message. Such a payload has no Java array ({@link #longs()} and its kin
 * refuse it; read it through {@link #directBuffer()}, or {@link #onHeap()}); point-to-point messages take it as send
 * and receive buffer, and so do the collectives that fill receive buffers (a reduction that makes a new value
 * refuses a direct one, with that reason: its operators read the array). A direct payload may be cut into slices that
 * share its memory ({@link #slice}), as MPI's one receive buffer of an allgather holds every rank's block; an algorithm
 * that finds its blocks to be such slices ({@link #joinedSlices}) moves them as one message.
 *
 * <p>Inside this package a received array may also stay in its wire form ({@link #wireForm}): the message's own
 * little-endian bytes, on the heap, until a receive buffer takes them or a Java array is made of them. Such a
 * payload never reaches the application.
 */
public final class Payload {
    /** Payload kinds, with their envelope codes. */
    public enum Kind {
        CMO(0), BYTES(1), LONGS(2), DOUBLES(3), NONE(4);

        private final int code;

        Kind(int code) {
            this.code = code;
        }

        /** Code in the envelope's payload-kind field. */
        public int code() {
            return code;
        }

        /** The kind with this code. */
        public static Kind fromCode(int code) {
            Kind k = ofCode(code);
            if (k == null) {
                throw new CommException("unknown payload kind: " + code + " (expected: 0..4)");
            }
            return k;
        }

        /** The kind with this code, or null if there is none. */
        static Kind ofCode(int code) {
            for (Kind k : values()) {
                if (k.code == code) {
                    return k;
                }
            }
            return null;
        }

        /** True for the three primitive-array kinds. */
        boolean isArray() {
            return this == BYTES || this == LONGS || this == DOUBLES;
        }
    }

    /** The empty piece. */
    public static final Payload NONE = new Payload(Kind.NONE, null);

    private final Kind kind;
    private final Object value;
    /**
     * For a slice of direct memory ({@link #slice}): the memory it was cut from and the byte where it begins there,
     * so that consecutive slices can be seen as one ({@link #joinedSlices}); otherwise null and 0.
     */
    private final ByteBuffer origin;
    private final int originByte;
    private volatile long byteSize = -1;

    private Payload(Kind kind, Object value) {
        this(kind, value, null, 0);
    }

    private Payload(Kind kind, Object value, ByteBuffer origin, int originByte) {
        this.kind = kind;
        this.value = value;
        this.origin = origin;
        this.originByte = originByte;
    }

    /** A CMO payload. */
    public static Payload of(Cmo cmo) {
        return new Payload(Kind.CMO, Objects.requireNonNull(cmo, "cmo"));
    }

    /** A {@code long[]} payload (not copied). */
    public static Payload ofLongs(long... values) {
        return new Payload(Kind.LONGS, Objects.requireNonNull(values, "values"));
    }

    /** A {@code double[]} payload (not copied). */
    public static Payload ofDoubles(double... values) {
        return new Payload(Kind.DOUBLES, Objects.requireNonNull(values, "values"));
    }

    /** A {@code byte[]} payload (not copied). */
    public static Payload ofBytes(byte... values) {
        return new Payload(Kind.BYTES, Objects.requireNonNull(values, "values"));
    }

    public Kind kind() {
        return kind;
    }

    /**
     * An array payload of {@code count} elements of {@code kind} (BYTES, LONGS or DOUBLES) in new direct memory,
     * every element zero: a receive buffer a large message goes straight into, or a send buffer to fill through
     * {@link #directBuffer()}.
     */
    public static Payload direct(Kind kind, int count) {
        int size = elementBytes(kind);
        if (count < 0 || (long) count * size > Integer.MAX_VALUE) {
            throw new CommException("direct payload of " + count + " " + kind + " elements (expected: 0.."
                    + Integer.MAX_VALUE / size + ")");
        }
        return new Payload(kind, ByteBuffer.allocateDirect(count * size).order(ByteOrder.LITTLE_ENDIAN));
    }

    /**
     * An array payload of {@code kind} whose elements are the little-endian bytes of {@code buffer} (a writable
     * direct buffer: any payload may serve as a receive buffer, and a receive writes into it from a link's thread,
     * where a read-only buffer would fail the link instead of the receive) from its position to its limit, not
     * copied.
     */
    public static Payload ofDirect(Kind kind, ByteBuffer buffer) {
        int size = elementBytes(kind);
        if (!buffer.isDirect() || buffer.isReadOnly() || buffer.remaining() % size != 0) {
            throw new CommException("buffer " + buffer + " for a direct " + kind + " payload (expected: a writable "
                    + "direct buffer of a multiple of " + size + " bytes)");
        }
        return new Payload(kind, buffer.slice().order(ByteOrder.LITTLE_ENDIAN));
    }

    /**
     * An array payload of {@code kind} over the little-endian bytes of {@code raw} from {@code offset} to its end,
     * not copied: a received message's own encoding, kept until a receive buffer takes it ({@link #copyTo}: one
     * copy, where a Java array made first and then copied into the buffer cost an allocation and a copy more) or a
     * Java array is made of it ({@link #onHeap}). Package-private: such a payload never reaches the application.
     */
    static Payload wireForm(Kind kind, byte[] raw, int offset) {
        int size = elementBytes(kind);
        if (offset < 0 || offset > raw.length || (raw.length - offset) % size != 0) {
            throw new CommException("array payload length: " + (raw.length - offset) + " bytes (expected: a multiple"
                    + " of " + size + " for " + kind + ")");
        }
        return new Payload(kind, ByteBuffer.wrap(raw, offset, raw.length - offset).slice()
                .order(ByteOrder.LITTLE_ENDIAN));
    }

    /** True for an array payload still in its wire form ({@link #wireForm}). */
    boolean isWireForm() {
        return value instanceof ByteBuffer b && !b.isDirect();
    }

    /** This payload as the application gets it: a Java array made of it if it is in its wire form, else itself. */
    Payload fromWireForm() {
        return isWireForm() ? onHeap() : this;
    }

    /** The bytes of one element of an array kind. */
    static int elementBytes(Kind kind) {
        return switch (kind) {
            case BYTES -> 1;
            case LONGS, DOUBLES -> 8;
            default -> throw new CommException("payload kind: " + kind + " (expected: an array)");
        };
    }

    /** True for an array payload in direct memory. */
    public boolean isDirect() {
        return value instanceof ByteBuffer b && b.isDirect();
    }

    /** True if the elements are held as little-endian bytes (direct memory, or the wire form), not a Java array. */
    private boolean inBytes() {
        return value instanceof ByteBuffer;
    }

    /** The elements as little-endian bytes (a new view, position 0) of a payload {@link #inBytes()}. */
    private ByteBuffer bytesView() {
        return ((ByteBuffer) value).duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * The elements of a direct payload as little-endian bytes (a new view of the same memory, position 0);
     * {@link CommException} for other payloads.
     */
    public ByteBuffer directBuffer() {
        if (!isDirect()) {
            throw new CommException("not a direct payload: " + this);
        }
        return bytesView();
    }

    /**
     * Elements {@code first} to {@code first + count − 1} of a direct payload as a payload of their own on the same
     * memory (not copied): one block of a receive buffer that MPI would take as one array, such as an allgather's or
     * an alltoall's. {@link CommException} for a payload that is not direct (a Java array has no views).
     */
    public Payload slice(int first, int count) {
        if (!isDirect() || first < 0 || count < 0 || (long) first + count > count()) {
            throw new CommException("slice " + first + "+" + count + " of " + this
                    + " (expected: a direct payload, the range inside it)");
        }
        int size = elementBytes(kind);
        ByteBuffer memory = origin != null ? origin : (ByteBuffer) value;
        int begin = originByte + first * size;
        return new Payload(kind, memory.slice(begin, count * size).order(ByteOrder.LITTLE_ENDIAN), memory, begin);
    }

    /**
     * The direct payload that {@code blocks} make together if they are slices ({@link #slice}) of one memory that
     * follow each other in list order with no gap, of one kind; else null. A collective that receives into such
     * blocks may then send or receive them as one message, as MPI does with one receive buffer.
     */
    public static Payload joinedSlices(java.util.List<Payload> blocks) {
        if (blocks.isEmpty() || blocks.get(0) == null || blocks.get(0).origin == null) {
            return null;
        }
        Payload first = blocks.get(0);
        long end = first.originByte;
        for (Payload b : blocks) {
            if (b == null || b.origin != first.origin || b.kind != first.kind || b.originByte != end) {
                return null;
            }
            end += b.byteSize();
        }
        int length = (int) (end - first.originByte);
        return new Payload(first.kind, first.origin.slice(first.originByte, length).order(ByteOrder.LITTLE_ENDIAN),
                first.origin, first.originByte);
    }

    /** This array payload in direct memory: itself, or for a Java array a direct copy of its elements. */
    public Payload toDirect() {
        if (isDirect()) {
            return this;
        }
        Payload copy = direct(kind, count());
        copyTo(copy);
        return copy;
    }

    /**
     * This payload with a Java array: itself, or for a direct payload (or one in its wire form) a copy of its
     * elements.
     */
    public Payload onHeap() {
        if (!inBytes()) {
            return this;
        }
        ByteBuffer src = bytesView();
        return switch (kind) {
            case LONGS -> {
                long[] a = new long[src.remaining() / 8];
                src.asLongBuffer().get(a);
                yield ofLongs(a);
            }
            case DOUBLES -> {
                double[] a = new double[src.remaining() / 8];
                src.asDoubleBuffer().get(a);
                yield ofDoubles(a);
            }
            default -> {
                byte[] a = new byte[src.remaining()];
                src.get(a);
                yield ofBytes(a);
            }
        };
    }

    /**
     * Puts the elements' little-endian bytes from byte {@code offset} on into {@code dst}, from its position to its
     * limit, and leaves the position at the limit: an array payload's bytes as they travel (a stream's chunks, an
     * eager message's datum filled as it is written). A piece may begin and end inside an element.
     */
    void putBytes(long offset, ByteBuffer dst) {
        int n = dst.remaining();
        if (!isArray() || offset < 0 || offset + n > byteSize()) {
            throw new CommException("bytes " + offset + ".." + (offset + n) + " of " + this);
        }
        if (inBytes()) {
            dst.put(bytesView().slice((int) offset, n));
            return;
        }
        if (kind == Kind.BYTES) {
            dst.put(bytes(), (int) offset, n);
            return;
        }
        ByteBuffer out = dst.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long at = offset;
        // a piece that begins or ends inside an element gets those bytes one at a time, the rest in one bulk copy
        while (at % 8 != 0 && out.hasRemaining()) {
            out.put(wordByte(at++));
        }
        int whole = out.remaining() / 8;
        int first = (int) (at / 8);
        if (kind == Kind.LONGS) {
            out.asLongBuffer().put(longs(), first, whole);
        } else {
            out.asDoubleBuffer().put(doubles(), first, whole);
        }
        out.position(out.position() + 8 * whole);
        at += 8L * whole;
        while (out.hasRemaining()) {
            out.put(wordByte(at++));
        }
        dst.position(dst.limit());
    }

    /** Byte {@code at} of the little-endian bytes of a Java array of words. */
    private byte wordByte(long at) {
        int i = (int) (at >>> 3);
        long word = kind == Kind.LONGS ? longs()[i] : Double.doubleToRawLongBits(doubles()[i]);
        return (byte) (word >>> (8 * (int) (at & 7)));
    }

    /** True for the three primitive-array kinds. */
    public boolean isArray() {
        return kind.isArray();
    }

    /** The CMO; {@link CommException} if this is not a CMO payload. */
    public Cmo cmo() {
        return (Cmo) expect(Kind.CMO);
    }

    /** The array (not a copy); {@link CommException} on another kind. */
    public long[] longs() {
        return (long[]) expect(Kind.LONGS);
    }

    /** The array (not a copy); {@link CommException} on another kind. */
    public double[] doubles() {
        return (double[]) expect(Kind.DOUBLES);
    }

    /** The array (not a copy); {@link CommException} on another kind. */
    public byte[] bytes() {
        return (byte[]) expect(Kind.BYTES);
    }

    private Object expect(Kind k) {
        if (kind != k) {
            throw new CommException("payload kind: " + kind + " (expected: " + k + ")");
        }
        if (inBytes()) {
            throw new CommException("a direct " + kind + " payload has no Java array (expected here: an array "
                    + "payload; read a direct one through directBuffer() or onHeap())");
        }
        return value;
    }

    /** True if this is an array payload and {@code other} an array of the same kind and length. */
    public boolean sameArrayShape(Payload other) {
        return isArray() && other != null && other.kind == kind && other.count() == count();
    }

    /**
     * True if both are array payloads on the same Java array or buffer object: a result buffer that is the value
     * itself (MPI_IN_PLACE), which the receive-buffer collectives do not take, since they read the value while they
     * fill the buffer. Two separately made views of one direct memory are not recognised.
     */
    public boolean sameMemory(Payload other) {
        return other != null && isArray() && value == other.value;
    }

    /**
     * Copies this array payload's elements into {@code target}'s array (a receive buffer, MPI style); both must be
     * arrays of the same kind and length.
     */
    public void copyTo(Payload target) {
        if (!sameArrayShape(target)) {
            throw new CommException("receive buffer " + target + " cannot take " + this
                    + " (expected: an array of the same kind and length)");
        }
        copyElements(0, target, 0, count());
    }

    /**
     * Copies {@code count} elements of this array payload from element {@code from} on into {@code target} (an
     * array of the same kind) from element {@code at} on: a block of a message that packs several, or a block into
     * such a message.
     */
    public void copyTo(int from, Payload target, int at, int count) {
        if (!isArray() || target == null || target.kind != kind || !target.isArray() || from < 0 || at < 0
                || count < 0 || (long) from + count > count() || (long) at + count > target.count()) {
            throw new CommException("cannot copy " + count + " elements of " + this + " from " + from + " into "
                    + target + " at " + at + " (expected: arrays of one kind, the ranges inside them)");
        }
        copyElements(from, target, at, count);
    }

    private void copyElements(int from, Payload target, int at, int count) {
        if (!inBytes() && !target.inBytes()) {
            System.arraycopy(value, from, target.value, at, count);
            return;
        }
        int size = elementBytes(kind);
        if (target.inBytes()) {
            ByteBuffer dst = target.bytesView().position(at * size);
            if (inBytes()) {
                ByteBuffer src = bytesView();
                dst.put(src.limit((from + count) * size).position(from * size));
            } else {
                switch (kind) {
                    case LONGS -> dst.asLongBuffer().put((long[]) value, from, count);
                    case DOUBLES -> dst.asDoubleBuffer().put((double[]) value, from, count);
                    default -> dst.put((byte[]) value, from, count);
                }
            }
            return;
        }
        ByteBuffer src = bytesView().position(from * size);
        switch (kind) {
            case LONGS -> src.asLongBuffer().get((long[]) target.value, at, count);
            case DOUBLES -> src.asDoubleBuffer().get((double[]) target.value, at, count);
            default -> src.get((byte[]) target.value, at, count);
        }
    }

    /** A new Java array of {@code count} elements of {@code kind} (an array kind), every element zero. */
    public static Payload zeroed(Kind kind, int count) {
        return switch (kind) {
            case LONGS -> ofLongs(new long[count]);
            case DOUBLES -> ofDoubles(new double[count]);
            case BYTES -> ofBytes(new byte[count]);
            default -> throw new CommException("payload kind: " + kind + " (expected: an array)");
        };
    }

    /** A new array payload of this one's kind and length, every element zero (a result to be filled in). */
    public Payload zeroedLike() {
        if (!isArray()) {
            throw new CommException("payload kind: " + kind + " (expected: an array)");
        }
        return isDirect() ? direct(kind, count()) : zeroed(kind, count());
    }

    /** Element count: array length, list length for a {@code CMO_LIST}, 1 for another CMO, 0 for NONE. */
    public int count() {
        if (value instanceof ByteBuffer b) {
            return b.remaining() / elementBytes(kind);
        }
        return switch (kind) {
            case CMO -> value instanceof CmoList l ? l.size() : 1;
            case BYTES -> ((byte[]) value).length;
            case LONGS -> ((long[]) value).length;
            case DOUBLES -> ((double[]) value).length;
            case NONE -> 0;
        };
    }

    /** Encoded size in bytes: element bytes for arrays, the CMO encoding length otherwise (computed once). */
    public long byteSize() {
        long s = byteSize;
        if (s < 0) {
            s = value instanceof ByteBuffer b ? b.remaining() : switch (kind) {
                case CMO -> CmoSizes.encodedLength((Cmo) value);
                case BYTES -> ((byte[]) value).length;
                case LONGS -> 8L * ((long[]) value).length;
                case DOUBLES -> 8L * ((double[]) value).length;
                case NONE -> 0;
            };
            byteSize = s;
        }
        return s;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Payload p) || p.kind != kind) {
            return false;
        }
        if (inBytes() || p.inBytes()) {
            // by elements, whatever holds them
            return onHeap().equals(p.onHeap());
        }
        return switch (kind) {
            case CMO -> value.equals(p.value);
            case BYTES -> Arrays.equals((byte[]) value, (byte[]) p.value);
            case LONGS -> Arrays.equals((long[]) value, (long[]) p.value);
            case DOUBLES -> Arrays.equals((double[]) value, (double[]) p.value);
            case NONE -> true;
        };
    }

    @Override
    public int hashCode() {
        if (inBytes()) {
            return onHeap().hashCode();
        }
        return switch (kind) {
            case CMO -> value.hashCode();
            case BYTES -> Arrays.hashCode((byte[]) value);
            case LONGS -> Arrays.hashCode((long[]) value);
            case DOUBLES -> Arrays.hashCode((double[]) value);
            case NONE -> 0;
        };
    }

    @Override
    public String toString() {
        return switch (kind) {
            case CMO -> "Payload[" + ((Cmo) value).type() + "]";
            case NONE -> "Payload[NONE]";
            default -> "Payload[" + kind + " x " + count()
                    + (isDirect() ? ", direct" : isWireForm() ? ", wire form" : "") + "]";
        };
    }
}
