package org.ox4j.server.function;

import java.util.Objects;

/**
 * A named function with its accepted arities ({@code maxArity} = -1 for variadic) and a one-line description
 * shown by the function-list query.
 */
public record FunctionSpec(String name, int minArity, int maxArity, String description, OxFunction function) {
    public FunctionSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(function, "function");
        if (minArity < 0 || (maxArity >= 0 && maxArity < minArity)) {
            throw new IllegalArgumentException("arity: " + minArity + ".." + maxArity);
        }
    }

    /** Whether {@code n} arguments are accepted. */
    public boolean accepts(int n) {
        return n >= minArity && (maxArity < 0 || n <= maxArity);
    }
}
