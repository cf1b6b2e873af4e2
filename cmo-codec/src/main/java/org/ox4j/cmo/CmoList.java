package org.ox4j.cmo;

import java.util.List;

/** {@code CMO_LIST}: an ordered list of CMOs. */
public record CmoList(List<Cmo> elements) implements Cmo {
    /** The empty list. */
    public static final CmoList EMPTY = new CmoList(List.of());

    public CmoList {
        elements = List.copyOf(elements);
    }

    /** A list of the given elements. */
    public static CmoList of(Cmo... elements) {
        return new CmoList(List.of(elements));
    }

    /** Number of elements. */
    public int size() {
        return elements.size();
    }

    /** Element {@code i}. */
    public Cmo get(int i) {
        return elements.get(i);
    }

    @Override
    public CmoType type() {
        return CmoType.LIST;
    }
}
