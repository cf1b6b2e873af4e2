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

    /** Katsura-n over Z in grevlex (n+1 variables). */
    static List<ZPoly> katsura(int n) {
        return org.ox4j.algebra.gb.StandardSystems.katsura(
                MonomialLayout.forDegree(MonomialOrder.grevlex(n + 1), 16), n);
    }

    static ZPoly variable(MonomialLayout l, int i) {
        return org.ox4j.algebra.gb.StandardSystems.variable(l, i);
    }
}
