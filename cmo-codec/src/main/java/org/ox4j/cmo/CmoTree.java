package org.ox4j.cmo;

import java.util.Objects;

/** {@code CMO_TREE}: name, attribute list and leaf list (each one CMO). */
public record CmoTree(Cmo name, Cmo attributes, Cmo leaves) implements Cmo {
    public CmoTree {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(attributes, "attributes");
        Objects.requireNonNull(leaves, "leaves");
    }

    @Override
    public CmoType type() {
        return CmoType.TREE;
    }
}
