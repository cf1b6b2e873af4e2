package org.ox4j.algebra;

import java.math.BigInteger;

/**
 * Arithmetic modulo a prime p &lt; 2^63. Below 2^31 a product of two residues fits in a long and reduces with one
 * remainder; above, products go through {@link Math#multiplyHigh} and a 128-by-64-bit remainder in BigInteger (the
 * slower path). Immutable.
 */
public final class Modulus {
    private final long p;
    private final boolean small;

    private Modulus(long p) {
        this.p = p;
        this.small = p < (1L << 31);
    }

    /** The modulus p; it must be a prime ({@link #isPrime}) between 2 and 2^63-1. */
    public static Modulus of(long p) {
        if (!isPrime(p)) {
            throw new ArithmeticException("the modulus " + p + " is not a prime");
        }
        return new Modulus(p);
    }

    /**
     * Whether n is a prime: below 2^31 exactly, by Miller–Rabin to the bases 2, 3, 5 and 7 (which no composite
     * below 3 215 031 751 passes) in long arithmetic; above, probabilistically (BigInteger, error below 2^-40). Why
     * not BigInteger below 2^31 too: a multi-modular computation asks for dozens of primes on every server, and
     * BigInteger's test made each cold server interpret and then compile its modular powering (150 ms of compiler
     * time on the 2-core VM, competing with the computation).
     */
    public static boolean isPrime(long n) {
        if (n < 2) {
            return false;
        }
        if (n >= (1L << 31)) {
            return BigInteger.valueOf(n).isProbablePrime(40);
        }
        for (long q : MILLER_RABIN_BASES) {
            if (n % q == 0) {
                return n == q;
            }
        }
        long d = n - 1;
        int s = Long.numberOfTrailingZeros(d);
        d >>= s;
        for (long a : MILLER_RABIN_BASES) {
            long x = powMod(a, d, n);
            if (x == 1 || x == n - 1) {
                continue;
            }
            boolean composite = true;
            for (int r = 1; r < s && composite; r++) {
                x = x * x % n;
                composite = x != n - 1;
            }
            if (composite) {
                return false;
            }
        }
        return true;
    }

    /** Bases that make Miller–Rabin exact below 3 215 031 751 (and the small primes tried by division first). */
    private static final long[] MILLER_RABIN_BASES = {2, 3, 5, 7};

    /** a^e mod n for n &lt; 2^31 (products fit in a long). */
    private static long powMod(long a, long e, long n) {
        long result = 1;
        long b = a % n;
        for (long k = e; k > 0; k >>= 1) {
            if ((k & 1) != 0) {
                result = result * b % n;
            }
            b = b * b % n;
        }
        return result;
    }

    public long value() {
        return p;
    }

    /** Whether products of residues fit in a long (p &lt; 2^31). */
    public boolean isSmall() {
        return small;
    }

    public long reduce(long a) {
        long r = a % p;
        return r < 0 ? r + p : r;
    }

    public long reduce(BigInteger a) {
        if (a.bitLength() < Long.SIZE) {
            // most coefficients reduced are small: no BigInteger division
            return Math.floorMod(a.longValue(), p);
        }
        return a.mod(BigInteger.valueOf(p)).longValue();
    }

    public long add(long a, long b) {
        long s = a + b;
        return (s >= p || s < 0) ? s - p : s;
    }

    public long subtract(long a, long b) {
        long s = a - b;
        return s < 0 ? s + p : s;
    }

    public long negate(long a) {
        return a == 0 ? 0 : p - a;
    }

    public long multiply(long a, long b) {
        if (small) {
            return a * b % p;
        }
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (hi == 0 && lo >= 0) {
            return lo % p;
        }
        return BigInteger.valueOf(hi).shiftLeft(64).add(BigInteger.valueOf(lo).and(LOW64))
                .mod(BigInteger.valueOf(p)).longValue();
    }

    private static final BigInteger LOW64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** The inverse of a non-zero residue (extended Euclid). */
    public long inverse(long a) {
        long t = 0;
        long newT = 1;
        long r = p;
        long newR = reduce(a);
        if (newR == 0) {
            throw new ArithmeticException("0 has no inverse modulo " + p);
        }
        while (newR != 0) {
            long q = r / newR;
            long tmp = t - q * newT;
            t = newT;
            newT = tmp;
            tmp = r - q * newR;
            r = newR;
            newR = tmp;
        }
        return t < 0 ? t + p : t;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Modulus m && m.p == p;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(p);
    }

    @Override
    public String toString() {
        return "Z/" + p;
    }
}
