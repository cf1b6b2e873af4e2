package org.ox4j.cmo;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@code CMO_STRING}: a byte string, by convention UTF-8. The exact bytes are kept, so a string that is not
 * valid UTF-8 still re-encodes byte for byte; {@link #value()} decodes it (replacing malformed input).
 */
public final class CmoString implements Cmo {
    private final byte[] bytes;
    private volatile String text;

    private CmoString(byte[] bytes, String text) {
        this.bytes = bytes;
        this.text = text;
    }

    /** The UTF-8 encoding of {@code s}. */
    public static CmoString of(String s) {
        return new CmoString(s.getBytes(StandardCharsets.UTF_8), s);
    }

    /** Takes ownership of freshly read bytes (decoders only). */
    public static CmoString wrapBytes(byte[] bytes) {
        return new CmoString(bytes, null);
    }

    /** The text, decoded as UTF-8. */
    public String value() {
        String t = text;
        if (t == null) {
            t = new String(bytes, StandardCharsets.UTF_8);
            text = t;
        }
        return t;
    }

    /** Number of bytes on the wire. */
    public int byteLength() {
        return bytes.length;
    }

    /** Read-only view for encoders: callers must not modify the returned array. */
    public byte[] unsafeBytes() {
        return bytes;
    }

    @Override
    public CmoType type() {
        return CmoType.STRING;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CmoString s && Arrays.equals(bytes, s.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "CmoString[" + value() + "]";
    }
}
