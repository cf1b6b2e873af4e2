package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.bigint.BigInteger;
import java.util.Objects;

/**
 * A rational number (integers included), always reduced with a positive denominator. Backed by rings'
 * {@code Rational<BigInteger>} over {@link Rings#Q}; all arithmetic is done by rings.
 */
public final class Num implements Value, Comparable<Num> {
    private final Rational<BigInteger> value;

    private Num(Rational<BigInteger> value) {
        this.value = Objects.requireNonNull(value, "value");
    }

    /** Wraps a rings rational (rings rationals are immutable). */
    public static Num of(Rational<BigInteger> value) {
        return new Num(value);
    }

    /** The integer {@code v}. */
    public static Num of(long v) {
        return new Num(new Rational<>(Rings.Z, BigInteger.valueOf(v)));
    }

    /** The integer {@code v}. */
    public static Num of(java.math.BigInteger v) {
        return new Num(new Rational<>(Rings.Z, toRings(v)));
    }

    /** The reduced fraction {@code num/den}; {@code den} must not be 0. */
    public static Num of(java.math.BigInteger num, java.math.BigInteger den) {
        if (den.signum() == 0) {
            throw new ArithmeticException("denominator 0");
        }
        return new Num(new Rational<>(Rings.Z, toRings(num), toRings(den)));
    }

    /** The rings rational. */
    public Rational<BigInteger> rational() {
        return value;
    }

    @Override
    public boolean isZero() {
        return value.isZero();
    }

    /** Whether the denominator is 1. */
    public boolean isInteger() {
        return value.isIntegral();
    }

    /** Sign: -1, 0 or 1. */
    public int signum() {
        return value.signum();
    }

    /** Numerator (carries the sign). */
    public java.math.BigInteger numerator() {
        return toJava(value.numerator());
    }

    /** Denominator (positive). */
    public java.math.BigInteger denominator() {
        return toJava(value.denominator());
    }

    /** The numerator as a rings integer. */
    public BigInteger ringsNumerator() {
        return value.numerator();
    }

    /** This number as an int, if it is an integer in int range. */
    public java.util.OptionalInt intValue() {
        if (isInteger() && value.numerator().isInt()) {
            return java.util.OptionalInt.of(value.numerator().intValue());
        }
        return java.util.OptionalInt.empty();
    }

    /** Converts a JDK integer to a rings integer. */
    public static BigInteger toRings(java.math.BigInteger v) {
        return new BigInteger(v);
    }

    /** Converts a rings integer to a JDK integer. */
    public static java.math.BigInteger toJava(BigInteger v) {
        return new java.math.BigInteger(v.toByteArray());
    }

    @Override
    public int compareTo(Num o) {
        return value.compareTo(o.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Num n && value.equals(n.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return isInteger() ? numerator().toString() : numerator() + "/" + denominator();
    }
}
