package org.ox4j.algebra;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Modulus.isPrime against BigInteger's test: small numbers, pseudoprimes that fool weaker tests, the 31-bit range. */
class ModulusPrimalityTest {
    private static boolean reference(long n) {
        return n >= 2 && BigInteger.valueOf(n).isProbablePrime(60);
    }

    @Test
    void agreesWithBigIntegerBelowAHundredThousand() {
        for (long n = -3; n < 100_000; n++) {
            assertThat(Modulus.isPrime(n)).as("%d", n).isEqualTo(reference(n));
        }
    }

    @Test
    void refusesCarmichaelNumbersAndStrongPseudoprimes() {
        // Carmichael numbers, strong pseudoprimes to base 2 (2047, 3277, ...), to bases 2 and 3 (1373653), to
        // 2, 3 and 5 (25326001), and the largest 31-bit composites near 2^31
        long[] composites = {561, 1105, 1729, 41041, 825265, 321197185, 2047, 3277, 4033, 4681, 8321, 1373653,
            25326001, 2147483645L, 2147483643L, 3215031751L};
        for (long n : composites) {
            assertThat(Modulus.isPrime(n)).as("%d", n).isFalse();
        }
        assertThat(Modulus.isPrime(2147483647L)).isTrue();
        assertThat(Modulus.isPrime(2147483629L)).isTrue();
    }

    @Test
    void agreesWithBigIntegerOnRandom31BitAndLargerNumbers() {
        SplittableRandom random = new SplittableRandom(31);
        for (int k = 0; k < 200_000; k++) {
            long n = random.nextLong(1L << 20, 1L << 31) | 1;
            assertThat(Modulus.isPrime(n)).as("%d", n).isEqualTo(reference(n));
        }
        for (int k = 0; k < 2_000; k++) {
            long n = random.nextLong(1L << 31, Long.MAX_VALUE) | 1;
            assertThat(Modulus.isPrime(n)).as("%d", n).isEqualTo(reference(n));
        }
    }
}
