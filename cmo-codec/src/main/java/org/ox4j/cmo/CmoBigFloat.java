package org.ox4j.cmo;

import java.math.BigInteger;
import java.util.Objects;

/** {@code CMO_BIGFLOAT} (50, obsolete): value = mantissa * 2^exponent, both written as ZZ bodies. */
public record CmoBigFloat(BigInteger mantissa, BigInteger exponent) implements Cmo {
    public CmoBigFloat {
        Objects.requireNonNull(mantissa, "mantissa");
        Objects.requireNonNull(exponent, "exponent");
    }

    @Override
    public CmoType type() {
        return CmoType.BIGFLOAT;
    }
}
