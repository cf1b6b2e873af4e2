package org.ox4j.cmo;

/** {@code CMO_NULL}: no body. Asir uses it for the value 0 of every kind. */
public record CmoNull() implements Cmo {
    /** The only value needed. */
    public static final CmoNull INSTANCE = new CmoNull();

    @Override
    public CmoType type() {
        return CmoType.NULL;
    }
}
