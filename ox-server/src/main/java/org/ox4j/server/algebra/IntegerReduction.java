package org.ox4j.server.algebra;

import cc.redberry.rings.Rings;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.DegreeVector;
import cc.redberry.rings.poly.multivar.Monomial;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.Comparator;
import java.util.List;
import org.ox4j.server.eval.Interruption;

/**
 * Fraction-free reduction over Z for Gröbner bases over Q: polynomials are kept primitive with positive leading
 * coefficients; a reduction step scales the dividend by lc(g)/gcd instead of dividing coefficients, and the
 * content is removed every few steps to keep coefficients small. Much faster than rational arithmetic.
 */
public final class IntegerReduction extends Reduction<Monomial<BigInteger>, MultivariatePolynomial<BigInteger>> {
    /** Steps that scaled the dividend between two content removals (tuning knob, measured best near 3). */
    private static final int CONTENT_EVERY = Integer.getInteger("ox4j.gb.contentEvery", 3);

    public IntegerReduction(Comparator<DegreeVector> order, Interruption interruption) {
        super(order, interruption);
    }

    @Override
    public MultivariatePolynomial<BigInteger> normalize(MultivariatePolynomial<BigInteger> p) {
        MultivariatePolynomial<BigInteger> r = p.clone().setOrdering(order);
        BigInteger c = r.content();
        if (r.lc(order).signum() < 0) {
            c = c.negate();
        }
        return r.divideExact(c);
    }

    @Override
    public MultivariatePolynomial<BigInteger> sPolynomial(MultivariatePolynomial<BigInteger> f,
            MultivariatePolynomial<BigInteger> g, DegreeVector lcm) {
        BigInteger cf = f.lc(order);
        BigInteger cg = g.lc(order);
        BigInteger d = Rings.Z.gcd(cf, cg);
        MultivariatePolynomial<BigInteger> a = f.clone().multiply(new Monomial<>(lcm.dvDivideExact(f.lt(order)),
                cg.divideExact(d)));
        MultivariatePolynomial<BigInteger> b = g.clone().multiply(new Monomial<>(lcm.dvDivideExact(g.lt(order)),
                cf.divideExact(d)));
        return a.subtract(b);
    }

    @Override
    public MultivariatePolynomial<BigInteger> reduce(MultivariatePolynomial<BigInteger> f,
            List<MultivariatePolynomial<BigInteger>> basis) {
        MultivariatePolynomial<BigInteger> h = f.clone();
        MultivariatePolynomial<BigInteger> rest = h.createZero();
        // rest's true value is rest * restScale: scaling the remainder is deferred until a term is moved to it or
        // the content is removed, instead of rewriting every remainder term at every scaled step
        BigInteger restScale = BigInteger.ONE;
        DegreeVector[] lts = leadingMonomials(basis);
        int scaled = 0;
        while (!h.isZero()) {
            step();
            Monomial<BigInteger> lt = h.lt(order);
            int k = divisor(lts, lt);
            if (k < 0) {
                if (!restScale.isOne()) {
                    rest.multiply(restScale);
                    restScale = BigInteger.ONE;
                }
                rest.add(lt);
                h.subtractLt();
                continue;
            }
            MultivariatePolynomial<BigInteger> g = basis.get(k);
            BigInteger cg = g.lc(order);
            BigInteger d = Rings.Z.gcd(lt.coefficient, cg);
            BigInteger mh = cg.divideExact(d);
            if (!mh.isOne()) {
                h.multiply(mh);
                if (!rest.isZero()) {
                    restScale = restScale.multiply(mh);
                }
                scaled++;
            }
            subtractMultiple(h, g, lt.dvDivideExact(lts[k]), lt.coefficient.divideExact(d));
            if (scaled >= CONTENT_EVERY && !h.isZero()) {
                scaled = 0;
                if (!restScale.isOne()) {
                    rest.multiply(restScale);
                    restScale = BigInteger.ONE;
                }
                BigInteger c = Rings.Z.gcd(h.content(), rest.isZero() ? BigInteger.ZERO : rest.content());
                if (!c.isOne()) {
                    h.divideExact(c);
                    rest.divideExact(c);
                }
            }
        }
        return rest.isZero() ? rest : normalize(rest);
    }

    /** {@code h -= c * m * g} term by term, without copying {@code g}. */
    private static void subtractMultiple(MultivariatePolynomial<BigInteger> h, MultivariatePolynomial<BigInteger> g,
            DegreeVector m, BigInteger c) {
        for (Monomial<BigInteger> t : g) {
            h.subtract(new Monomial<>(t.dvMultiply(m), t.coefficient.multiply(c)));
        }
    }
}
