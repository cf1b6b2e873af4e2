package org.ox4j.cmo;

import java.nio.ByteOrder;

/**
 * A CMO value (a {@link Cmo}) that may still be held in the bytes it arrived in ({@link KeptEncoding}) until its parts are first
 * asked for: a server that is sent a big value and asked for it back then copies bytes instead of building and
 * walking a tree of thousands of objects. The value is the same either way (equality, hash code and printed form
 * are those of the parts); decoding happens once, and the bytes are dropped then.
 */
public interface KeptEncoded {
    /** The encoding still kept, or null once the value is decoded (or when it was built, not read). */
    KeptEncoding keptEncoding();

    /** The kept encoding, when it is in byte order {@code order}; else null. */
    default byte[] wire(ByteOrder order) {
        KeptEncoding k = keptEncoding();
        return k == null ? null : k.wire(order);
    }

    /** The size of the kept encoding in bytes, or -1 when the value is decoded. */
    default long wireLength() {
        KeptEncoding k = keptEncoding();
        return k == null ? -1 : k.length();
    }

    /** The CMO tags inside the kept encoding (this one's included), or null when the value is decoded. */
    default int[] wireTags() {
        KeptEncoding k = keptEncoding();
        return k == null ? null : k.tags();
    }
}
