package org.ox4j.algebra;

import java.math.BigInteger;
import java.util.Objects;

/**
 * A polynomial with rational coefficients as an integer polynomial over one shared positive denominator,
 * {@code num / den}, always reduced: the gcd of den and the content of num is 1 (zero is 0/1). Arithmetic is done
 * on the integer numerators, so a sum or product costs one gcd pass over the result instead of a gcd per
 * coefficient operation. Immutable.
 */
public final class QPoly {
    private final ZPoly num;
    private final BigInteger den;

    private QPoly(ZPoly num, BigInteger den) {
        this.num = num;
        this.den = den;
    }

    /** num / den, reduced; den must not be 0 (its sign moves to the numerator). */
    public static QPoly of(ZPoly num, BigInteger den) {
        Objects.requireNonNull(num, "num");
        if (den.signum() == 0) {
            throw new ArithmeticException("denominator 0");
        }
        if (num.isZero()) {
            return new QPoly(num, BigInteger.ONE);
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        if (den.equals(BigInteger.ONE)) {
            return new QPoly(num, den);
        }
        BigInteger g = den;
        for (int i = 0; i < num.size && !g.equals(BigInteger.ONE); i++) {
            g = g.gcd(num.coef[i]);
        }
        if (!g.equals(BigInteger.ONE)) {
            num = num.divideExact(g);
            den = den.divide(g);
        }
        return new QPoly(num, den);
    }

    /** An integer polynomial. */
    public static QPoly of(ZPoly num) {
        return new QPoly(num, BigInteger.ONE);
    }

    public static QPoly zero(MonomialLayout layout) {
        return new QPoly(ZPoly.zero(layout), BigInteger.ONE);
    }

    /** The constant n/d. */
    public static QPoly constant(MonomialLayout layout, BigInteger n, BigInteger d) {
        return of(ZPoly.constant(layout, n), d);
    }

    /** The integer numerator (this = numerator / denominator). */
    public ZPoly numerator() {
        return num;
    }

    /** The positive common denominator. */
    public BigInteger denominator() {
        return den;
    }

    public MonomialLayout layout() {
        return num.layout();
    }

    public int size() {
        return num.size();
    }

    public boolean isZero() {
        return num.isZero();
    }

    public boolean isConstant() {
        return num.isConstant();
    }

    /** Numerator of the coefficient of term i in lowest terms. */
    public BigInteger coefficientNumerator(int i) {
        return coefficientInLowestTerms(i)[0];
    }

    /** Denominator of the coefficient of term i in lowest terms. */
    public BigInteger coefficientDenominator(int i) {
        return coefficientInLowestTerms(i)[1];
    }

    /**
     * The coefficient of term i in lowest terms, {numerator, denominator}: one gcd, none for a polynomial over Z.
     * Why the case of denominator 1 apart: a basis or an input sent to a master is as a rule integral, and a walk
     * over its terms that never takes the gcd is compiled without BigInteger's gcd inlined (a group's rank 0 spent
     * 1.36 s of C2 time on the recursive view of katsura-9's reduced basis, two gcds inlined per coefficient).
     */
    public BigInteger[] coefficientInLowestTerms(int i) {
        BigInteger c = num.coef[i];
        if (den.equals(BigInteger.ONE)) {
            return new BigInteger[] {c, BigInteger.ONE};
        }
        BigInteger g = c.gcd(den);
        return new BigInteger[] {c.divide(g), den.divide(g)};
    }

    public int[] exponents(int i) {
        return num.exponents(i);
    }

    public int exponent(int i, int v) {
        return num.exponent(i, v);
    }

    public int totalDegree() {
        return num.totalDegree();
    }

    public int degree(int v) {
        return num.degree(v);
    }

    /** The coefficient of x_v^e (see {@link ZPoly#coefficientOf(int, int)}). */
    public QPoly coefficientOf(int v, int e) {
        return of(num.coefficientOf(v, e), den);
    }

    /** The partial derivative by variable v. */
    public QPoly derivative(int v) {
        return of(num.derivative(v), den);
    }

    /**
     * This polynomial with variable v replaced by q (same layout order; q's variable v may occur): Horner's rule
     * over the powers of v, Σ_k c_k·q^k with c_k = {@link #coefficientOf(int, int)}, deg_v(this) products.
     */
    public QPoly substitute(int v, QPoly q, Interrupt interrupt, int threads) {
        int top = degree(v);
        if (top <= 0) {
            return this;
        }
        QPoly r = coefficientOf(v, top);
        for (int k = top - 1; k >= 0; k--) {
            interrupt.check();
            r = r.multiply(q, interrupt, threads).add(coefficientOf(v, k));
        }
        return r;
    }

    /** The value of this polynomial at x_v = a/b (b ≠ 0), still a polynomial in the other variables. */
    public QPoly evaluate(int v, BigInteger a, BigInteger b) {
        return substitute(v, constant(layout(), a, b), Interrupt.NONE, 1);
    }

    /** The sign of the leading coefficient (0 for zero). */
    public int signum() {
        return num.isZero() ? 0 : num.leadingCoefficient().signum();
    }

    public QPoly negate() {
        return new QPoly(num.negate(), den);
    }

    public QPoly add(QPoly g) {
        return combine(g, false);
    }

    public QPoly subtract(QPoly g) {
        return combine(g, true);
    }

    private QPoly combine(QPoly g, boolean subtract) {
        ZPoly[] al = ZPoly.aligned(num, g.num);
        if (den.equals(g.den)) {
            ZPoly s = subtract ? al[0].subtract(al[1]) : al[0].add(al[1]);
            return den.equals(BigInteger.ONE) ? new QPoly(s, den) : of(s, den);
        }
        BigInteger d = den.gcd(g.den);
        BigInteger a = g.den.divide(d);
        BigInteger b = den.divide(d);
        ZPoly x = al[0].multiply(a);
        ZPoly y = al[1].multiply(b);
        return of(subtract ? x.subtract(y) : x.add(y), den.multiply(a));
    }

    public QPoly multiply(QPoly g) {
        return multiply(g, Interrupt.NONE, 1);
    }

    public QPoly multiply(QPoly g, Interrupt interrupt, int threads) {
        ZPoly[] al = ZPoly.aligned(num, g.num);
        ZPoly p = al[0].multiply(al[1], interrupt, threads);
        BigInteger d = den.multiply(g.den);
        return d.equals(BigInteger.ONE) ? new QPoly(p, d) : of(p, d);
    }

    /** This times n/d. */
    public QPoly multiply(BigInteger n, BigInteger d) {
        return of(num.multiply(n), den.multiply(d));
    }

    public QPoly pow(int k, Interrupt interrupt, int threads) {
        return of(num.pow(k, interrupt, threads), den.pow(k));
    }

    /** The exact quotient by g, or null when g does not divide this over Q. */
    public QPoly divideOrNull(QPoly g, Interrupt interrupt) {
        ZPoly[] al = ZPoly.aligned(num, g.num);
        ZPoly a = al[0];
        ZPoly b = al[1];
        // over Q: divide primitive parts over Z, the contents as rationals
        BigInteger ca = a.content();
        BigInteger cb = b.content();
        if (a.isZero()) {
            return this;
        }
        ZPoly pa = a.divideExact(ca);
        ZPoly pb = b.divideExact(cb);
        ZPoly q = pa.divideOrNull(pb, interrupt);
        if (q == null) {
            return null;
        }
        // this/g = (ca/den)/(cb/g.den) · q
        return of(q.multiply(ca.multiply(g.den)), den.multiply(cb));
    }

    /** The primitive integral associate: positive leading coefficient, content 1. */
    public ZPoly primitiveIntegral() {
        return num.primitivePart();
    }

    /** The same polynomial in another layout (see {@link ZPoly#relayout(MonomialLayout, int[])}). */
    public QPoly relayout(MonomialLayout target, int[] map) {
        return new QPoly(num.relayout(target, map), den);
    }

    public QPoly relayout(MonomialLayout target) {
        return new QPoly(num.relayout(target), den);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QPoly q && den.equals(q.den) && num.equals(q.num);
    }

    @Override
    public int hashCode() {
        return 31 * num.hashCode() + den.hashCode();
    }

    @Override
    public String toString() {
        return den.equals(BigInteger.ONE) ? num.toString() : "(" + num + ")/" + den;
    }
}
