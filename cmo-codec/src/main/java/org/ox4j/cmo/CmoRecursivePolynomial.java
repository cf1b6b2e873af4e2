package org.ox4j.cmo;

import java.nio.ByteOrder;
import java.util.Objects;
import java.util.function.Function;

/**
 * {@code CMO_RECURSIVE_POLYNOMIAL}: a variable list (LIST of INDETERMINATE, outermost first) and a body,
 * which is a number or a {@link CmoPolynomialInOneVariable} whose variable indices refer to that list.
 *
 * <p>A polynomial read from the wire may stay in the bytes it arrived in ({@link #encoded}) until its parts are
 * first asked for: a server that is sent a polynomial and asked for it back then copies bytes instead of building
 * and walking a tree of thousands of objects. The value is the same either way (equality, hash code and printed
 * form are those of the parts); decoding happens once, and the bytes are dropped then.
 */
public final class CmoRecursivePolynomial implements Cmo {
    private volatile CmoList variables;
    private volatile Cmo body;
    /** While encoded: the whole CMO (tag included), its byte order, the tags inside and how to decode it. */
    private byte[] wire;
    private ByteOrder wireOrder;
    private int[] wireTags;
    private Function<byte[], CmoRecursivePolynomial> decoder;

    public CmoRecursivePolynomial(CmoList variables, Cmo body) {
        this.variables = Objects.requireNonNull(variables, "variables");
        this.body = Objects.requireNonNull(body, "body");
    }

    private CmoRecursivePolynomial(byte[] wire, ByteOrder order, int[] tags,
            Function<byte[], CmoRecursivePolynomial> decoder) {
        this.wire = wire;
        this.wireOrder = order;
        this.wireTags = tags;
        this.decoder = decoder;
    }

    /**
     * A polynomial kept as its encoding {@code wire} (tag and body, already checked by a scanner, in byte order
     * {@code order}), whose CMOs carry the tags {@code tags}; {@code decoder} builds the parts when they are first
     * needed (a malformed encoding then fails with the decoder's {@link CmoException}). The arrays are taken over,
     * not copied (a reader hands over what it has just captured).
     */
    public static CmoRecursivePolynomial encoded(byte[] wire, ByteOrder order, int[] tags,
            Function<byte[], CmoRecursivePolynomial> decoder) {
        return new CmoRecursivePolynomial(Objects.requireNonNull(wire, "wire"), Objects.requireNonNull(order, "order"),
                Objects.requireNonNull(tags, "tags"), Objects.requireNonNull(decoder, "decoder"));
    }

    public CmoList variables() {
        decode();
        return variables;
    }

    public Cmo body() {
        decode();
        return body;
    }

    /** The encoding this value arrived in, when it is still kept and is in byte order {@code order}; else null. */
    public synchronized byte[] wire(ByteOrder order) {
        return wire != null && wireOrder.equals(order) ? wire : null;
    }

    /** The size of the kept encoding in bytes, or -1 when the value is decoded. */
    public synchronized long wireLength() {
        return wire == null ? -1 : wire.length;
    }

    /** The CMO tags inside the kept encoding (this one's included), or null when the value is decoded. */
    public synchronized int[] wireTags() {
        return wireTags == null ? null : wireTags.clone();
    }

    private void decode() {
        if (body != null) {
            return;
        }
        synchronized (this) {
            if (body != null) {
                return;
            }
            CmoRecursivePolynomial parts = decoder.apply(wire);
            variables = parts.variables();
            body = parts.body();
            wire = null;
            wireTags = null;
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
