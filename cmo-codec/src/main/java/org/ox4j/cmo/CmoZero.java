package org.ox4j.cmo;

/** {@code CMO_ZERO}: the "universal zero", no body. */
public record CmoZero() implements Cmo {
    /** The only value needed. */
    public static final CmoZero INSTANCE = new CmoZero();

    @Override
    public CmoType type() {
        return CmoType.ZERO;
    }
}
