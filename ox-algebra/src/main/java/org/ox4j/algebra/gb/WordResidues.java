package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.util.function.LongPredicate;
import org.ox4j.algebra.Modulus;

/**
 * A residue number system of k primes below 2^27, for integer arithmetic on machine words: an integer x with
 * |x| &lt; M/2 (M the product of the primes) is held as its k residues, sums and products of such integers are
 * taken lane by lane, and x itself is recovered, when needed, from its mixed-radix digits (Garner) or, when it is
 * much smaller than M, from the residues of its first few primes (CRT in floating point, checked against the
 * others: {@link #smallMagnitude}, {@link #smallValue}). Why primes of 27 bits: a product of two residues is below
 * 2^54, so a lane of a signed long takes 512 such products before it must be reduced, and the inner loop of a
 * reduction is one multiply-add per lane.
 *
 * <p>What this class does not know is whether a value fits: callers keep a bound on the magnitudes they build
 * (see {@link PairReductionCheck}) and compare it with {@link #halfModulusBound()}. Those bounds are doubles in units
 * of 2^{@link #scale()}: 1 for up to 35 primes, and for more, whose modulus leaves a double's range (64 primes make
 * 1 728 bits), a power of two that brings M/2 to about 2^960 while the smallest bound this class gives, a prefix
 * of one prime, stays far above the smallest normal double (2^-1022).
 *
 * <p>Cost: residues of a b-bit integer, ⌈b/32⌉ Barrett steps per prime; mixed-radix digits, k(k−1)/2 modular
 * products (taken prime by prime across the remaining lanes, so consecutive products are independent); the value
 * from its digits, k BigInteger products; a small value from j primes, j modular products and (k − j)·j word
 * products; the tables, O(k³) residues of BigIntegers once. Immutable.
 */
final class WordResidues {
    /** The primes' size in bits: products of two residues below 2^54, 512 of them to a signed lane. */
    static final int PRIME_BITS = 27;
    /** How many products of two residues a lane holds before it must be reduced. */
    static final int LANE_PRODUCTS = 1 << (63 - 2 * PRIME_BITS);
    /** The most primes: a prefix sum in {@link #smallMagnitude} must stay below 2^63. */
    static final int MAX_PRIMES = 64;
    /** The size, in bits, that M/2 has in units of 2^{@link #scale}. */
    private static final int SCALED_MODULUS_BITS = 960;

    private final long[] primes;
    private final long[] reciprocals;
    private final Modulus[] fields;
    /** inverses[j][i] = p_j⁻¹ mod p_i for j &lt; i. */
    private final long[][] inverses;
    /** placeBounds[h] ≥ p_0 · … · p_{h−1} (1 for h = 0), as a double rounded up. */
    private final double[] placeBounds;
    private final BigInteger[] places;
    private final BigInteger modulus;
    /** Bounds are in units of 2^scale. */
    private final int scale;
    private final double halfModulusBound;
    /** prefixWeights[j][m] = ((P_j/p_m) mod p_m)⁻¹ mod p_m for m &lt; j, P_j = p_0 ⋯ p_{j−1}. */
    private final long[][] prefixWeights;
    /** prefixCofactors[j][i][m] = (P_j/p_m) mod p_i for i ≥ j, m &lt; j (rows below j empty). */
    private final long[][][] prefixCofactors;
    /** prefixModuli[j][i] = P_j mod p_i for i ≥ j. */
    private final long[][] prefixModuli;
    /** prefixCofactorValues[j][m] = P_j/p_m. */
    private final BigInteger[][] prefixCofactorValues;

