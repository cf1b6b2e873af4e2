package org.ox4j.server.algebra;

import java.util.Collections;
import java.util.List;

/**
 * Asir's vector ({@code newvect}, {@code ltov}): a fixed number of elements, 0 where nothing was put. Immutable here:
 * {@code V[i] = X} gives the variable a copy. Prints as Asir does, {@code [ 1 2 3 ]}; has no CMO form (ox_asir
 * cannot send one either; {@code vtol} makes a list).
 */
public record Vect(List<Value> elements) implements Value {
    public Vect {
        elements = List.copyOf(elements);
    }

    /** A vector of {@code n} zeros. */
    public static Vect zeros(int n) {
        return new Vect(Collections.nCopies(n, Value.ZERO));
    }

    public int size() {
        return elements.size();
    }

    public Value get(int i) {
        return elements.get(i);
    }
}
