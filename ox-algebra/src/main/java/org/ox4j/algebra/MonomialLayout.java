package org.ox4j.algebra;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How monomials of one order are packed into {@code long} words so that the order is the plain comparison of the
 * words, one or two for the usual sizes.
 *
 * <p>A monomial becomes a vector of fields of {@code bits} bits each, packed from the top of word 0 down. A field
 * is one of: the degree of a block of variables; an exponent; or the <em>complement</em> {@code M - e} of an
 * exponent, {@code M = 2^(bits-1) - 1}. A degree reverse lexicographic block is [degree, M - e_last, …,
 * M - e_first] (a smaller last exponent makes a bigger monomial, so its complement compares the right way), a
 * degree lexicographic block [degree, e_first, …, e_last], a lexicographic block [e_first, …, e_last]. When the
 * whole order is not one graded block a last field holds the total degree; it never decides a comparison. The top
 * bit of every field is a guard that stays 0, so words are non-negative and compare as signed longs, and products
 * cannot carry from one field into the next.
 *
 * <p>Every field is linear in the exponents up to the constant {@link #one()}, the encoding of the monomial 1, so
 * a product is {@code a + b - one} and an exact quotient {@code a + one - b}, word by word. A product is valid
 * while its total degree is at most {@link #maxDegree()}; callers check that and widen the layout (more bits per
 * field) when it is not. Divisibility is one subtraction per word on the exponent fields (SWAR with the guard
 * bits). Layouts are cached and immutable.
 */
public final class MonomialLayout {
    private static final Map<Key, MonomialLayout> CACHE = new ConcurrentHashMap<>();

    private record Key(MonomialOrder order, int bits) {
    }

    private final MonomialOrder order;
    private final int n;
    private final int bits;
    private final int perWord;
    private final int words;
    private final long maxDegree;
    private final long fieldMask;
    private final long[] one;
    /** Guard bits of the exponent fields, per word. */
    private final long[] expGuard;
    /** Bits of exponent fields stored plainly, per word. */
    private final long[] plain;
    /** Bits of complemented exponent fields, per word. */
    private final long[] comp;
    /** Field position of each variable's exponent, and whether it is complemented. */
    private final int[] varField;
    private final boolean[] varComp;
    /** Block-degree fields: position, first variable, size. */
    private final int[] sumField;
    private final int[] sumStart;
    private final int[] sumSize;
    private final int degreeField;

    private MonomialLayout(MonomialOrder order, int bits) {
        this.order = order;
        this.n = order.variables();
        this.bits = bits;
        this.perWord = 64 / bits;
        this.maxDegree = (1L << (bits - 1)) - 1;
        this.fieldMask = bits == 64 ? -1L : (1L << bits) - 1;
        int fields = 0;
        int sums = 0;
        for (MonomialOrder.Block b : order.blocks()) {
            fields += b.size() + (b.kind() == MonomialOrder.Kind.LEX ? 0 : 1);
            sums += b.kind() == MonomialOrder.Kind.LEX ? 0 : 1;
        }
        boolean singleGraded = order.blocks().size() == 1 && order.blocks().get(0).kind() != MonomialOrder.Kind.LEX;
        if (!singleGraded) {
            fields++; // total degree
            sums++;
        }
        this.words = Math.max(1, (fields + perWord - 1) / perWord);
        this.one = new long[words];
        this.expGuard = new long[words];
        this.plain = new long[words];
        this.comp = new long[words];
        this.varField = new int[n];
        this.varComp = new boolean[n];
        this.sumField = new int[sums];
        this.sumStart = new int[sums];
        this.sumSize = new int[sums];
        int f = 0;
        int s = 0;
        int start = 0;
        for (MonomialOrder.Block b : order.blocks()) {
            if (b.kind() != MonomialOrder.Kind.LEX) {
                sumField[s] = f;
                sumStart[s] = start;
                sumSize[s] = b.size();
                s++;
                f++;
            }
            for (int k = 0; k < b.size(); k++) {
                int v = b.kind() == MonomialOrder.Kind.GREVLEX ? start + b.size() - 1 - k : start + k;
                varField[v] = f;
                varComp[v] = b.kind() == MonomialOrder.Kind.GREVLEX;
                expGuard[f / perWord] |= 1L << (shift(f) + bits - 1);
                long fieldBits = fieldMask >>> 1 << shift(f);
                if (varComp[v]) {
                    comp[f / perWord] |= fieldBits;
                    one[f / perWord] |= maxDegree << shift(f);
                } else {
                    plain[f / perWord] |= fieldBits;
                }
                f++;
            }
            start += b.size();
        }
        if (singleGraded) {
            degreeField = 0;
        } else {
            degreeField = f;
            sumField[s] = f;
            sumStart[s] = 0;
            sumSize[s] = n;
        }
    }

    private int shift(int field) {
        return bits * (perWord - 1 - field % perWord);
    }

    /** The layout of {@code order} with {@code bits} (8, 16 or 32) bits per field. */
    public static MonomialLayout of(MonomialOrder order, int bits) {
        Objects.requireNonNull(order, "order");
        if (bits != 8 && bits != 16 && bits != 32) {
            throw new IllegalArgumentException("bits per field must be 8, 16 or 32, not " + bits);
        }
        return CACHE.computeIfAbsent(new Key(order, bits), k -> new MonomialLayout(k.order(), k.bits()));
    }

    /** The narrowest layout of {@code order} that holds monomials of total degree up to {@code degree}. */
    public static MonomialLayout forDegree(MonomialOrder order, long degree) {
        if (degree <= 127) {
            return of(order, 8);
        }
        if (degree <= 32767) {
            return of(order, 16);
        }
        if (degree <= Integer.MAX_VALUE) {
            return of(order, 32);
        }
        throw new ExponentOverflowException("total degree " + degree + " exceeds 2^31-1");
    }

    /** The layout of the same order that holds degree {@code degree} (this one if it does). */
    public MonomialLayout widenedFor(long degree) {
        if (degree <= maxDegree) {
            return this;
        }
        return forDegree(order, degree);
    }

    public MonomialOrder order() {
        return order;
    }

    /** Number of variables. */
    public int variables() {
        return n;
    }

    /**
     * Whether the first {@code terms} monomials of {@code mono} (encoded in this layout) and of {@code otherMono}
     * (encoded in {@code other}) are the same: a layout is its order and field width (the rest follows from them),
     * so equal ones encode alike and the words can be compared without decoding.
     */
    boolean sameMonomials(long[] mono, MonomialLayout other, long[] otherMono, int terms) {
        if (other != this && (other.bits != bits || !other.order().equals(order()))) {
            return false;
        }
        int n = terms * words;
        return java.util.Arrays.equals(mono, 0, n, otherMono, 0, n);
    }

    /** Words per monomial. */
    public int words() {
        return words;
    }

    public int bits() {
        return bits;
    }

    /** The largest total degree a monomial may have in this layout. */
    public long maxDegree() {
        return maxDegree;
    }

    /** A copy of the encoding of the monomial 1. */
    public long[] one() {
        return one.clone();
    }

    // ---------------------------------------------------------------- encode and decode

    /** Encodes exponent vector {@code e} at {@code dst[off..off+words)}; throws if its degree does not fit. */
    public void encode(int[] e, long[] dst, int off) {
        if (e.length != n) {
            throw new IllegalArgumentException("exponent vector of length " + e.length + " for " + n + " variables");
        }
        long total = 0;
        for (int x : e) {
            if (x < 0) {
                throw new IllegalArgumentException("negative exponent " + x);
            }
            total += x;
        }
        if (total > maxDegree) {
            throw new ExponentOverflowException("total degree " + total + " exceeds " + maxDegree + " for " + bits
                    + "-bit fields");
        }
        for (int w = 0; w < words; w++) {
            dst[off + w] = one[w];
        }
        for (int v = 0; v < n; v++) {
            int f = varField[v];
            long x = varComp[v] ? -(long) e[v] : e[v];
            dst[off + f / perWord] += x << shift(f);
        }
        for (int s = 0; s < sumField.length; s++) {
            long d = 0;
            for (int v = sumStart[s]; v < sumStart[s] + sumSize[s]; v++) {
                d += e[v];
            }
            int f = sumField[s];
            dst[off + f / perWord] += d << shift(f);
        }
    }

    /** The exponent vector of the monomial at {@code off}. */
    public int[] decode(long[] src, int off) {
        int[] e = new int[n];
        decode(src, off, e);
        return e;
    }

    /** Writes the exponent vector of the monomial at {@code off} into {@code e}. */
    public void decode(long[] src, int off, int[] e) {
        for (int v = 0; v < n; v++) {
            e[v] = exponent(src, off, v);
        }
    }

    /** The exponent of variable {@code v}. */
    public int exponent(long[] src, int off, int v) {
        int f = varField[v];
        int x = (int) ((src[off + f / perWord] >>> shift(f)) & fieldMask);
        return varComp[v] ? (int) (maxDegree - x) : x;
    }

    /** The total degree. */
    public int degree(long[] src, int off) {
        int f = degreeField;
        return (int) ((src[off + f / perWord] >>> shift(f)) & fieldMask);
    }

    // ---------------------------------------------------------------- arithmetic

    /**
     * Compares two monomials by the order: the sign of a − b. The words are compared as signed longs (they are
     * non-negative).
     */
    public int compare(long[] a, int ao, long[] b, int bo) {
        for (int w = 0; w < words; w++) {
            long x = a[ao + w];
            long y = b[bo + w];
            if (x != y) {
                return x < y ? -1 : 1;
            }
        }
        return 0;
    }

    /** Whether two monomials are equal. */
    public boolean same(long[] a, int ao, long[] b, int bo) {
        for (int w = 0; w < words; w++) {
            if (a[ao + w] != b[bo + w]) {
                return false;
            }
        }
        return true;
    }

    /** dst = a·b; the caller guarantees that the degree fits. */
    public void multiply(long[] a, int ao, long[] b, int bo, long[] dst, int doff) {
        for (int w = 0; w < words; w++) {
            dst[doff + w] = a[ao + w] + b[bo + w] - one[w];
        }
    }

    /** dst = a / b for a monomial b that divides a. */
    public void divide(long[] a, int ao, long[] b, int bo, long[] dst, int doff) {
        for (int w = 0; w < words; w++) {
            dst[doff + w] = a[ao + w] + one[w] - b[bo + w];
        }
    }

    /** Whether monomial {@code d} divides monomial {@code m}: every exponent field of m at least d's. */
    public boolean divides(long[] d, int dOff, long[] m, int mOff) {
        for (int w = 0; w < words; w++) {
            long x = m[mOff + w];
            long y = d[dOff + w];
            // per field: the one that must be the larger (m's exponent, or d's complement) minus the other;
            // the guard bit survives exactly when there is no borrow
            long big = (x & plain[w]) | (y & comp[w]);
            long small = (y & plain[w]) | (x & comp[w]);
            if ((((big | expGuard[w]) - small) & expGuard[w]) != expGuard[w]) {
                return false;
            }
        }
        return true;
    }

    /** dst = lcm(a, b). */
    public void lcm(long[] a, int ao, long[] b, int bo, long[] dst, int doff) {
        int[] x = decode(a, ao);
        int[] y = decode(b, bo);
        for (int v = 0; v < n; v++) {
            x[v] = Math.max(x[v], y[v]);
        }
        encode(x, dst, doff);
    }

    /** Whether the monomials {@code a} and {@code b} have no variable in common. */
    public boolean coprime(long[] a, int ao, long[] b, int bo) {
        for (int v = 0; v < n; v++) {
            if (exponent(a, ao, v) != 0 && exponent(b, bo, v) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The support mask: bit {@code v mod 64} set when variable v occurs. A quick necessary test for divisibility:
     * when {@code support(d) & ~support(m)} is not 0, d does not divide m.
     */
    public long support(long[] src, int off) {
        long mask = 0;
        for (int v = 0; v < n; v++) {
            if (exponent(src, off, v) != 0) {
                mask |= 1L << (v & 63);
            }
        }
        return mask;
    }

    @Override
    public String toString() {
        return "MonomialLayout[" + order + ", " + bits + " bits, " + words + " words]";
    }
}
