package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.ArrayList;
import java.util.List;

/** Test helper: the benchmark systems cyclic-n and katsura-n as values, in variables x, y, z, u, v, w, p, q. */
public final class Systems {
    /** Asir's first variables, already in Asir's order. */
    public static final List<String> NAMES = List.of("x", "y", "z", "u", "v", "w", "p", "q");

    private Systems() {
    }

    public static List<String> variables(int n) {
        return NAMES.subList(0, n);
    }

    private static MultivariatePolynomial<Rational<BigInteger>> var(int n, int i) {
        return Polys.variable(n, i);
    }

    /** cyclic-n in the first n names. */
    public static List<Value> cyclic(int n) {
        List<Value> out = new ArrayList<>();
        for (int k = 1; k < n; k++) {
            MultivariatePolynomial<Rational<BigInteger>> sum = Polys.zero(n);
            for (int i = 0; i < n; i++) {
                MultivariatePolynomial<Rational<BigInteger>> prod = Polys.constant(n, Rings.Q.getOne());
                for (int j = 0; j < k; j++) {
                    prod = prod.multiply(var(n, (i + j) % n));
                }
                sum = sum.add(prod);
            }
            out.add(Poly.of(variables(n), sum));
        }
        MultivariatePolynomial<Rational<BigInteger>> prod = Polys.constant(n, Rings.Q.getOne());
        for (int i = 0; i < n; i++) {
            prod = prod.multiply(var(n, i));
        }
        out.add(Poly.of(variables(n), prod.subtract(Polys.constant(n, Rings.Q.getOne()))));
        return out;
    }

    /** katsura-n in the first n+1 names (u_0 … u_n). */
    public static List<Value> katsura(int n) {
        int nv = n + 1;
        List<Value> out = new ArrayList<>();
        MultivariatePolynomial<Rational<BigInteger>> first = var(nv, 0);
        for (int i = 1; i <= n; i++) {
            first = first.add(var(nv, i).multiply(Rings.Q.valueOf(2)));
        }
        out.add(Poly.of(variables(nv), first.subtract(Polys.constant(nv, Rings.Q.getOne()))));
        for (int m = 0; m < n; m++) {
            MultivariatePolynomial<Rational<BigInteger>> sum = Polys.zero(nv);
            for (int l = -n; l <= n; l++) {
                int a = Math.abs(l);
                int b = Math.abs(m - l);
                if (a <= n && b <= n) {
                    sum = sum.add(var(nv, a).multiply(var(nv, b)));
                }
            }
            out.add(Poly.of(variables(nv), sum.subtract(var(nv, m))));
        }
        return out;
    }
}
