package org.ox4j.cmo;

import java.util.List;

/** {@code CMO_ARRAY}: encoded like a LIST (sm1's convention); Asir does not read it. */
public record CmoArray(List<Cmo> elements) implements Cmo {
    public CmoArray {
        elements = List.copyOf(elements);
    }

    @Override
    public CmoType type() {
        return CmoType.ARRAY;
    }
}
