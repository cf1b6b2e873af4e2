package org.ox4j.benchmarks.algebra;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.ZPoly;

/** The inputs of the kernel benchmarks, built the same way for the kernel and for rings (fixed seeds). */
final class KernelInputs {
    private KernelInputs() {
    }

    /**
     * Every monomial of x, y, z of total degree at most 37 (9880 terms) with random coefficients of {@code bits}
     * bits: the size of the polynomials of the RFC-102 reduce benchmark.
     */
    static ZPoly dense9880(long seed, int bits) {
        Random random = new Random(seed);
        List<int[]> e = new ArrayList<>();
        List<BigInteger> c = new ArrayList<>();
        for (int a = 0; a <= 37; a++) {
            for (int b = 0; a + b <= 37; b++) {
                for (int d = 0; a + b + d <= 37; d++) {
                    e.add(new int[] {a, b, d});
                    BigInteger v = new BigInteger(bits, random).setBit(bits - 1);
                    c.add(random.nextBoolean() ? v : v.negate());
                }
            }
        }
        return ZPoly.of(MonomialLayout.forDegree(MonomialOrder.lex(3), 37), e.toArray(int[][]::new),
                c.toArray(BigInteger[]::new));
    }

    /** (1 + x + y + z + t)^degree, Fateman's benchmark factor. */
    static ZPoly fateman(int degree) {
        MonomialLayout l = MonomialLayout.forDegree(MonomialOrder.grevlex(4), 2L * degree);
        ZPoly s = ZPoly.constant(l, BigInteger.ONE);
        for (int v = 0; v < 4; v++) {
            int[] e = new int[4];
            e[v] = 1;
            s = s.add(ZPoly.term(l, e, BigInteger.ONE));
        }
        return s.pow(degree, org.ox4j.algebra.Interrupt.NONE, 1);
    }

    /**
     * Katsura-n over Z (n+1 variables u_0 … u_n): u_0 + 2·Σ u_i − 1 and, for m &lt; n,
     * Σ_{l=-n..n} u_|l|·u_|m-l| − u_m, in grevlex.
     */
    static List<ZPoly> katsura(int n) {
        int nv = n + 1;
        MonomialLayout l = MonomialLayout.forDegree(MonomialOrder.grevlex(nv), 16);
        List<ZPoly> out = new ArrayList<>();
        ZPoly first = ZPoly.constant(l, BigInteger.ONE.negate());
        for (int i = 0; i <= n; i++) {
            first = first.add(variable(l, i).multiply(BigInteger.valueOf(i == 0 ? 1 : 2)));
        }
        out.add(first);
        for (int m = 0; m < n; m++) {
            ZPoly sum = variable(l, m).negate();
            for (int k = -n; k <= n; k++) {
                int a = Math.abs(k);
                int b = Math.abs(m - k);
                if (a <= n && b <= n) {
                    sum = sum.add(variable(l, a).multiply(variable(l, b)));
                }
            }
            out.add(sum);
        }
        return out;
    }

    static ZPoly variable(MonomialLayout l, int i) {
        int[] e = new int[l.variables()];
        e[i] = 1;
        return ZPoly.term(l, e, BigInteger.ONE);
    }
}
