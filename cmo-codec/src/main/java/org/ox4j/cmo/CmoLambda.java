package org.ox4j.cmo;

import java.util.Objects;

/** {@code CMO_LAMBDA}: argument list and body tree (ox_toolkit only). */
public record CmoLambda(Cmo arguments, Cmo body) implements Cmo {
    public CmoLambda {
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(body, "body");
    }

    @Override
    public CmoType type() {
        return CmoType.LAMBDA;
    }
}
