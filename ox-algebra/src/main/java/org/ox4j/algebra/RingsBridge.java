package org.ox4j.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.poly.multivar.Monomial;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The one boundary between the kernel and rings, used where rings is the stronger engine (factorisation,
 * multivariate gcd, square-free decomposition): conversions in both directions, variable i to variable i. rings'
 * integers are converted through their two's-complement bytes.
 */
public final class RingsBridge {
    private RingsBridge() {
    }

    public static cc.redberry.rings.bigint.BigInteger toRings(BigInteger v) {
        return new cc.redberry.rings.bigint.BigInteger(v.toByteArray());
    }

    public static BigInteger fromRings(cc.redberry.rings.bigint.BigInteger v) {
        return new BigInteger(v.toByteArray());
    }

    /** The integer polynomial as a rings polynomial over Z (lex order). */
    public static MultivariatePolynomial<cc.redberry.rings.bigint.BigInteger> toRings(ZPoly f) {
        int n = f.layout().variables();
        List<Monomial<cc.redberry.rings.bigint.BigInteger>> terms = new ArrayList<>(f.size());
        for (int i = 0; i < f.size(); i++) {
            terms.add(new Monomial<>(f.exponents(i), toRings(f.coefficient(i))));
        }
        MultivariatePolynomial<cc.redberry.rings.bigint.BigInteger> p =
                MultivariatePolynomial.zero(n, Rings.Z, MonomialOrder.LEX);
        p.add(terms);
        return p;
    }

    /** The rational polynomial as a rings polynomial over Q (lex order). */
    public static MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> toRings(QPoly f) {
        int n = f.layout().variables();
        cc.redberry.rings.bigint.BigInteger den = toRings(f.denominator());
        List<Monomial<Rational<cc.redberry.rings.bigint.BigInteger>>> terms = new ArrayList<>(f.size());
        for (int i = 0; i < f.size(); i++) {
            terms.add(new Monomial<>(f.exponents(i),
                    new Rational<>(Rings.Z, toRings(f.numerator().coefficient(i)), den)));
        }
        MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> p =
                MultivariatePolynomial.zero(n, Rings.Q, MonomialOrder.LEX);
        p.add(terms);
        return p;
    }

    /** A rings polynomial over Z in {@code layout} (same number of variables). */
    public static ZPoly fromRings(MultivariatePolynomial<cc.redberry.rings.bigint.BigInteger> p,
            MonomialLayout layout) {
        int[][] e = new int[p.size()][];
        BigInteger[] c = new BigInteger[p.size()];
        int k = 0;
        for (Monomial<cc.redberry.rings.bigint.BigInteger> t : p) {
            e[k] = t.exponents.clone();
            c[k++] = fromRings(t.coefficient);
        }
        return ZPoly.of(layout.widenedFor(p.isZero() ? 0 : p.degree()), e, c);
    }

    /** A rings polynomial over Q in {@code layout}. */
    public static QPoly fromRingsQ(MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> p,
            MonomialLayout layout) {
        BigInteger den = BigInteger.ONE;
        for (Monomial<Rational<cc.redberry.rings.bigint.BigInteger>> t : p) {
            BigInteger d = fromRings(t.coefficient.denominator());
            den = den.divide(den.gcd(d)).multiply(d);
        }
        int[][] e = new int[p.size()][];
        BigInteger[] c = new BigInteger[p.size()];
        int k = 0;
        for (Monomial<Rational<cc.redberry.rings.bigint.BigInteger>> t : p) {
            e[k] = t.exponents.clone();
            BigInteger num = fromRings(t.coefficient.numerator());
            BigInteger d = fromRings(t.coefficient.denominator());
            c[k++] = num.multiply(den.divide(d));
        }
        return QPoly.of(ZPoly.of(layout.widenedFor(p.isZero() ? 0 : p.degree()), e, c), den);
    }
}
