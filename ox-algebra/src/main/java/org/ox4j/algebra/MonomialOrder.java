package org.ox4j.algebra;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A term order on monomials in {@code n} variables, variable 0 the highest: degree reverse lexicographic, degree
 * lexicographic, lexicographic, or a block order (blocks of consecutive variables, compared block by block, each
 * block with one of the three). Asir numbers the first three 0, 1 and 2. Immutable.
 */
public final class MonomialOrder {
    /** The order within one block. */
    public enum Kind {
        GREVLEX(0), GLEX(1), LEX(2);

        private final int asirNumber;

        Kind(int asirNumber) {
            this.asirNumber = asirNumber;
        }

        /** Asir's number of this order. */
        public int asirNumber() {
            return asirNumber;
        }

        /** The kind with Asir's number {@code n}, or null. */
        public static Kind ofAsir(int n) {
            for (Kind k : values()) {
                if (k.asirNumber == n) {
                    return k;
                }
            }
            return null;
        }
    }

    /** One block: {@code size} consecutive variables ordered by {@code kind}. */
    public record Block(Kind kind, int size) {
        public Block {
            Objects.requireNonNull(kind, "kind");
            if (size <= 0) {
                throw new IllegalArgumentException("block size " + size);
            }
        }
    }

    private final List<Block> blocks;

    private MonomialOrder(List<Block> blocks) {
        this.blocks = List.copyOf(blocks);
    }

    /** One block of {@code kind} over {@code n} variables (no variables: an empty order). */
    public static MonomialOrder of(Kind kind, int n) {
        return n == 0 ? new MonomialOrder(List.of()) : new MonomialOrder(List.of(new Block(kind, n)));
    }

    public static MonomialOrder grevlex(int n) {
        return of(Kind.GREVLEX, n);
    }

    public static MonomialOrder glex(int n) {
        return of(Kind.GLEX, n);
    }

    public static MonomialOrder lex(int n) {
        return of(Kind.LEX, n);
    }

    /** A block order; the blocks cover the variables in order. */
    public static MonomialOrder blocks(List<Block> blocks) {
        return new MonomialOrder(blocks);
    }

    public List<Block> blocks() {
        return blocks;
    }

    /** Number of variables. */
    public int variables() {
        int n = 0;
        for (Block b : blocks) {
            n += b.size();
        }
        return n;
    }

    /** Whether this is a single block of {@code kind}. */
    public boolean is(Kind kind) {
        return blocks.size() == 1 && blocks.get(0).kind() == kind;
    }

    /** The same kind of order over {@code n} variables; only single-block orders can be resized. */
    public MonomialOrder resized(int n) {
        if (blocks.size() > 1) {
            throw new IllegalArgumentException("a block order cannot be resized");
        }
        return of(blocks.isEmpty() ? Kind.LEX : blocks.get(0).kind(), n);
    }

    /** Compares exponent vectors by this order (reference implementation; packed monomials compare faster). */
    public int compare(int[] a, int[] b) {
        int start = 0;
        for (Block blk : blocks) {
            int end = start + blk.size();
            int c = switch (blk.kind()) {
                case LEX -> lex(a, b, start, end);
                case GLEX -> {
                    int d = Long.compare(sum(a, start, end), sum(b, start, end));
                    yield d != 0 ? d : lex(a, b, start, end);
                }
                case GREVLEX -> {
                    int d = Long.compare(sum(a, start, end), sum(b, start, end));
                    if (d != 0) {
                        yield d;
                    }
                    int r = 0;
                    for (int i = end - 1; i >= start && r == 0; i--) {
                        r = Integer.compare(b[i], a[i]);
                    }
                    yield r;
                }
            };
            if (c != 0) {
                return c;
            }
            start = end;
        }
        return 0;
    }

    private static int lex(int[] a, int[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            if (a[i] != b[i]) {
                return Integer.compare(a[i], b[i]);
            }
        }
        return 0;
    }

    private static long sum(int[] e, int start, int end) {
        long s = 0;
        for (int i = start; i < end; i++) {
            s += e[i];
        }
        return s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MonomialOrder m && blocks.equals(m.blocks);
    }

    @Override
    public int hashCode() {
        return blocks.hashCode();
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (Block b : blocks) {
            parts.add(b.kind().name().toLowerCase(java.util.Locale.ROOT) + "(" + b.size() + ")");
        }
        return String.join("+", parts);
    }
}
