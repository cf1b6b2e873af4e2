package org.ox4j.cmo;

import java.util.Objects;

/**
 * {@code CMO_ATOM}: a named atom. The OpenXM specification leaves the body undefined; ox4j encodes it like a
 * STRING body (int32 length, bytes), which is what the kan96xx tables suggest. No known peer sends it.
 */
public record CmoAtom(CmoString name) implements Cmo {
    public CmoAtom {
        Objects.requireNonNull(name, "name");
    }

    @Override
    public CmoType type() {
        return CmoType.ATOM;
    }
}
