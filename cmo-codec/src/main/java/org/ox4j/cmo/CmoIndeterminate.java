package org.ox4j.cmo;

import java.util.Objects;

/** {@code CMO_INDETERMINATE}: a variable, named by one CMO (a STRING). */
public record CmoIndeterminate(Cmo name) implements Cmo {
    public CmoIndeterminate {
        Objects.requireNonNull(name, "name");
    }

    /** The indeterminate named {@code name}. */
    public static CmoIndeterminate of(String name) {
        return new CmoIndeterminate(CmoString.of(name));
    }

    @Override
    public CmoType type() {
        return CmoType.INDETERMINATE;
    }
}
