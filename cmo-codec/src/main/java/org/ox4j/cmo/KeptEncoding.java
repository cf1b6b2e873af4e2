package org.ox4j.cmo;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * The bytes a CMO arrived in, kept instead of a decoded tree ({@link KeptEncoded}): the whole CMO (tag included)
 * as a scanner checked it, its byte order, the CMO tags met inside, and whether a CMO_ZZ of value zero is among
 * them (a receiver that normalises zeros must then decode). The encoding is the first {@link #length()} bytes of an
 * array that may be longer: the reader hands over the array it captured into, because trimming it would copy the
 * whole value once more after its last byte arrived, on the way to the master's next request. Immutable: the arrays
 * are taken over from the reader that captured them and never written.
 */
public final class KeptEncoding {
    private final byte[] wire;
    private final int length;
    private final ByteOrder order;
    private final int[] tags;
    private final boolean zeroInteger;

    public KeptEncoding(byte[] wire, ByteOrder order, int[] tags, boolean zeroInteger) {
        this(wire, wire.length, order, tags, zeroInteger);
    }

    /** The encoding held in the first {@code length} bytes of {@code wire}. */
    public KeptEncoding(byte[] wire, int length, ByteOrder order, int[] tags, boolean zeroInteger) {
        this.wire = Objects.requireNonNull(wire, "wire");
        Objects.checkFromIndexSize(0, length, wire.length);
        this.length = length;
        this.order = Objects.requireNonNull(order, "order");
        this.tags = Objects.requireNonNull(tags, "tags");
        this.zeroInteger = zeroInteger;
    }

    /** The bytes (a copy when the array is longer), when they are in byte order {@code o}; else null. */
    public byte[] wire(ByteOrder o) {
        if (!order.equals(o)) {
            return null;
        }
        return length == wire.length ? wire : Arrays.copyOf(wire, length);
    }

    /**
     * The array holding the encoding in its first {@link #length()} bytes, when they are in byte order {@code o};
     * else null (the value must be encoded anew). For writers; never to be written to.
     */
    public byte[] wireArray(ByteOrder o) {
        return order.equals(o) ? wire : null;
    }

    /** The bytes, for the decoder of the value that keeps them. */
    ByteBuffer bytes() {
        return ByteBuffer.wrap(wire, 0, length);
    }

    /** The byte order of the encoding. */
    public ByteOrder order() {
        return order;
    }

    /** The size of the encoding in bytes. */
    public int length() {
        return length;
    }

    /** The CMO tags inside (the value's own included), each once. */
    public int[] tags() {
        return tags.clone();
    }

    /** Whether a CMO of {@code type} is inside. */
    public boolean holds(CmoType type) {
        for (int t : tags) {
            if (t == type.code()) {
                return true;
            }
        }
        return false;
    }

    /** Whether a CMO_ZZ with no words (zero) is inside. */
    public boolean zeroInteger() {
        return zeroInteger;
    }
}
