package org.ox4j.cmo;

/**
 * {@code CMO_IEEE_DOUBLE_FLOAT} (51): what Asir writes for doubles. Raw bits are kept so every value,
 * NaN payloads included, round-trips exactly.
 */
public record CmoIeeeDouble(long bits) implements Cmo {
    /** The double {@code v}. */
    public static CmoIeeeDouble of(double v) {
        return new CmoIeeeDouble(Double.doubleToRawLongBits(v));
    }

    /** The value as a double. */
    public double value() {
        return Double.longBitsToDouble(bits);
    }

    @Override
    public CmoType type() {
        return CmoType.IEEE_DOUBLE_FLOAT;
    }
}
