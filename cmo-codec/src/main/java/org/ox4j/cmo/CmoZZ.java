package org.ox4j.cmo;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * {@code CMO_ZZ}: an arbitrary-precision integer (sign-magnitude, 32-bit limbs least significant first).
 *
 * <p>An integer read from the wire keeps the limb bytes it arrived in, and its {@link BigInteger} is made only when
 * someone asks for the value: a master's push followed by a pop (or an integer passed through a list to another
 * server) is written back as the same bytes, with no conversion either way. Equality is by value. Immutable.
 */
public final class CmoZZ implements Cmo {
    /** The value; computed from {@link #limbs} on first use (a race computes the same immutable value twice). */
    private BigInteger value;
    /** The limbs as they arrived (low limb first, each in {@link #order}), or null for an integer made here. */
    private final byte[] limbs;
    private final ByteOrder order;
    private final boolean negative;

    /** The integer {@code value}. */
    public CmoZZ(BigInteger value) {
        this.value = Objects.requireNonNull(value, "value");
        this.limbs = null;
        this.order = null;
        this.negative = value.signum() < 0;
    }

    private CmoZZ(byte[] limbs, ByteOrder order, boolean negative) {
        this.limbs = limbs;
        this.order = order;
        this.negative = negative;
    }

    /** The integer {@code v}. */
    public static CmoZZ of(long v) {
        return new CmoZZ(BigInteger.valueOf(v));
    }

    /**
     * The integer whose magnitude has the limbs {@code limbBytes} (low limb first, each 4 bytes in {@code order},
     * length a multiple of 4, not all zero), kept as they are; the array is taken over, not copied.
     */
    public static CmoZZ ofLimbs(byte[] limbBytes, ByteOrder order, boolean negative) {
        if (limbBytes.length == 0 || (limbBytes.length & 3) != 0) {
            throw new IllegalArgumentException("limb bytes: " + limbBytes.length);
        }
        return new CmoZZ(limbBytes, Objects.requireNonNull(order, "order"), negative);
    }

    /** The value. */
    public BigInteger value() {
        BigInteger v = value;
        if (v == null) {
            BigInteger mag = LimbOrder.magnitude(limbs, order);
            v = negative ? mag.negate() : mag;
            value = v;
        }
        return v;
    }

    /**
     * The limb bytes as they arrived, when they are in {@code wanted} order (a writer then copies them as they
     * are), else null. The caller must not modify the array.
     */
    public byte[] limbBytes(ByteOrder wanted) {
        return limbs != null && order == wanted ? limbs : null;
    }

    /** Whether the value is negative. */
    public boolean isNegative() {
        return negative;
    }

    /** Whether this is 0 (without making the value of an integer that arrived as limbs). */
    public boolean isZero() {
        if (limbs == null) {
            return value.signum() == 0;
        }
        for (byte b : limbs) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /** The number of 32-bit limbs of the magnitude (as it arrived, or the fewest for a value made here). */
    public int wordCount() {
        return limbs != null ? limbs.length >>> 2 : (value.abs().bitLength() + 31) >>> 5;
    }

    @Override
    public CmoType type() {
        return CmoType.ZZ;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CmoZZ z && value().equals(z.value());
    }

    @Override
    public int hashCode() {
        return value().hashCode();
    }

    @Override
    public String toString() {
        return "CmoZZ[" + value().bitLength() + " bits]";
    }
}
