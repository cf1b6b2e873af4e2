package org.ox4j.cmo;

/**
 * {@code CMO_64BIT_MACHINE_DOUBLE} (40): an IEEE-754 binary64 in the connection byte order. The raw bits are
 * kept so NaN payloads round-trip exactly.
 */
public record CmoMachineDouble(long bits) implements Cmo {
    /** The double {@code v}. */
    public static CmoMachineDouble of(double v) {
        return new CmoMachineDouble(Double.doubleToRawLongBits(v));
    }

    /** The value as a double. */
    public double value() {
        return Double.longBitsToDouble(bits);
    }

    @Override
    public CmoType type() {
        return CmoType.MACHINE_DOUBLE_64;
    }
}
