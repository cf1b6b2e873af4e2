package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.Objects;

/**
 * A distributed polynomial as Asir's {@code dp_ptod} makes it: no variable names, only a number of variables.
 * Arrives as {@code CMO_DISTRIBUTED_POLYNOMIAL}; {@code dp_dtop(D, V)} turns it into a {@link Poly}.
 */
public final class Dp implements Value {
    private final MultivariatePolynomial<Rational<BigInteger>> poly;

    /** Takes ownership of {@code poly} (any number of variables). */
    public Dp(MultivariatePolynomial<Rational<BigInteger>> poly) {
        this.poly = Objects.requireNonNull(poly, "poly");
    }

    /** Number of variables. */
    public int nVariables() {
        return poly.nVariables;
    }

    /** A copy of the polynomial. */
    public MultivariatePolynomial<Rational<BigInteger>> poly() {
        return poly.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Dp d && poly.nVariables == d.poly.nVariables && poly.equals(d.poly);
    }

    @Override
    public int hashCode() {
        return poly.hashCode();
    }

    @Override
    public String toString() {
        return "Dp" + poly;
    }
}
