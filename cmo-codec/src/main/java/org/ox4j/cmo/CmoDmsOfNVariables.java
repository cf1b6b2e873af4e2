package org.ox4j.cmo;

import java.util.Objects;

/** {@code CMO_DMS_OF_N_VARIABLES}: a ring description, one CMO (a LIST) as body. */
public record CmoDmsOfNVariables(Cmo description) implements Cmo {
    public CmoDmsOfNVariables {
        Objects.requireNonNull(description, "description");
    }

    @Override
    public CmoType type() {
        return CmoType.DMS_OF_N_VARIABLES;
    }
}
