package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.PolynomialFactorDecomposition;
import cc.redberry.rings.poly.multivar.Monomial;
import cc.redberry.rings.poly.multivar.MultivariateFactorization;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import cc.redberry.rings.poly.multivar.MultivariateSquareFreeFactorization;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.eval.Interruption;

/**
 * Asir's {@code fctr} and {@code sqfr} over Q on rings' factorisation: the result is
 * {@code [[c, 1], [f1, m1], [f2, m2], …]} with c the rational constant and every fi primitive with integer
 * coefficients and a positive leading coefficient (in the lex order of Asir's variable order, i.e. the head
 * coefficient of the recursive form). Factors are sorted by total degree, then by their terms compared from the
 * highest (monomial first, then coefficient), so fctr(x^2-1) = [[1,1],[x-1,1],[x+1,1]] as ox_asir answers.
 */
public final class Factoring {
    private Factoring() {
    }

    /** {@code fctr(p)}. */
    public static Lst fctr(Value p) {
        return decompose(p, "fctr", true, new Interruption());
    }

    /** {@code fctr(p)}, abandoned (the command ends with an interruption) as soon as {@code interruption} is raised. */
    public static Lst fctr(Value p, Interruption interruption) {
        return decompose(p, "fctr", true, interruption);
    }

    /** {@code sqfr(p)}. */
    public static Lst sqfr(Value p) {
        return decompose(p, "sqfr", false, new Interruption());
    }

    /** {@code sqfr(p)}, abandoned as soon as {@code interruption} is raised. */
    public static Lst sqfr(Value p, Interruption interruption) {
        return decompose(p, "sqfr", false, interruption);
    }

    private static Lst decompose(Value v, String op, boolean irreducible, Interruption interruption) {
        if (v instanceof Num n) {
            return Lst.of(Lst.of(n, Num.of(1)));
        }
        if (!(v instanceof Poly p)) {
            throw Algebra.invalid(op);
        }
        MultivariatePolynomial<Rational<BigInteger>> q = p.poly();
        Rational<BigInteger> toIntegral = Polys.integralFactor(q);
        MultivariatePolynomial<BigInteger> z = Polys.toZ(q.multiply(toIntegral));
        // rings offers no cancellation hook: run the call where a reset can abandon it
        PolynomialFactorDecomposition<MultivariatePolynomial<BigInteger>> d = AbandonableCall.run(() -> irreducible
                ? MultivariateFactorization.Factor(z)
                : MultivariateSquareFreeFactorization.SquareFreeFactorization(z), interruption);
        Rational<BigInteger> constant = toIntegral.reciprocal();
        if (!d.unit.isConstant()) {
            throw new EvaluationException(op + " : unexpected non-constant unit");
        }
        constant = constant.multiply(d.unit.cc());
        List<Lst> factors = new ArrayList<>();
        List<MultivariatePolynomial<BigInteger>> polys = new ArrayList<>();
        List<Integer> mults = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            MultivariatePolynomial<BigInteger> f = d.get(i).clone();
            int m = d.getExponent(i);
            if (f.isConstant()) {
                constant = constant.multiply(new Rational<>(cc.redberry.rings.Rings.Z, f.cc().pow(m)));
                continue;
            }
            BigInteger content = f.content();
            if (f.lc().signum() < 0) {
                content = content.negate();
            }
            f = f.divideExact(content);
            constant = constant.multiply(new Rational<>(cc.redberry.rings.Rings.Z, content.pow(m)));
            polys.add(f);
            mults.add(m);
        }
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < polys.size(); i++) {
            idx.add(i);
        }
        idx.sort((a, b) -> FACTOR_ORDER.compare(polys.get(a), polys.get(b)));
        factors.add(Lst.of(Num.of(constant), Num.of(1)));
        for (int i : idx) {
            factors.add(Lst.of(Poly.of(p.variables(), Polys.fromZ(polys.get(i))), Num.of(mults.get(i))));
        }
        return new Lst(new ArrayList<>(factors));
    }

    /** Total degree, then terms from the highest (lex) compared by monomial, then by coefficient. */
    static final Comparator<MultivariatePolynomial<BigInteger>> FACTOR_ORDER = (a, b) -> {
        int c = Integer.compare(a.degree(), b.degree());
        if (c != 0) {
            return c;
        }
        Iterator<Monomial<BigInteger>> ia = a.descendingIterator();
        Iterator<Monomial<BigInteger>> ib = b.descendingIterator();
        while (ia.hasNext() && ib.hasNext()) {
            Monomial<BigInteger> ta = ia.next();
            Monomial<BigInteger> tb = ib.next();
            c = a.ordering.compare(ta, tb);
            if (c != 0) {
                return c;
            }
            c = ta.coefficient.compareTo(tb.coefficient);
            if (c != 0) {
                return c;
            }
        }
        return Boolean.compare(ia.hasNext(), ib.hasNext());
    };
}
