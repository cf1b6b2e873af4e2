package org.ox4j.cmo;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * {@code CMO_DATUM}: an opaque byte array. The array is copied in and out, so the value stays immutable.
 *
 * <p>A datum can also be made from an object of the process that holds it ({@link #deferred}): its bytes are then
 * the object's encoding, made the first time something asks for them (an encoder putting it on the wire, equality),
 * and the code that made it gets the object back with {@link #source()} without decoding. Why: a server keeps large
 * intermediate results (a multi-modular Gröbner computation's image sets, megabytes each) in variables and on its
 * stack between commands, and most of them never leave the process; encoding each one cost as much as computing
 * it. Such a datum can carry an estimate of its size ({@link #sizeEstimate}), so that a memory budget can count it
 * without making its bytes.
 *
 * <p>A datum can also be {@link #filledBy filled}: its bytes are put by a {@link BufferFiller} straight into the
 * buffer of the encoder that writes it, so that a large array on its way to a socket is not first copied into an
 * array of bytes (which the JVM also zeroes) and then from there into the socket's buffer.
 */
public final class CmoDatum implements Cmo {
    /** The bytes, or null until a deferred datum's are made. */
    private volatile byte[] bytes;
    private final Object source;
    /** Makes the bytes of {@link #source}; null once they are made (or when there is no source). */
    private Function<Object, byte[]> encoder;
    /** The source's size in bytes, estimated without encoding it; null when none was given. */
    private final ToLongFunction<Object> sizeOfSource;
    /** What puts a filled datum's bytes where they go; null for other datums. */
    private final BufferFiller filler;
    /** The number of bytes of a filled datum (of others: -1, their arrays say it). */
    private final int filledLength;

    private CmoDatum(byte[] bytes, Object source, Function<Object, byte[]> encoder,
            ToLongFunction<Object> sizeOfSource) {
        this(bytes, source, encoder, sizeOfSource, null, -1);
    }

    private CmoDatum(byte[] bytes, Object source, Function<Object, byte[]> encoder,
            ToLongFunction<Object> sizeOfSource, BufferFiller filler, int filledLength) {
        this.bytes = bytes;
        this.source = source;
        this.encoder = encoder;
        this.sizeOfSource = sizeOfSource;
        this.filler = filler;
        this.filledLength = filledLength;
    }

    /** A datum holding a copy of {@code bytes}. */
    public static CmoDatum of(byte[] bytes) {
        return new CmoDatum(bytes.clone(), null, null, null);
    }

    /** Wraps an array the caller promises never to touch again (used by decoders that just allocated it). */
    public static CmoDatum wrap(byte[] bytes) {
        return new CmoDatum(Objects.requireNonNull(bytes, "bytes"), null, null, null);
    }

    /**
     * The datum whose bytes are {@code encoder} applied to {@code source}, made on first use; {@code source} must be
     * immutable and the encoder a function of it alone (the datum is a value, whenever its bytes are made).
     */
    public static <T> CmoDatum deferred(T source, Function<? super T, byte[]> encoder) {
        return make(source, encoder, null);
    }

    /**
     * As {@link #deferred(Object, Function)}, with {@code sizeOfSource} estimating, without encoding, how many bytes
     * the source holds (what {@link #sizeEstimate} says until the bytes are made).
     */
    public static <T> CmoDatum deferred(T source, Function<? super T, byte[]> encoder,
            ToLongFunction<? super T> sizeOfSource) {
        return make(source, encoder, Objects.requireNonNull(sizeOfSource, "sizeOfSource"));
    }

    /**
     * The datum of the {@code length} bytes that {@code filler} puts into a buffer, from offset 0 on: an encoder puts
     * them straight into its output ({@link #filler()}); anything else that asks for them (equality, {@link #bytes})
     * gets them filled into an array once. The filler must give the same bytes whenever it is asked: its maker keeps
     * what they are read from unchanged while the datum is in use (a message written before the call that made it
     * returns).
     */
    public static CmoDatum filledBy(int length, BufferFiller filler) {
        if (length < 0) {
            throw new IllegalArgumentException("length: " + length + " (expected: >= 0)");
        }
        return new CmoDatum(null, null, null, null, Objects.requireNonNull(filler, "filler"), length);
    }

    /**
     * What puts the bytes of a {@link #filledBy filled} datum into an encoder's buffer, while they are not made into
     * an array; null otherwise (the encoder then writes {@link #unsafeBytes()}).
     */
    public BufferFiller filler() {
        return bytes == null ? filler : null;
    }

    @SuppressWarnings("unchecked")
    private static <T> CmoDatum make(T source, Function<? super T, byte[]> encoder,
            ToLongFunction<? super T> sizeOfSource) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(encoder, "encoder");
        return new CmoDatum(null, source, (Function<Object, byte[]>) (Function<?, byte[]>) encoder,
                (ToLongFunction<Object>) (ToLongFunction<?>) sizeOfSource);
    }

    /** The object a {@link #deferred} datum was made from, or null for a datum made from bytes. */
    public Object source() {
        return source;
    }

    /** A copy of the bytes. */
    public byte[] bytes() {
        return made().clone();
    }

    /** Number of bytes. */
    public int length() {
        return filledLength >= 0 ? filledLength : made().length;
    }

    /**
     * The number of bytes once they are made; before that, the estimate a deferred datum was given, or (without one)
     * the number of bytes, made now. Why: a session's memory budget counts every value pushed on its stack, and a
     * rank of a group pushes its image set (megabytes of residues) before the reduce that sends it; making the bytes
     * there cost the root a combine and an encoding of its own set that never left the process.
     */
    public long sizeEstimate() {
        byte[] b = bytes;
        if (b != null) {
            return b.length;
        }
        if (filledLength >= 0) {
            return filledLength;
        }
        return sizeOfSource != null ? sizeOfSource.applyAsLong(source) : made().length;
    }

    /** Read-only view for encoders: callers must not modify the returned array. */
    public byte[] unsafeBytes() {
        return made();
    }

    private byte[] made() {
        byte[] b = bytes;
        if (b == null) {
            synchronized (this) {
                b = bytes;
                if (b == null) {
                    b = filler != null ? fill() : Objects.requireNonNull(encoder.apply(source), "encoded bytes");
                    bytes = b;
                    encoder = null;
                }
            }
        }
        return b;
    }

    private byte[] fill() {
        byte[] b = new byte[filledLength];
        filler.fillWhole(ByteBuffer.wrap(b), 0);
        return b;
    }

    @Override
    public CmoType type() {
        return CmoType.DATUM;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CmoDatum d && Arrays.equals(made(), d.made());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(made());
    }

    @Override
    public String toString() {
        byte[] b = bytes;
        if (b != null) {
            return "CmoDatum[" + b.length + " bytes]";
        }
        return filler != null ? "CmoDatum[filled, " + filledLength + " bytes]"
                : "CmoDatum[deferred " + source.getClass().getSimpleName() + "]";
    }
}
