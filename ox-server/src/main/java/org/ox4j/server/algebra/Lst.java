package org.ox4j.server.algebra;

import java.util.List;

/** A list value (Asir's list). */
public record Lst(List<Value> elements) implements Value {
    /** The empty list. */
    public static final Lst EMPTY = new Lst(List.of());

    public Lst {
        elements = List.copyOf(elements);
    }

    /** A list of the given values. */
    public static Lst of(Value... values) {
        return new Lst(List.of(values));
    }

    /** Number of elements. */
    public int size() {
        return elements.size();
    }

    /** Element {@code i}. */
    public Value get(int i) {
        return elements.get(i);
    }
}
