package org.ox4j.server.algebra;

import java.util.Objects;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.QPoly;

/**
 * A distributed polynomial as Asir's {@code dp_ptod} makes it: no variable names, only a number of variables,
 * terms in degree reverse lexicographic order (a kernel polynomial of that order). Arrives as
 * {@code CMO_DISTRIBUTED_POLYNOMIAL}; {@code dp_dtop(D, V)} turns it into a {@link Poly}.
 */
public final class Dp implements Value {
    private final QPoly poly;

    /** A distributed polynomial; {@code poly} must be in a degree reverse lexicographic layout. */
    public Dp(QPoly poly) {
        this.poly = Objects.requireNonNull(poly, "poly");
        if (poly.layout().variables() > 0 && !poly.layout().order().is(MonomialOrder.Kind.GREVLEX)) {
            throw new IllegalArgumentException("a distributed polynomial is kept in grevlex order");
        }
    }

    /** Number of variables. */
    public int nVariables() {
        return poly.layout().variables();
    }

    /** The kernel polynomial (grevlex). */
    public QPoly kernel() {
        return poly;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Dp d && nVariables() == d.nVariables() && poly.equals(d.poly);
    }

    @Override
    public int hashCode() {
        return poly.hashCode();
    }

    @Override
    public String toString() {
        return ValuePrinter.print(this);
    }
}