    private WordResidues(long[] primes) {
        int k = primes.length;
        this.primes = primes;
        reciprocals = new long[k];
        fields = new Modulus[k];
        inverses = new long[k][k];
        placeBounds = new double[k + 1];
        places = new BigInteger[k + 1];
        BigInteger place = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            reciprocals[i] = Long.divideUnsigned(-1L, primes[i]);
            fields[i] = Modulus.of(primes[i]);
            for (int j = 0; j < i; j++) {
                inverses[j][i] = fields[i].inverse(primes[j] % primes[i]);
            }
            places[i] = place;
            place = place.multiply(BigInteger.valueOf(primes[i]));
        }
        places[k] = place;
        modulus = place;
        scale = Math.max(0, modulus.bitLength() - 2 - SCALED_MODULUS_BITS);
        for (int i = 0; i <= k; i++) {
            placeBounds[i] = scaledUpperBound(places[i]);
        }
        // 2^(bits−2) < M/2: a power of two, so the comparison needs no rounding
        halfModulusBound = Math.scalb(1.0, modulus.bitLength() - 2 - scale);
        prefixWeights = new long[k + 1][];
        prefixCofactors = new long[k + 1][k][];
        prefixModuli = new long[k + 1][k];
        prefixCofactorValues = new BigInteger[k + 1][];
        for (int j = 1; j <= k; j++) {
            prefixWeights[j] = new long[j];
            prefixCofactorValues[j] = new BigInteger[j];
            for (int m = 0; m < j; m++) {
                BigInteger cofactor = places[j].divide(BigInteger.valueOf(primes[m]));
                prefixCofactorValues[j][m] = cofactor;
                prefixWeights[j][m] = fields[m].inverse(fields[m].reduce(cofactor));
                for (int i = j; i < k; i++) {
                    if (m == 0) {
                        prefixCofactors[j][i] = new long[j];
                        prefixModuli[j][i] = fields[i].reduce(places[j]);
                    }
                    prefixCofactors[j][i][m] = fields[i].reduce(cofactor);
                }
            }
        }
    }

    /**
     * The k largest primes below 2^27 that {@code usable} accepts (a caller that divides by some integers leaves
     * out the primes dividing them).
     */
    static WordResidues largestPrimes(int k, LongPredicate usable) {
        if (k < 1 || k > MAX_PRIMES) {
            throw new IllegalArgumentException(k + " primes (1 to " + MAX_PRIMES + ")");
        }
        long[] primes = new long[k];
        long q = (1L << PRIME_BITS) - 1;
        for (int i = 0; i < k; q -= 2) {
            if (Modulus.isPrime(q) && usable.test(q)) {
                primes[i++] = q;
            }
        }
        return new WordResidues(primes);
    }

    int size() {
        return primes.length;
    }

    long prime(int i) {
        return primes[i];
    }

    /**
     * A power of two below M/2, in units of 2^{@link #scale}: every value whose magnitude stays below it is
     * represented exactly.
     */
    double halfModulusBound() {
        return halfModulusBound;
    }

    /** The exponent of the unit of this system's bounds (0 up to 35 primes). */
    int scale() {
        return scale;
    }

    /** x mod p_i for 0 ≤ x &lt; 2^63. */
    long reduce(long x, int i) {
        return MixedRadixCrt.reduce(x, primes[i], reciprocals[i]);
    }

    /** a·b mod p_i for residues a, b. */
    long multiply(long a, long b, int i) {
        return MixedRadixCrt.reduce(a * b, primes[i], reciprocals[i]);
    }

    /** a⁻¹ mod p_i for a residue a not 0. */
    long inverse(long a, int i) {
        return fields[i].inverse(a);
    }

    /** The residues of x, written to out[offset … offset+k). */
    void residues(BigInteger x, long[] out, int offset) {
        byte[] bytes = x.abs().toByteArray();
        int k = primes.length;
        for (int i = 0; i < k; i++) {
            out[offset + i] = 0;
        }
        // big-endian: the first chunk takes the bytes that do not fill a word
        int at = 0;
        int first = bytes.length % 4 == 0 ? 4 : bytes.length % 4;
        while (at < bytes.length) {
            int n = at == 0 ? first : 4;
            long chunk = 0;
            for (int b = 0; b < n; b++) {
                chunk = (chunk << 8) | (bytes[at + b] & 0xFF);
            }
            at += n;
            for (int i = 0; i < k; i++) {
                // a residue below 2^27 shifted by 32 bits, plus a chunk: below 2^60
                out[offset + i] = reduce((out[offset + i] << (8 * n)) + chunk, i);
            }
        }
        if (x.signum() < 0) {
            for (int i = 0; i < k; i++) {
                long r = out[offset + i];
                out[offset + i] = r == 0 ? 0 : primes[i] - r;
            }
        }
    }

    /**
     * The mixed-radix digits of the x in [0, M) with the given residues: x = d_0 + d_1·p_0 + d_2·p_0·p_1 + …,
     * written to {@code digits} (which may be {@code residues} itself).
     */
    void digits(long[] residues, long[] digits) {
        int k = primes.length;
        if (digits != residues) {
            System.arraycopy(residues, 0, digits, 0, k);
        }
        for (int j = 0; j < k - 1; j++) {
            long d = digits[j];
            long[] inv = inverses[j];
            for (int i = j + 1; i < k; i++) {
                long p = primes[i];
                // d < p_j < 2·p_i: at most two additions of p_i make the difference a residue
                long t = digits[i] - d;
                t += (t >> 63) & p;
                t += (t >> 63) & p;
                digits[i] = MixedRadixCrt.reduce(t * inv[i], p, reciprocals[i]);
            }
        }
    }

    /**
     * Whether the residues are those of an integer F with |F| well below P_j/2 (P_j = p_0 ⋯ p_{j−1}, 1 ≤ j ≤ k), and
     * then an upper bound on |F| (in units of 2^{@link #scale}); else infinity. F is found from the first j residues by
     * the CRT in floating point (F/P_j is the fraction of Σ y_m/p_m nearest 0, y_m = r_m·((P_j/p_m) mod p_m)⁻¹ mod p_m,
     * known to 2^-40) and checked against the other k − j residues, F mod p_i = Σ y_m·(P_j/p_m) − q·P_j taken modulo
     * p_i with q the nearest integer to Σ y_m/p_m. Why not Garner: its k(k−1)/2 products form a chain of k dependent
     * steps, and called once per elimination step it took a quarter of the certificate's time. Cost: j modular
     * products, j divisions in floating point, (k − j)·j word products.
     */
    double smallMagnitude(long[] residues, int j, long[] scratch) {
        int k = primes.length;
        long[] weights = prefixWeights[j];
        double sum = 0;
        for (int m = 0; m < j; m++) {
            long y = multiply(residues[m], weights[m], m);
            scratch[m] = y;
            sum += (double) y / primes[m];
        }
        double q = Math.rint(sum);
        double fraction = Math.abs(sum - q);
        // j ≤ 64 terms below 1, each quotient and sum rounded: an error below 2^-40; near ±1/2 q is in doubt
        if (fraction > 0.5 - 0x1p-30) {
            return Double.POSITIVE_INFINITY;
        }
        long quotient = (long) q;
        for (int i = j; i < k; i++) {
            long[] cofactors = prefixCofactors[j][i];
            long acc = 0;
            for (int m = 0; m < j; m++) {
                acc += scratch[m] * cofactors[m]; // j ≤ 64 products below 2^54: below 2^60
            }
            long r = reduce(acc, i) - multiply(quotient, prefixModuli[j][i], i);
            if (r < 0) {
                r += primes[i];
            }
            if (r != residues[i]) {
                return Double.POSITIVE_INFINITY;
            }
        }
        return Math.nextUp((fraction + 0x1p-40) * placeBounds[j]);
    }

    /**
     * The integer F that {@link #smallMagnitude} accepts (same arguments), or null where it answers infinity:
     * Σ y_m·(P_j/p_m) − q·P_j, j BigInteger products.
     */
    BigInteger smallValue(long[] residues, int j, long[] scratch) {
        if (smallMagnitude(residues, j, scratch) == Double.POSITIVE_INFINITY) {
            return null;
        }
        double sum = 0;
        BigInteger x = BigInteger.ZERO;
        for (int m = 0; m < j; m++) {
            sum += (double) scratch[m] / primes[m];
            x = x.add(prefixCofactorValues[j][m].multiply(BigInteger.valueOf(scratch[m])));
        }
        return x.subtract(places[j].multiply(BigInteger.valueOf((long) Math.rint(sum))));
    }

    /**
     * The fewest leading primes whose product exceeds {@code bound}·2^margin (at most k; the bound in units of
     * 2^{@link #scale}).
     */
    int primesFor(double bound, int margin) {
        double target = Math.scalb(bound, margin);
        for (int j = 1; j <= primes.length; j++) {
            if (placeBounds[j] > target) {
                return j;
            }
        }
        return primes.length;
    }

    /**
     * Whether the digits stand for a negative number in the symmetric range: the top digit above half its prime
     * (the value then lies above M/2; a top digit of exactly (p−1)/2 leaves it within p_0⋯p_{k−2} of M/2, a
     * magnitude no caller accepts either way).
     */
    private boolean negative(long[] digits) {
        int top = primes.length - 1;
        return digits[top] > (primes[top] - 1) / 2;
    }

    /** The x of the symmetric range with these digits. */
    BigInteger value(long[] digits) {
        BigInteger x = BigInteger.ZERO;
        for (int h = primes.length - 1; h >= 0; h--) {
            if (digits[h] != 0) {
                x = x.add(places[h].multiply(BigInteger.valueOf(digits[h])));
            }
        }
        return negative(digits) ? x.subtract(modulus) : x;
    }

    /** An upper bound on |x| as a double: 2^bitLength (infinity beyond a double's range). */
    static double bound(BigInteger x) {
        return Math.scalb(1.0, x.bitLength());
    }

    /** An upper bound on |x| in units of 2^{@link #scale}: 2^(bitLength − scale). */
    double scaledBound(BigInteger x) {
        return Math.scalb(1.0, x.bitLength() - scale);
    }

    /**
     * x/2^scale for x ≥ 0, rounded up: the top 62 bits of x as a double (an error below 2^-52 relative, truncation
     * and rounding together), scaled exactly, then raised by two ulps.
     */
    private double scaledUpperBound(BigInteger x) {
        int shift = Math.max(0, x.bitLength() - 62);
        return Math.nextUp(Math.nextUp(Math.scalb(x.shiftRight(shift).doubleValue(), shift - scale)));
    }
}
