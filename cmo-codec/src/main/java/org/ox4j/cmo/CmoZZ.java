package org.ox4j.cmo;

import java.math.BigInteger;
import java.util.Objects;

/** {@code CMO_ZZ}: an arbitrary-precision integer (sign-magnitude, 32-bit limbs least significant first). */
public record CmoZZ(BigInteger value) implements Cmo {
    public CmoZZ {
        Objects.requireNonNull(value, "value");
    }

    /** The integer {@code v}. */
    public static CmoZZ of(long v) {
        return new CmoZZ(BigInteger.valueOf(v));
    }

    @Override
    public CmoType type() {
        return CmoType.ZZ;
    }

    @Override
    public String toString() {
        return "CmoZZ[" + value.bitLength() + " bits]";
    }
}
