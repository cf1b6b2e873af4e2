package org.ox4j.cmo;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.Function;

/**
 * {@code CMO_RECURSIVE_POLYNOMIAL}: a variable list (LIST of INDETERMINATE, outermost first) and a body,
 * which is a number or a {@link CmoPolynomialInOneVariable} whose variable indices refer to that list.
 *
 * <p>A polynomial read from the wire may stay in the bytes it arrived in ({@link #encoded}, {@link KeptEncoded})
 * until its parts are first asked for.
 */
public final class CmoRecursivePolynomial implements Cmo, KeptEncoded {
    private volatile CmoList variables;
    private volatile Cmo body;
    /** While encoded: the bytes and how to decode them. */
    private KeptEncoding kept;
    private Function<ByteBuffer, CmoRecursivePolynomial> decoder;

    public CmoRecursivePolynomial(CmoList variables, Cmo body) {
        this.variables = Objects.requireNonNull(variables, "variables");
        this.body = Objects.requireNonNull(body, "body");
    }

    private CmoRecursivePolynomial(KeptEncoding kept, Function<ByteBuffer, CmoRecursivePolynomial> decoder) {
        this.kept = Objects.requireNonNull(kept, "kept");
        this.decoder = Objects.requireNonNull(decoder, "decoder");
    }

    /**
     * A polynomial kept as its encoding {@code kept} (already checked by a scanner); {@code decoder} builds the parts
     * when they are first needed (a malformed encoding then fails with the decoder's {@link CmoException}).
     */
    public static CmoRecursivePolynomial encoded(KeptEncoding kept, Function<ByteBuffer, CmoRecursivePolynomial> decoder) {
        return new CmoRecursivePolynomial(kept, decoder);
    }

    public CmoList variables() {
        decode();
        return variables;
    }

    public Cmo body() {
        decode();
        return body;
    }

    @Override
    public synchronized KeptEncoding keptEncoding() {
        return kept;
    }

    private void decode() {
        if (body != null) {
            return;
        }
        synchronized (this) {
            if (body != null) {
                return;
            }
            CmoRecursivePolynomial parts = decoder.apply(kept.bytes());
            variables = parts.variables();
            body = parts.body();
            kept = null;
            decoder = null;
        }
    }

    @Override
    public CmoType type() {
        return CmoType.RECURSIVE_POLYNOMIAL;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CmoRecursivePolynomial p && variables().equals(p.variables()) && body().equals(p.body());
    }

    @Override
    public int hashCode() {
        return Objects.hash(variables(), body());
    }

    @Override
    public String toString() {
        return "CmoRecursivePolynomial[variables=" + variables() + ", body=" + body() + "]";
    }
}
