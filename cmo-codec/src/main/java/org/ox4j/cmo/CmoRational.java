package org.ox4j.cmo;

import java.util.Objects;

/** {@code CMO_RATIONAL}: a quotient of two CMOs (numbers or polynomials), e.g. a rational function. */
public record CmoRational(Cmo numerator, Cmo denominator) implements Cmo {
    public CmoRational {
        Objects.requireNonNull(numerator, "numerator");
        Objects.requireNonNull(denominator, "denominator");
    }

    @Override
    public CmoType type() {
        return CmoType.RATIONAL;
    }
}
