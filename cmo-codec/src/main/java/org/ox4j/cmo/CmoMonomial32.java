package org.ox4j.cmo;

import java.util.Arrays;
import java.util.Objects;

/** {@code CMO_MONOMIAL32}: exponent vector and one coefficient CMO. */
public final class CmoMonomial32 implements Cmo {
    private final int[] exponents;
    private final Cmo coefficient;

    private CmoMonomial32(int[] exponents, Cmo coefficient) {
        this.exponents = exponents;
        this.coefficient = Objects.requireNonNull(coefficient, "coefficient");
    }

    /** A monomial with a copy of {@code exponents}. */
    public static CmoMonomial32 of(int[] exponents, Cmo coefficient) {
        return new CmoMonomial32(exponents.clone(), coefficient);
    }

    /** Takes ownership of a freshly built exponent array. */
    public static CmoMonomial32 wrap(int[] exponents, Cmo coefficient) {
        return new CmoMonomial32(exponents, coefficient);
    }

    /** Number of variables. */
    public int arity() {
        return exponents.length;
    }

    /** Exponent of variable {@code i}. */
    public int exponent(int i) {
        return exponents[i];
    }

    /** A copy of the exponents. */
    public int[] exponents() {
        return exponents.clone();
    }

    /** The coefficient. */
    public Cmo coefficient() {
        return coefficient;
    }

    @Override
    public CmoType type() {
        return CmoType.MONOMIAL32;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CmoMonomial32 m && Arrays.equals(exponents, m.exponents)
                && coefficient.equals(m.coefficient);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(exponents) + coefficient.hashCode();
    }

    @Override
    public String toString() {
        return "CmoMonomial32[" + Arrays.toString(exponents) + ", " + coefficient + "]";
    }
}
