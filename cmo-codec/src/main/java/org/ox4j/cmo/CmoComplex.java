package org.ox4j.cmo;

import java.util.Objects;

/** {@code CMO_COMPLEX}: real and imaginary parts, each a numeric CMO. */
public record CmoComplex(Cmo real, Cmo imaginary) implements Cmo {
    public CmoComplex {
        Objects.requireNonNull(real, "real");
        Objects.requireNonNull(imaginary, "imaginary");
    }

    @Override
    public CmoType type() {
        return CmoType.COMPLEX;
    }
}
