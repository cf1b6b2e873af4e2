package org.ox4j.server.algebra;

import java.util.Objects;
import org.ox4j.cmo.Cmo;

/**
 * A CMO without an algebraic meaning here (a double, a mathcap, an error object, a tree…): carried through lists
 * and variables unchanged and sent back exactly as received.
 */
public record Opaque(Cmo cmo) implements Value {
    public Opaque {
        Objects.requireNonNull(cmo, "cmo");
    }
}
