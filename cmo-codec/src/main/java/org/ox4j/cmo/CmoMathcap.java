package org.ox4j.cmo;

import java.util.Objects;

/** {@code CMO_MATHCAP}: wraps one CMO, by specification a LIST (see {@code org.ox4j.cmo.mathcap.Mathcap}). */
public record CmoMathcap(Cmo body) implements Cmo {
    public CmoMathcap {
        Objects.requireNonNull(body, "body");
    }

    @Override
    public CmoType type() {
        return CmoType.MATHCAP;
    }
}
