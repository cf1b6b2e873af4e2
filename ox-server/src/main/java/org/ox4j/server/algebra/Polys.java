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
}
