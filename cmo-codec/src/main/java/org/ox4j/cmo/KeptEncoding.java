package org.ox4j.cmo;

import java.nio.ByteOrder;
import java.util.Objects;

/**
 * The bytes a CMO arrived in, kept instead of a decoded tree ({@link KeptEncoded}): the whole CMO (tag included)
 * as a scanner checked it, its byte order, the CMO tags met inside, and whether a CMO_ZZ of value zero is among
 * them (a receiver that normalises zeros must then decode). Immutable: the arrays are taken over from the reader that
 * captured them and never written.
 */
public final class KeptEncoding {
    private final byte[] wire;
    private final ByteOrder order;
    private final int[] tags;
    private final boolean zeroInteger;

    public KeptEncoding(byte[] wire, ByteOrder order, int[] tags, boolean zeroInteger) {
        this.wire = Objects.requireNonNull(wire, "wire");
        this.order = Objects.requireNonNull(order, "order");
        this.tags = Objects.requireNonNull(tags, "tags");
        this.zeroInteger = zeroInteger;
    }

    /** The bytes, when they are in byte order {@code o}; else null (the value must be encoded anew). */
    public byte[] wire(ByteOrder o) {
        return order.equals(o) ? wire : null;
    }

    /** The bytes, for the decoder of the value that keeps them. */
    byte[] bytes() {
        return wire;
    }

    /** The size of the encoding in bytes. */
    public int length() {
        return wire.length;
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
