package org.ox4j.cmo;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * {@code CMO_LIST}: an ordered list of CMOs. A list read from the wire may stay in the bytes it arrived in
 * ({@link #encoded}, {@link KeptEncoded}) until its elements are first asked for.
 */
public final class CmoList implements Cmo, KeptEncoded {
    /** The empty list. */
    public static final CmoList EMPTY = new CmoList(List.of());

    private volatile List<Cmo> elements;
    /** While encoded: the bytes and how to decode them. */
    private KeptEncoding kept;
    private Function<ByteBuffer, CmoList> decoder;

    public CmoList(List<Cmo> elements) {
        this.elements = List.copyOf(elements);
    }

    private CmoList(KeptEncoding kept, Function<ByteBuffer, CmoList> decoder) {
        this.kept = Objects.requireNonNull(kept, "kept");
        this.decoder = Objects.requireNonNull(decoder, "decoder");
    }

    /**
     * A list kept as its encoding {@code kept} (already checked by a scanner); {@code decoder} builds the elements
     * when they are first needed (a malformed encoding then fails with the decoder's {@link CmoException}).
     */
    public static CmoList encoded(KeptEncoding kept, Function<ByteBuffer, CmoList> decoder) {
        return new CmoList(kept, decoder);
    }

    /** A list of the given elements. */
    public static CmoList of(Cmo... elements) {
        return new CmoList(List.of(elements));
    }

    /** The elements (decoded on the first call if the list was kept encoded). */
    public List<Cmo> elements() {
        List<Cmo> e = elements;
        if (e != null) {
            return e;
        }
        synchronized (this) {
            if (elements == null) {
                elements = decoder.apply(kept.bytes()).elements();
                kept = null;
                decoder = null;
            }
            return elements;
        }
    }

    /** Number of elements. */
    public int size() {
        return elements().size();
    }

    /** Element {@code i}. */
    public Cmo get(int i) {
        return elements().get(i);
    }

    @Override
    public synchronized KeptEncoding keptEncoding() {
        return kept;
    }

    @Override
    public CmoType type() {
        return CmoType.LIST;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CmoList l && elements().equals(l.elements());
    }

    @Override
    public int hashCode() {
        return elements().hashCode();
    }

    @Override
    public String toString() {
        return "CmoList[elements=" + elements() + "]";
    }
}
