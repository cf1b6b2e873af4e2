package org.ox4j.cmo;

import java.math.BigInteger;
import java.util.Objects;

/**
 * {@code CMO_QQ}: a rational number as numerator and denominator, exactly as received (not reduced here;
 * the algebra layer normalises).
 */
public record CmoQQ(BigInteger numerator, BigInteger denominator) implements Cmo {
    public CmoQQ {
        Objects.requireNonNull(numerator, "numerator");
        Objects.requireNonNull(denominator, "denominator");
    }

    @Override
    public CmoType type() {
        return CmoType.QQ;
    }
}
