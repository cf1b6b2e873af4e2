package org.ox4j.algebra.gb;

import java.math.BigInteger;
import org.ox4j.algebra.Modulus;

/**
 * Chinese remaindering of word-size residues by Garner's mixed-radix method, for many coefficients at once: given
 * residues r_j modulo primes p_0 … p_{k−1}, the digits v_j with x = v_0 + v_1·p_0 + v_2·p_0·p_1 + … are found modulo
 * each prime in turn (v_j = (…((r_j − v_0)·p_0⁻¹ − v_1)·p_1⁻¹ … − v_{j−1})·p_{j−1}⁻¹ mod p_j), and x is evaluated by
 * Horner's rule in 32-bit limbs. Only the final x is a BigInteger: no number of the modulus's size is divided or
 * reduced, so a set of images modulo k primes is combined once, at the end, instead of one big-integer merge per
 * round (whose divisions and allocations kept the garbage collector and the JIT busy on every rank).
 *
 * <p>The primes lie in (2^30, 2^31), as {@link ModularGroebner#prime} deals them: a residue of one prime is below
 * twice any other, and products of two residues fit in 62 bits, reduced by a Barrett step
 * ({@code Math.multiplyHigh} with ⌊(2^64−1)/p⌋) instead of a hardware division.
 *
 * <p>Cost per coefficient: k(k−1)/2 modular products for the digits (the loop over coefficients is innermost, so
 * the products of different coefficients overlap in the pipeline), about k²/2 limb products for the evaluation, and
 * one BigInteger; per set of primes, k(k−1)/2 inverses. Immutable.
 */
final class MixedRadixCrt {
    private final long[] primes;
    private final long[] reciprocals;
    /** inverses[j][l] = p_l⁻¹ mod p_j for l &lt; j. */
    private final long[][] inverses;
    private final BigInteger modulus;

    /** Whether {@code p} lies where this method takes its moduli (the constructor also wants them prime). */
    static boolean accepts(long p) {
        return p > (1L << 30) && p < (1L << 31);
    }

    MixedRadixCrt(long[] primes) {
        this.primes = primes.clone();
        int k = primes.length;
        reciprocals = new long[k];
        inverses = new long[k][];
        BigInteger m = BigInteger.ONE;
        for (int j = 0; j < k; j++) {
            long p = primes[j];
            if (!accepts(p)) {
                throw new IllegalArgumentException("modulus " + p + " is not between 2^30 and 2^31");
            }
            reciprocals[j] = Long.divideUnsigned(-1L, p);
            inverses[j] = new long[j];
            Modulus field = Modulus.of(p);
            for (int l = 0; l < j; l++) {
                inverses[j][l] = field.inverse(primes[l]);
            }
            m = m.multiply(BigInteger.valueOf(p));
        }
        modulus = m;
    }

    /** The product of the primes. */
    BigInteger modulus() {
        return modulus;
    }

    /**
     * The x in [0, M) with x ≡ residues[j][i] (mod p_j) for every j, for i in [0, n): residues[j] holds n residues
     * in [0, p_j).
     */
    BigInteger[] combine(int[][] residues, int n) {
        int k = primes.length;
        if (residues.length != k) {
            throw new IllegalArgumentException(residues.length + " residue rows for " + k + " primes");
        }
        int[][] digits = new int[k][];
        long[] u = new long[n];
        for (int j = 0; j < k; j++) {
            long p = primes[j];
            long reciprocal = reciprocals[j];
            int[] r = residues[j];
            for (int i = 0; i < n; i++) {
                u[i] = r[i];
            }
            long[] inv = inverses[j];
            for (int l = 0; l < j; l++) {
                int[] v = digits[l];
                long w = inv[l];
                for (int i = 0; i < n; i++) {
                    // v[i] < p_l < 2·p: up to two additions of p make the difference a residue again (without
                    // branches: their outcome is a coin toss per coefficient, and mispredictions cost more than
                    // the arithmetic)
                    long t = u[i] - v[i];
                    t += (t >> 63) & p;
                    t += (t >> 63) & p;
                    u[i] = reduce(t * w, p, reciprocal);
                }
            }
            int[] d = new int[n];
            for (int i = 0; i < n; i++) {
                d[i] = (int) u[i];
            }
            digits[j] = d;
        }
        BigInteger[] out = new BigInteger[n];
        int[] limbs = new int[k + 1];
        for (int i = 0; i < n; i++) {
            out[i] = evaluate(digits, i, limbs);
        }
        return out;
    }

    /** v_0 + p_0·(v_1 + p_1·(…)) for coefficient i, in little-endian 32-bit limbs, then as a BigInteger. */
    private BigInteger evaluate(int[][] digits, int i, int[] limbs) {
        int k = primes.length;
        limbs[0] = digits[k - 1][i];
        int length = 1;
        for (int l = k - 2; l >= 0; l--) {
            long p = primes[l];
            long carry = digits[l][i];
            for (int t = 0; t < length; t++) {
                long product = (limbs[t] & 0xFFFF_FFFFL) * p + carry;
                limbs[t] = (int) product;
                carry = product >>> 32;
            }
            if (carry != 0) {
                limbs[length++] = (int) carry;
            }
        }
        byte[] bytes = new byte[4 * length];
        for (int t = 0; t < length; t++) {
            int limb = limbs[t];
            int at = 4 * (length - 1 - t);
            bytes[at] = (byte) (limb >>> 24);
            bytes[at + 1] = (byte) (limb >>> 16);
            bytes[at + 2] = (byte) (limb >>> 8);
            bytes[at + 3] = (byte) limb;
        }
        return new BigInteger(1, bytes);
    }

    /**
     * x mod p for 0 ≤ x &lt; 2^63 and 2 ≤ p &lt; 2^31 (these primes and {@link WordResidues}' smaller ones): one
     * Barrett step, whose quotient q is short by at most 1 (x/p − q &lt; 1 + x·(1 + 1/p)/2^64 &lt; 1.5 with
     * q = ⌊x·⌊(2^64−1)/p⌋ / 2^64⌋), then one subtraction of p when needed, without a branch.
     */
    static long reduce(long x, long p, long reciprocal) {
        long r = x - Math.multiplyHigh(x, reciprocal) * p - p;
        return r + ((r >> 63) & p);
    }
}
