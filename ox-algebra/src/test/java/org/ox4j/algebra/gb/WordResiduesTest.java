package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Residues, digits, values and magnitudes of {@link WordResidues} against BigInteger arithmetic. */
class WordResiduesTest {
    private static final WordResidues PRIMES = WordResidues.largestPrimes(32, p -> true);

    private static BigInteger random(Random random, int bits) {
        BigInteger x = new BigInteger(bits, random);
        return random.nextBoolean() ? x.negate() : x;
    }

    private static long[] residues(BigInteger x) {
        long[] r = new long[PRIMES.size()];
        PRIMES.residues(x, r, 0);
        return r;
    }

    @Test
    void primesAreTheLargestBelow2To27ThatThePredicateAccepts() {
        WordResidues all = WordResidues.largestPrimes(3, p -> true);
        assertThat(new long[] {all.prime(0), all.prime(1), all.prime(2)})
                .containsExactly(134217689L, 134217649L, 134217617L);
        WordResidues some = WordResidues.largestPrimes(2, p -> p != 134217649L);
        assertThat(new long[] {some.prime(0), some.prime(1)}).containsExactly(134217689L, 134217617L);
        for (int i = 0; i < PRIMES.size(); i++) {
            assertThat(BigInteger.valueOf(PRIMES.prime(i)).isProbablePrime(50)).isTrue();
            assertThat(PRIMES.prime(i)).isLessThan(1L << WordResidues.PRIME_BITS);
        }
        assertThatThrownBy(() -> WordResidues.largestPrimes(65, p -> true))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void residuesDigitsAndValueRoundTrip() {
        Random random = new Random(27);
        BigInteger half = BigInteger.ONE;
        for (int i = 0; i < PRIMES.size(); i++) {
            half = half.multiply(BigInteger.valueOf(PRIMES.prime(i)));
        }
        half = half.shiftRight(1);
        assertThat(Math.scalb(1.0, half.bitLength() - 1)).isLessThanOrEqualTo(PRIMES.halfModulusBound() * 2);
        assertThat(BigInteger.ONE.shiftLeft(Math.getExponent(PRIMES.halfModulusBound()))).isLessThan(half);
        for (int bits : new int[] {0, 1, 31, 32, 33, 64, 100, 317, 500, 800, 860}) {
            for (int round = 0; round < 20; round++) {
                BigInteger x = random(random, bits);
                long[] r = residues(x);
                for (int i = 0; i < r.length; i++) {
                    assertThat(r[i]).isEqualTo(x.mod(BigInteger.valueOf(PRIMES.prime(i))).longValue());
                }
                long[] digits = new long[r.length];
                PRIMES.digits(r, digits);
                assertThat(PRIMES.value(digits)).as("%d bits", bits).isEqualTo(x);
            }
        }
    }

    @Test
    void smallMagnitudeBoundsSmallValuesTightlyAndRefusesLargeOnes() {
        Random random = new Random(54);
        long[] scratch = new long[PRIMES.size()];
        for (int round = 0; round < 300; round++) {
            int bits = 1 + random.nextInt(780);
            BigInteger x = random(random, bits);
            double size = Math.max(1.0, x.abs().doubleValue());
            long[] r = residues(x);
            int j = PRIMES.primesFor(size, 4);
            double bound = PRIMES.smallMagnitude(r, j, scratch);
            assertThat(bound).as("%s with %d primes", x, j).isGreaterThanOrEqualTo(x.abs().doubleValue())
                    .isLessThanOrEqualTo(size * (1 + 0x1p-9) + 1);
            // more primes than needed: still an upper bound, coarser
            if (j + 3 <= PRIMES.size()) {
                assertThat(PRIMES.smallMagnitude(r, j + 3, scratch)).isGreaterThanOrEqualTo(x.abs().doubleValue());
            }
            // too few primes: the other residues refuse the value
            if (j >= 3 && x.bitLength() > 60) {
                assertThat(PRIMES.smallMagnitude(r, j - 2, scratch)).isInfinite();
            }
        }
        // x/l for an l that does not divide x: about M/2, far beyond any prefix
        BigInteger l = new BigInteger("1000000007");
        BigInteger x = new BigInteger(300, random).multiply(l).add(BigInteger.ONE);
        long[] q = residues(x);
        for (int i = 0; i < q.length; i++) {
            q[i] = PRIMES.multiply(q[i], PRIMES.inverse(l.mod(BigInteger.valueOf(PRIMES.prime(i))).longValue(), i), i);
        }
        assertThat(PRIMES.smallMagnitude(q, 14, scratch)).isInfinite();
        assertThat(PRIMES.smallMagnitude(q, PRIMES.size(), scratch))
                .isGreaterThan(Math.scalb(PRIMES.halfModulusBound(), -30));
        // the same on all primes for a small value: its true size, to 2^-40·M
        assertThat(PRIMES.smallMagnitude(residues(l), PRIMES.size(), scratch))
                .isGreaterThanOrEqualTo(l.doubleValue()).isLessThan(Math.scalb(PRIMES.halfModulusBound(), -37));
    }

    /** b·2^scale exactly. */
    private static BigDecimal unscaled(double b, int scale) {
        return new BigDecimal(b).multiply(new BigDecimal(BigInteger.ONE.shiftLeft(scale)));
    }

    /**
     * 64 primes: a modulus of 1 728 bits, beyond a double's range, so bounds come in units of 2^scale; they still
     * bound the values, tightly, and values round-trip through their digits.
     */
    @Test
    void sixtyFourPrimesGiveBoundsInScaledUnits() {
        WordResidues wide = WordResidues.largestPrimes(64, p -> true);
        assertThat(wide.scale()).isPositive();
        assertThat(PRIMES.scale()).isZero();
        for (int i = 0; i < 32; i++) {
            assertThat(wide.prime(i)).isEqualTo(PRIMES.prime(i));
        }
        BigInteger modulus = BigInteger.ONE;
        for (int i = 0; i < wide.size(); i++) {
            modulus = modulus.multiply(BigInteger.valueOf(wide.prime(i)));
        }
        assertThat(unscaled(wide.halfModulusBound(), wide.scale())).isLessThanOrEqualTo(
                new BigDecimal(modulus.shiftRight(1))).isGreaterThan(new BigDecimal(modulus.shiftRight(3)));
        Random random = new Random(64);
        long[] r = new long[wide.size()];
        long[] scratch = new long[wide.size()];
        long[] digits = new long[wide.size()];
        for (int round = 0; round < 200; round++) {
            BigInteger x = random(random, 1 + random.nextInt(1700));
            wide.residues(x, r, 0);
            wide.digits(r, digits);
            assertThat(wide.value(digits)).isEqualTo(x);
            int j = wide.primesFor(wide.scaledBound(x), 4);
            double bound = wide.smallMagnitude(r, j, scratch);
            BigDecimal abs = new BigDecimal(x.abs());
            // j primes from the power of two above |x|: |x|/P_j ≥ 2^-32, known to 2^-40, so a bound within 2^-8
            assertThat(unscaled(bound, wide.scale())).as("%s with %d primes", x, j).isGreaterThanOrEqualTo(abs)
                    .isLessThanOrEqualTo(abs.multiply(BigDecimal.valueOf(1 + 0x1p-8)).add(BigDecimal.ONE));
            assertThat(wide.smallValue(r, j, scratch)).isEqualTo(x);
            if (j >= 3 && x.bitLength() > 60) {
                assertThat(wide.smallMagnitude(r, j - 2, scratch)).isInfinite();
            }
        }
    }
}
