package org.ox4j.cmo;

import java.util.Arrays;

/** {@code CMO_DATUM}: an opaque byte array. The array is copied in and out, so the value stays immutable. */
public final class CmoDatum implements Cmo {
    private final byte[] bytes;

    private CmoDatum(byte[] bytes) {
        this.bytes = bytes;
    }

    /** A datum holding a copy of {@code bytes}. */
    public static CmoDatum of(byte[] bytes) {
        return new CmoDatum(bytes.clone());
    }

    /** Wraps an array the caller promises never to touch again (used by decoders that just allocated it). */
    public static CmoDatum wrap(byte[] bytes) {
        return new CmoDatum(bytes);
    }

    /** A copy of the bytes. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** Number of bytes. */
    public int length() {
        return bytes.length;
    }

    /** Read-only view for encoders: callers must not modify the returned array. */
    public byte[] unsafeBytes() {
        return bytes;
    }

    @Override
    public CmoType type() {
        return CmoType.DATUM;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CmoDatum d && Arrays.equals(bytes, d.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "CmoDatum[" + bytes.length + " bytes]";
    }
}
