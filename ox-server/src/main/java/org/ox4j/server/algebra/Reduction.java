package org.ox4j.server.algebra;

import cc.redberry.rings.poly.multivar.AMonomial;
import cc.redberry.rings.poly.multivar.AMultivariatePolynomial;
import cc.redberry.rings.poly.multivar.DegreeVector;
import java.util.Comparator;
import java.util.List;
import org.ox4j.server.eval.Interruption;

/**
 * How {@link Buchberger} normalises, builds S-polynomials and reduces over one kind of coefficients: over a field
 * (monic polynomials) or over Z (primitive polynomials, fraction-free). All arithmetic is rings'; implementations
 * check the interrupt flag every few reduction steps.
 */
public abstract class Reduction<T extends AMonomial<T>, P extends AMultivariatePolynomial<T, P>> {
    private static final int CHECK_EVERY = 32;

    protected final Comparator<DegreeVector> order;
    protected final Interruption interruption;
    private int steps;

    protected Reduction(Comparator<DegreeVector> order, Interruption interruption) {
        this.order = order;
        this.interruption = interruption;
    }

    /** The canonical associate of a non-zero polynomial (a fresh copy). */
    public abstract P normalize(P p);

    /** An S-polynomial of two normalised polynomials with leading-monomial lcm {@code lcm} (up to a unit). */
    public abstract P sPolynomial(P f, P g, DegreeVector lcm);

    /** A remainder of the full reduction of {@code f} modulo normalised {@code basis} (up to a unit). */
    public abstract P reduce(P f, List<P> basis);

    /** Counts a reduction step and checks the interrupt flag now and then. */
    protected final void step() {
        if (++steps % CHECK_EVERY == 0) {
            interruption.check();
        }
    }

    protected final DegreeVector[] leadingMonomials(List<P> basis) {
        DegreeVector[] lts = new DegreeVector[basis.size()];
        for (int k = 0; k < lts.length; k++) {
            lts[k] = basis.get(k).lt(order);
        }
        return lts;
    }

    protected static int divisor(DegreeVector[] lts, DegreeVector t) {
        for (int k = 0; k < lts.length; k++) {
            if (t.dvDivisibleBy(lts[k])) {
                return k;
            }
        }
        return -1;
    }

    /** Reduction over a field: monic polynomials, exact leading-term cancellation. */
    public static final class Field<T extends AMonomial<T>, P extends AMultivariatePolynomial<T, P>>
            extends Reduction<T, P> {
        public Field(Comparator<DegreeVector> order, Interruption interruption) {
            super(order, interruption);
        }

        @Override
        public P normalize(P p) {
            return p.clone().setOrdering(order).monic();
        }

        @Override
        public P sPolynomial(P f, P g, DegreeVector lcm) {
            P a = f.clone().multiplyByDegreeVector(lcm.dvDivideExact(f.lt(order)));
            P b = g.clone().multiplyByDegreeVector(lcm.dvDivideExact(g.lt(order)));
            return a.subtract(b);
        }

        @Override
        public P reduce(P f, List<P> basis) {
            P h = f.clone();
            P rest = h.createZero();
            DegreeVector[] lts = leadingMonomials(basis);
            while (!h.isZero()) {
                step();
                T lt = h.lt(order);
                int k = divisor(lts, lt);
                if (k < 0) {
                    rest.add(lt);
                    h.subtractLt();
                } else {
                    P g = basis.get(k);
                    // term by term: no copy of g, no rebuilt term map
                    T q = h.monomialAlgebra.divideOrNull(lt, g.lt(order));
                    for (T t : g) {
                        h.subtract(h.monomialAlgebra.multiply(t, q));
                    }
                }
            }
            return rest;
        }
    }
}
