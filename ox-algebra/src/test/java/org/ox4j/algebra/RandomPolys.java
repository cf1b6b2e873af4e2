package org.ox4j.algebra;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;

/** Random polynomials and orders for the property tests (fixed seeds: failures reproduce). */
final class RandomPolys {
    private final Random random;

    RandomPolys(long seed) {
        this.random = new Random(seed);
    }

    Random random() {
        return random;
    }

    MonomialOrder order(int n) {
        switch (random.nextInt(4)) {
            case 0:
                return MonomialOrder.grevlex(n);
            case 1:
                return MonomialOrder.glex(n);
            case 2:
                return MonomialOrder.lex(n);
            default:
                if (n < 2) {
                    return MonomialOrder.grevlex(n);
                }
                int k = 1 + random.nextInt(n - 1);
                return MonomialOrder.blocks(List.of(new MonomialOrder.Block(MonomialOrder.Kind.GREVLEX, k),
                        new MonomialOrder.Block(random.nextBoolean() ? MonomialOrder.Kind.LEX
                                : MonomialOrder.Kind.GLEX, n - k)));
        }
    }

    int[] exponents(int n, int maxExp) {
        int[] e = new int[n];
        for (int v = 0; v < n; v++) {
            e[v] = random.nextInt(maxExp + 1);
        }
        return e;
    }

    BigInteger coefficient(int bits) {
        BigInteger c = new BigInteger(1 + random.nextInt(bits), random);
        if (c.signum() == 0) {
            c = BigInteger.ONE;
        }
        return random.nextBoolean() ? c.negate() : c;
    }

    ZPoly z(MonomialLayout layout, int terms, int maxExp, int bits) {
        int n = layout.variables();
        int[][] e = new int[terms][];
        BigInteger[] c = new BigInteger[terms];
        for (int k = 0; k < terms; k++) {
            e[k] = exponents(n, maxExp);
            c[k] = coefficient(bits);
        }
        return ZPoly.of(layout, e, c);
    }

    QPoly q(MonomialLayout layout, int terms, int maxExp, int bits) {
        BigInteger d = coefficient(12).abs().add(BigInteger.ONE);
        return QPoly.of(z(layout, terms, maxExp, bits), d);
    }
}
