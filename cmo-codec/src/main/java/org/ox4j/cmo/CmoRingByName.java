package org.ox4j.cmo;

import java.util.Objects;

/** {@code CMO_RING_BY_NAME}: names a ring stored on the receiver; body is one CMO (a STRING). */
public record CmoRingByName(Cmo name) implements Cmo {
    public CmoRingByName {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public CmoType type() {
        return CmoType.RING_BY_NAME;
    }
}
