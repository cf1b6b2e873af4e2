package org.ox4j.server.function;

import java.util.Objects;

/**
 * A named function with its accepted arities ({@code maxArity} = -1 for variadic), a one-line description shown
 * by the function-list query, its CMO-level form for SM_executeFunction and, for builtins written on values, the
 * value-level form the local language calls directly (no CMO between two statements; null when there is none).
 */
public record FunctionSpec(String name, int minArity, int maxArity, String description, OxFunction function,
        ValueFunction values) {
    public FunctionSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(function, "function");
        if (minArity < 0 || (maxArity >= 0 && maxArity < minArity)) {
            throw new IllegalArgumentException("arity: " + minArity + ".." + maxArity);
        }
    }

    /** A function that exists only at the CMO level. */
    public FunctionSpec(String name, int minArity, int maxArity, String description, OxFunction function) {
        this(name, minArity, maxArity, description, function, null);
    }

    /** Whether {@code n} arguments are accepted. */
    public boolean accepts(int n) {
        return n >= minArity && (maxArity < 0 || n <= maxArity);
    }
}
