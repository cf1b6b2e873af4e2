package org.ox4j.algebra;

import java.math.BigInteger;

/**
 * A signed 192-bit accumulator in three words for sums of 64×64-bit products: enough for 2^62 products of
 * 63-bit factors, so a heap product over Z whose factors' coefficients fit in a long never touches BigInteger
 * until the sum is written.
 */
final class Int192 {
    long lo;
    long mid;
    long hi;

    void clear() {
        lo = 0;
        mid = 0;
        hi = 0;
    }

    /** Adds a·b. */
    void addProduct(long a, long b) {
        long plo = a * b;
        long phi = Math.multiplyHigh(a, b);
        long l = lo + plo;
        long c1 = Long.compareUnsigned(l, plo) < 0 ? 1 : 0;
        long t = mid + phi;
        long c2 = Long.compareUnsigned(t, phi) < 0 ? 1 : 0;
        long m = t + c1;
        long c3 = Long.compareUnsigned(m, t) < 0 ? 1 : 0;
        lo = l;
        mid = m;
        hi += (phi >> 63) + c2 + c3;
    }

    boolean isZero() {
        return (lo | mid | hi) == 0;
    }

    BigInteger toBigInteger() {
        if (hi == (mid >> 63) && mid == (lo >> 63)) {
            return BigInteger.valueOf(lo);
        }
        byte[] b = new byte[24];
        put(b, 0, hi);
        put(b, 8, mid);
        put(b, 16, lo);
        return new BigInteger(b);
    }

    private static void put(byte[] b, int at, long v) {
        for (int k = 7; k >= 0; k--) {
            b[at + k] = (byte) v;
            v >>>= 8;
        }
    }
}
