package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import java.math.BigInteger;
import java.util.Objects;
import java.util.OptionalInt;
import org.ox4j.algebra.RingsBridge;

/**
 * A rational number (integers included), always reduced with a positive denominator: two JDK integers, so an
 * integer costs no gcd and no conversion on its way to and from CMO_ZZ. {@link #rational()} converts for rings'
 * algorithms.
 */
public final class Num implements Value, Comparable<Num> {
    /** The integers -128..128, made on first use (a holder: Value's constants are Nums, so Num's own static
     * initialiser may still be running when the first one is asked for). */
    private static final class Small {
        static final Num[] CACHE = new Num[257];

        static {
            for (int i = 0; i < CACHE.length; i++) {
                CACHE[i] = new Num(BigInteger.valueOf(i - 128), BigInteger.ONE);
            }
        }
    }

    private final BigInteger num;
    private final BigInteger den;

    private Num(BigInteger num, BigInteger den) {
        this.num = num;
        this.den = den;
    }

    /** Converts a rings rational (rings rationals are reduced). */
    public static Num of(Rational<cc.redberry.rings.bigint.BigInteger> value) {
        return of(RingsBridge.fromRings(value.numerator()), RingsBridge.fromRings(value.denominator()));
    }

    /** The integer {@code v}. */
    public static Num of(long v) {
        if (v >= -128 && v <= 128) {
            return Small.CACHE[(int) v + 128];
        }
        return new Num(BigInteger.valueOf(v), BigInteger.ONE);
    }

    /** The integer {@code v}. */
    public static Num of(BigInteger v) {
        Objects.requireNonNull(v, "v");
        return new Num(v, BigInteger.ONE);
    }

    /** The reduced fraction {@code num/den}; {@code den} must not be 0. */
    public static Num of(BigInteger num, BigInteger den) {
        if (den.signum() == 0) {
            throw new ArithmeticException("denominator 0");
        }
        if (den.equals(BigInteger.ONE)) {
            return new Num(num, den);
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        BigInteger g = num.gcd(den);
        if (num.signum() == 0) {
            return of(0);
        }
        return g.equals(BigInteger.ONE) ? new Num(num, den) : new Num(num.divide(g), den.divide(g));
    }

    /** As a rings rational (for rings' algorithms). */
    public Rational<cc.redberry.rings.bigint.BigInteger> rational() {
        return new Rational<>(Rings.Z, RingsBridge.toRings(num), RingsBridge.toRings(den));
    }

    @Override
    public boolean isZero() {
        return num.signum() == 0;
    }

    /** Whether the denominator is 1. */
    public boolean isInteger() {
        return den.equals(BigInteger.ONE);
    }

    /** Sign: -1, 0 or 1. */
    public int signum() {
        return num.signum();
    }

    /** Numerator (carries the sign). */
    public BigInteger numerator() {
        return num;
    }

    /** Denominator (positive). */
    public BigInteger denominator() {
        return den;
    }

    /** This number as an int, if it is an integer in int range. */
    public OptionalInt intValue() {
        if (isInteger() && num.bitLength() < 32) {
            return OptionalInt.of(num.intValue());
        }
        return OptionalInt.empty();
    }

    public Num add(Num o) {
        if (isInteger() && o.isInteger()) {
            return new Num(num.add(o.num), BigInteger.ONE);
        }
        return of(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
    }

    public Num subtract(Num o) {
        return add(o.negate());
    }

    public Num multiply(Num o) {
        if (isInteger() && o.isInteger()) {
            return new Num(num.multiply(o.num), BigInteger.ONE);
        }
        return of(num.multiply(o.num), den.multiply(o.den));
    }

    /** This divided by a non-zero number. */
    public Num divide(Num o) {
        return of(num.multiply(o.den), den.multiply(o.num));
    }

    public Num negate() {
        return new Num(num.negate(), den);
    }

    public Num abs() {
        return num.signum() < 0 ? negate() : this;
    }

    /** 1/this for a non-zero number. */
    public Num reciprocal() {
        return of(den, num);
    }

    /** this^k, k ≥ 0. */
    public Num pow(int k) {
        return new Num(num.pow(k), den.pow(k));
    }

    @Override
    public int compareTo(Num o) {
        return num.multiply(o.den).compareTo(o.num.multiply(den));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Num n && num.equals(n.num) && den.equals(n.den);
    }

    @Override
    public int hashCode() {
        return 31 * num.hashCode() + den.hashCode();
    }

    @Override
    public String toString() {
        return isInteger() ? num.toString() : num + "/" + den;
    }
}
