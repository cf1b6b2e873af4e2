package org.ox4j.cmo;

/** {@code CMO_DMS_GENERIC}: the ring description Asir writes in every distributed polynomial; no body. */
public record CmoDmsGeneric() implements Cmo {
    /** The only value needed. */
    public static final CmoDmsGeneric INSTANCE = new CmoDmsGeneric();

    @Override
    public CmoType type() {
        return CmoType.DMS_GENERIC;
    }
}
