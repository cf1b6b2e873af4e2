package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.Monomial;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.ArrayList;
import java.util.List;

/** Small helpers around rings' polynomials over Q in n variables (variable 0 = highest, lex order). */
public final class Polys {
    private Polys() {
    }

    /** The zero polynomial in {@code n} variables. */
    public static MultivariatePolynomial<Rational<BigInteger>> zero(int n) {
        return MultivariatePolynomial.zero(n, Rings.Q, MonomialOrder.LEX);
    }

    /** The constant {@code c} in {@code n} variables. */
    public static MultivariatePolynomial<Rational<BigInteger>> constant(int n, Rational<BigInteger> c) {
        return zero(n).add(c);
    }

    /** The variable with index {@code i} among {@code n}. */
    public static MultivariatePolynomial<Rational<BigInteger>> variable(int n, int i) {
        int[] e = new int[n];
        e[i] = 1;
        return zero(n).add(new Monomial<>(e, Rings.Q.getOne()));
    }

    /**
     * Re-indexes {@code p}: variable {@code i} of {@code p} becomes variable {@code map[i]} of the result, which
     * has {@code n} variables. Several old variables may map to the same new one (their exponents add up).
     */
    public static MultivariatePolynomial<Rational<BigInteger>> remap(MultivariatePolynomial<Rational<BigInteger>> p,
            int[] map, int n) {
        List<Monomial<Rational<BigInteger>>> terms = new ArrayList<>(p.size());
        for (Monomial<Rational<BigInteger>> t : p) {
            int[] e = new int[n];
            for (int i = 0; i < map.length; i++) {
                e[map[i]] += t.exponents[i];
            }
            terms.add(new Monomial<>(e, t.coefficient));
        }
        MultivariatePolynomial<Rational<BigInteger>> r = zero(n);
        for (Monomial<Rational<BigInteger>> t : terms) {
            r.add(t);
        }
        return r;
    }

    /**
     * The primitive integral associate of {@code p}: {@code p} times the rational number that makes its coefficients
     * coprime integers with a positive leading coefficient (w.r.t. {@code p}'s own ordering).
     */
    public static MultivariatePolynomial<Rational<BigInteger>> primitiveIntegral(
            MultivariatePolynomial<Rational<BigInteger>> p) {
        if (p.isZero()) {
            return p.clone();
        }
        return p.clone().multiply(integralFactor(p));
    }

    /** The positive-or-negative rational c with c·p primitive integral and lc(c·p) > 0. */
    public static Rational<BigInteger> integralFactor(MultivariatePolynomial<Rational<BigInteger>> p) {
        BigInteger den = BigInteger.ONE;
        BigInteger num = BigInteger.ZERO;
        for (Rational<BigInteger> c : p.coefficients()) {
            den = Rings.Z.lcm(den, c.denominator());
            num = Rings.Z.gcd(num, c.numerator());
        }
        Rational<BigInteger> factor = new Rational<>(Rings.Z, den, num.abs());
        return p.lc().signum() < 0 ? factor.negate() : factor;
    }

    /** Copy of {@code p} over Z (all coefficients must be integers). */
    public static MultivariatePolynomial<BigInteger> toZ(MultivariatePolynomial<Rational<BigInteger>> p) {
        return p.mapCoefficients(Rings.Z, Rational::numerator);
    }

    /** Copy of {@code p} over Q. */
    public static MultivariatePolynomial<Rational<BigInteger>> fromZ(MultivariatePolynomial<BigInteger> p) {
        return p.mapCoefficients(Rings.Q, c -> new Rational<>(Rings.Z, c));
    }
}
