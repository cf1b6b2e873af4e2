package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.MultivariateDivision;
import cc.redberry.rings.poly.multivar.MultivariateGCD;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.List;
import org.ox4j.algebra.QPoly;
import org.ox4j.server.eval.EvaluationException;

/**
 * Asir's polynomial builtins on {@link Value}s (gcd, lcm, deg, coef, subst, diff, sdiv/srem) and integer
 * builtins (idiv, irem, igcd, ilcm), delegating the arithmetic to rings.
 */
public final class Polynomials {
    private final Algebra algebra;

    public Polynomials(Algebra algebra) {
        this.algebra = algebra;
    }

    /** The variable named by a value that is a single indeterminate (Asir passes variables as polynomials). */
    public static String variableName(Value v, String op) {
        if (v instanceof Poly p && p.variables().size() == 1) {
            QPoly q = p.kernel();
            if (q.size() == 1 && q.totalDegree() == 1 && q.denominator().equals(java.math.BigInteger.ONE)
                    && q.numerator().leadingCoefficient().equals(java.math.BigInteger.ONE)) {
                return p.variables().get(0);
            }
        }
        throw Algebra.invalid(op);
    }

    /** An integer argument. */
    public static java.math.BigInteger integer(Value v, String op) {
        if (v instanceof Num n && n.isInteger()) {
            return n.numerator();
        }
        throw Algebra.invalid(op);
    }

    // ---------------------------------------------------------------- integers

    /**
     * Asir's idiv: the floor of A/B (the quotient of a division whose remainder has the sign of B), e.g.
     * idiv(-17, 5) = -4 and idiv(17, -5) = -4.
     */
    public static Value idiv(Value a, Value b) {
        return Num.of(floorDivision(a, b, "idiv")[0]);
    }

    /** Asir's irem: A − B·idiv(A, B), with the sign of B (irem(-17, 5) = 3, irem(17, -5) = -3). */
    public static Value irem(Value a, Value b) {
        return Num.of(floorDivision(a, b, "irem")[1]);
    }

    /** The {@code %} operator: the remainder of the truncated division, with the sign of A (-17 % 5 is -2). */
    public static Value remainder(Value a, Value b) {
        return Num.of(truncatedDivision(integer(a, "%"), integer(b, "%"), "%")[1]);
    }

    /** Quotient and remainder rounded to the floor: the remainder takes the divisor's sign. */
    private static java.math.BigInteger[] floorDivision(Value a, Value b, String op) {
        java.math.BigInteger y = integer(b, op);
        java.math.BigInteger[] qr = truncatedDivision(integer(a, op), y, op);
        if (qr[1].signum() != 0 && qr[1].signum() != y.signum()) {
            qr[0] = qr[0].subtract(java.math.BigInteger.ONE);
            qr[1] = qr[1].add(y);
        }
        return qr;
    }

    /** Quotient and remainder rounded toward 0 (the remainder takes the dividend's sign). */
    private static java.math.BigInteger[] truncatedDivision(java.math.BigInteger x, java.math.BigInteger y,
            String op) {
        if (y.signum() == 0) {
            throw new EvaluationException(op + ": division by 0");
        }
        return x.divideAndRemainder(y);
    }

    public static Value igcd(Value a, Value b) {
        return Num.of(integer(a, "igcd").gcd(integer(b, "igcd")));
    }

    public static Value ilcm(Value a, Value b) {
        java.math.BigInteger x = integer(a, "ilcm");
        java.math.BigInteger y = integer(b, "ilcm");
        if (x.signum() == 0 || y.signum() == 0) {
            return Value.ZERO;
        }
        return Num.of(x.divide(x.gcd(y)).multiply(y).abs());
    }

    // ---------------------------------------------------------------- polynomials

    /**
     * GCD over Q: the gcd of the primitive parts (positive head coefficient), times the integer gcd of the contents
     * when both arguments have integer coefficients.
     */
    public Value gcd(Value a, Value b) {
        if (a instanceof Num x && b instanceof Num y) {
            // over Q every non-zero number is a unit: Asir's gcd(6, 4) is 1
            return x.isZero() && y.isZero() ? Value.ZERO : Num.of(1);
        }
        Algebra.Aligned al = algebra.align("gcd", a, b);
        MultivariatePolynomial<Rational<BigInteger>> p = al.ringsPolys().get(0);
        MultivariatePolynomial<Rational<BigInteger>> q = al.ringsPolys().get(1);
        if (p.isZero()) {
            return al.value(Polys.primitiveIntegral(q));
        }
        if (q.isZero()) {
            return al.value(Polys.primitiveIntegral(p));
        }
        Rational<BigInteger> fp = Polys.integralFactor(p);
        Rational<BigInteger> fq = Polys.integralFactor(q);
        MultivariatePolynomial<BigInteger> g = MultivariateGCD.PolynomialGCD(
                Polys.toZ(p.clone().multiply(fp)), Polys.toZ(q.clone().multiply(fq)));
        // the primitive gcd with a positive head coefficient, as Asir's gcd (gcd(12*x^2, 18*x) is x)
        return al.value(Polys.primitiveIntegral(Polys.fromZ(g)));
    }

