package org.ox4j.cmo;

/** {@code CMO_ERROR} (0x7f000001): the bodiless error object of Asir and kan96xx. */
public record CmoError() implements Cmo {
    /** The only value needed. */
    public static final CmoError INSTANCE = new CmoError();

    @Override
    public CmoType type() {
        return CmoType.ERROR;
    }
}
