package org.ox4j.algebra;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class UnivariatePowerTest {
    private static final MonomialLayout LEX1 = MonomialLayout.of(MonomialOrder.lex(1), 16);

    /** f^k by repeated multiplication, the definition the recurrence must meet. */
    private static ZPoly byProducts(ZPoly f, int k) {
        ZPoly r = ZPoly.constant(f.layout(), BigInteger.ONE);
        for (int i = 0; i < k; i++) {
            r = r.multiply(f, Interrupt.NONE, 1);
        }
        return r;
    }

    @Test
    void theRecurrenceEqualsRepeatedProductsOnRandomDensePolynomials() {
        SplittableRandom random = new SplittableRandom(14);
        int tried = 0;
        for (int round = 0; round < 200; round++) {
            int m = random.nextInt(3);
            int d = 1 + random.nextInt(6);
            int[][] exps = new int[d + 1][];
            BigInteger[] coefs = new BigInteger[d + 1];
            for (int i = 0; i <= d; i++) {
                exps[i] = new int[] {m + i};
                // the lowest and highest coefficients non-zero, others sometimes 0, some of them large
                long c = (i == 0 || i == d || random.nextInt(3) > 0) ? 1 + random.nextInt(9) : 0;
                BigInteger b = BigInteger.valueOf(random.nextBoolean() ? c : -c);
                coefs[i] = random.nextInt(4) == 0 ? b.shiftLeft(70) : b;
            }
            ZPoly f = ZPoly.of(LEX1, exps, coefs);
            int k = 4 + random.nextInt(20);
            if (!UnivariatePower.suits(f, k)) {
                continue;
            }
            tried++;
            assertThat(UnivariatePower.pow(f, k, Interrupt.NONE)).as("(%s)^%d", f, k).isEqualTo(byProducts(f, k));
        }
        assertThat(tried).isGreaterThan(150);
    }

    @Test
    void aHighPowerOfABinomialIsItsBinomialCoefficients() {
        ZPoly f = ZPoly.of(LEX1, new int[][] {{1}, {0}}, new BigInteger[] {BigInteger.ONE, BigInteger.ONE});
        ZPoly g = f.pow(5000, Interrupt.NONE, 1);
        assertThat(g.size()).isEqualTo(5001);
        BigInteger c = BigInteger.ONE;
        for (int i = 1; i <= 2500; i++) {
            c = c.multiply(BigInteger.valueOf(5001 - i)).divide(BigInteger.valueOf(i));
        }
        assertThat(g.coefficient(2500)).isEqualTo(c); // x^2500: terms run from x^5000 down
        assertThat(g.layout().maxDegree()).isGreaterThanOrEqualTo(5000);
    }

    @Test
    void sparseOrMultivariatePowersKeepRepeatedSquaring() {
        ZPoly sparse = ZPoly.of(LEX1, new int[][] {{1000}, {0}}, new BigInteger[] {BigInteger.ONE, BigInteger.TWO});
        assertThat(UnivariatePower.suits(sparse, 10)).isFalse();
        MonomialLayout lex2 = MonomialLayout.of(MonomialOrder.lex(2), 16);
        ZPoly xy = ZPoly.of(lex2, new int[][] {{1, 0}, {0, 1}}, new BigInteger[] {BigInteger.ONE, BigInteger.ONE});
        assertThat(UnivariatePower.suits(xy, 10)).isFalse();
        assertThat(sparse.pow(3, Interrupt.NONE, 1)).isEqualTo(byProducts(sparse, 3));
    }
}