    /** a·b / gcd(a, b), with a positive head coefficient. */
    public Value lcm(Value a, Value b) {
        if (a.isZero() || b.isZero()) {
            return Value.ZERO;
        }
        Value g = gcd(a, b);
        Value l = algebra.divExact(algebra.mul(a, b), g);
        if (l instanceof Num n) {
            return n.abs();
        }
        Poly p = (Poly) l;
        QPoly q = p.kernel();
        return Poly.of(p.variables(), q.signum() < 0 ? q.negate() : q);
    }

    /** Degree of {@code p} in {@code v} (0 for numbers). */
    public static Value deg(Value p, Value v) {
        String name = variableName(v, "deg");
        if (p instanceof Num n) {
            return Num.of(n.isZero() ? -1 : 0); // Asir: deg(0, x) is -1
        }
        if (p instanceof Rat) {
            return Value.ZERO; // Asir answers 0 for a rational function (deg(x^2/(x+1), x))
        }
        if (!(p instanceof Poly q)) {
            throw Algebra.invalid("deg");
        }
        int i = q.variables().indexOf(name);
        return Num.of(i < 0 ? 0 : q.kernel().degree(i));
    }

    /** Coefficient of {@code v^d} in {@code p}; {@code v} defaults to the main (highest) variable. */
    public static Value coef(Value p, Value d, Value v) {
        java.math.BigInteger e = integer(d, "coef");
        if (p instanceof Num) {
            return e.signum() == 0 ? p : Value.ZERO;
        }
        if (!(p instanceof Poly q)) {
            throw Algebra.invalid("coef");
        }
        String name = v == null ? q.variables().get(0) : variableName(v, "coef");
        int i = q.variables().indexOf(name);
        if (e.signum() < 0 || e.bitLength() > 31) {
            return Value.ZERO;
        }
        if (i < 0) {
            return e.signum() == 0 ? p : Value.ZERO;
        }
        return Poly.of(q.variables(), q.kernel().coefficientOf(i, e.intValue()));
    }

    /** {@code p} with {@code v} replaced by {@code q}. */
    public Value subst(Value p, Value v, Value q) {
        String name = variableName(v, "subst");
        if (!(p instanceof Poly pp) || !pp.variables().contains(name)) {
            if (p instanceof Num || p instanceof Poly) {
                return p;
            }
            throw Algebra.invalid("subst");
        }
        if (q instanceof Complex || q instanceof Real) {
            // a number outside the polynomials' coefficients: Horner's rule in the values' arithmetic
            // (subst(x^2+1, x, @i) is 0)
            int i = pp.variables().indexOf(name);
            Value r = Value.ZERO;
            for (int e = pp.kernel().degree(i); e >= 0; e--) {
                r = algebra.add(algebra.mul(r, q), Poly.of(pp.variables(), pp.kernel().coefficientOf(i, e)));
            }
            return r;
        }
        Algebra.Aligned al = algebra.align("subst", List.of(p, q), List.of());
        int i = al.variables().indexOf(name);
        // on the kernel: rings' substitute is wrong when the replacement contains the replaced variable
        return al.value(al.polys().get(0).substitute(i, al.polys().get(1), algebra.interrupt(), 1));
    }

    /** Partial derivative of {@code p} by {@code v}. */
    public static Value diff(Value p, Value v) {
        String name = variableName(v, "diff");
        if (p instanceof Num) {
            return Value.ZERO;
        }
        if (!(p instanceof Poly q)) {
            throw Algebra.invalid("diff");
        }
        int i = q.variables().indexOf(name);
        if (i < 0) {
            return Value.ZERO;
        }
        return Poly.of(q.variables(), q.kernel().derivative(i));
    }

    /**
     * Division with remainder with respect to the variable {@code v} (default: the highest variable of the two):
     * [quotient, remainder] with deg_v(remainder) &lt; deg_v(b). The divisor's leading coefficient in v must
     * divide the leading coefficients met on the way (always true when it is a number).
     */
    public Lst sqr(Value a, Value b, Value v, String op) {
        if (b.isZero()) {
            throw new EvaluationException(op + ": division by 0");
        }
        if (a instanceof Num && b instanceof Num) {
            return Lst.of(algebra.div(a, b), Value.ZERO);
        }
        Algebra.Aligned al = algebra.align(op, a, b);
        MultivariatePolynomial<Rational<BigInteger>> r = al.ringsPolys().get(0);
        MultivariatePolynomial<Rational<BigInteger>> d = al.ringsPolys().get(1);
        int i = v == null ? 0 : al.variables().indexOf(variableName(v, op));
        if (i < 0) {
            return Lst.of(algebra.divExact(a, b), Value.ZERO);
        }
        int dd = d.degree(i);
        MultivariatePolynomial<Rational<BigInteger>> lcd = d.coefficientOf(i, dd);
        MultivariatePolynomial<Rational<BigInteger>> quotient = r.createZero();
        while (!r.isZero() && r.degree(i) >= dd) {
            algebra.interruption().check();
            int dr = r.degree(i);
            MultivariatePolynomial<Rational<BigInteger>> t =
                    MultivariateDivision.divideOrNull(r.coefficientOf(i, dr), lcd);
            if (t == null) {
                throw new EvaluationException(op + " : the leading coefficient of the divisor does not divide");
            }
            t = t.multiplyByMonomial(i, dr - dd);
            quotient.add(t);
            r = r.subtract(t.clone().multiply(d));
        }
        return Lst.of(al.value(quotient), al.value(r));
    }
}
