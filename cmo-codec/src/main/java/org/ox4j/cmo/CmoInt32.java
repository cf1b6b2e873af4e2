package org.ox4j.cmo;

/** {@code CMO_INT32}: one signed 32-bit word (Asir reads it back as an unsigned word). */
public record CmoInt32(int value) implements Cmo {
    @Override
    public CmoType type() {
        return CmoType.INT32;
    }
}
