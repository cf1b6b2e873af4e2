package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.ZPoly;

/**
 * Whether the S-polynomials of given pairs of integer polynomials all reduce to 0 modulo those polynomials — the
 * expensive half of the certificate of a multi-modular Gröbner basis over Q — by fraction-free elimination in the
 * manner of F4, exact over Z.
 *
 * <p>Pairs are taken by the degree of their lcm. For each degree one symbolic preprocessing serves every pair of it:
 * the monomials of both halves (L/lt g_i)·g_i and (L/lt g_j)·g_j are closed under "a leading monomial divides
 * it, so add that multiple of the element", the closure is sorted once, and each multiple becomes a row of column
 * indices over the element's own coefficient array (nothing is copied or multiplied out). Each S-polynomial is then
 * a dense vector over those columns, reduced left to right: at a column with a non-zero entry x and pivot row of
 * leading coefficient l, with d = gcd(x, l), the vector becomes (l/d)·v − (x/d)·row; a non-zero entry in a column
 * no leading monomial divides ends the check with "no" at once (no later row reaches back to it). A bit set of the
 * non-zero columns makes finding the next entry and scaling the vector cost the entries, not the width. The content
 * of the vector is divided out when the next entry has grown past twice the size it had after the last division,
 * as Asir's nd_f4 does over Q, rather than every few steps: a content is a gcd over the whole vector.
 *
 * <p>Cost: per pair, per reduction step, O(nnz(v) + |g_k|) products of integers of the vector's size by the
 * element's coefficients, plus a gcd of two such integers; per degree, one divisibility search per monomial of the
 * closure (support masks first) and one hash per term of each multiple. Pairs of one degree are split over the
 * given threads; a failure stops every thread.
 */
final class PairReductionCheck {
    private final MonomialLayout layout;
    private final int w;
    private final ZPoly[] g;
    /** Element k's monomials, encoded in {@link #layout}, term after term. */
    private final long[][] words;
    private final BigInteger[][] coefficients;
    private final long[] leadMasks;
    /** The largest degree of a term of a pair's closure that {@link #layout} holds. */
    private final long maxDegree;

    private PairReductionCheck(List<ZPoly> elements, long maxDegree) {
        MonomialLayout l = elements.get(0).layout();
        for (ZPoly p : elements) {
            if (p.layout().bits() > l.bits()) {
                l = p.layout();
            }
        }
        this.layout = l.widenedFor(maxDegree);
        this.w = layout.words();
        this.g = new ZPoly[elements.size()];
        this.words = new long[g.length][];
        this.coefficients = new BigInteger[g.length][];
        this.leadMasks = new long[g.length];
        for (int k = 0; k < g.length; k++) {
            g[k] = elements.get(k).relayout(layout);
            words[k] = new long[g[k].size() * w];
            coefficients[k] = new BigInteger[g[k].size()];
            for (int t = 0; t < g[k].size(); t++) {
                layout.encode(g[k].exponents(t), words[k], t * w);
                coefficients[k][t] = g[k].coefficient(t);
            }
            leadMasks[k] = layout.support(words[k], 0);
        }
        this.maxDegree = maxDegree;
    }

    /**
     * The elements {@code g} (non-zero primitive integer polynomials of one order) prepared for checking the given
     * pairs and any subset of them: encoded once in a layout wide enough for every term their closures can meet.
     * Why apart from the check: a group checks one candidate's pairs in many batches, and encoding a katsura-9
     * candidate (272 elements, 196 000 terms) took 9 ms warm and 35-75 ms cold per batch.
     */
    static PairReductionCheck of(List<ZPoly> g, List<int[]> pairs) {
        return new PairReductionCheck(g, maxDegree(g, pairs));
    }

    /**
     * Whether the S-polynomial of every pair (indices into {@code g}, non-zero primitive integer polynomials of one
     * order) reduces to 0 modulo {@code g}, using up to {@code threads} threads.
     */
    static boolean allReduceToZero(List<ZPoly> g, List<int[]> pairs, Interrupt interrupt, int threads) {
        return pairs.isEmpty() || of(g, pairs).allReduceToZero(pairs, interrupt, threads);
    }

    /**
     * Whether the S-polynomial of every pair (indices into the elements; pairs of those this check was prepared for)
     * reduces to 0 modulo the elements, using up to {@code threads} threads.
     */
    boolean allReduceToZero(List<int[]> pairs, Interrupt interrupt, int threads) {
        if (pairs.isEmpty()) {
            return true;
        }
        // group the pairs by the degree of their lcm: one symbolic preprocessing per degree
        TreeMap<Integer, List<int[]>> byDegree = new TreeMap<>();
        for (int[] p : pairs) {
            int d = lcmDegree(g[p[0]], g[p[1]]);
            if (termDegreeBound(g[p[0]], g[p[1]], d) > maxDegree) {
                throw new IllegalArgumentException("pairs of higher degree than the check was prepared for");
            }
            byDegree.computeIfAbsent(d, x -> new ArrayList<>()).add(p);
        }
        AtomicBoolean failed = new AtomicBoolean();
        for (List<int[]> group : byDegree.values()) {
            Matrix m = matrix(group, interrupt);
            int parts = Math.max(1, Math.min(threads, group.size()));
            List<CompletableFuture<Void>> runs = new ArrayList<>();
            for (int t = 1; t < parts; t++) {
                int part = t;
                runs.add(CompletableFuture.runAsync(() -> m.reduceShare(part, parts, failed), KernelThreads.pool()));
            }
            m.reduceShare(0, parts, failed);
            for (CompletableFuture<Void> r : runs) {
                KernelThreads.join(r);
            }
            if (failed.get()) {
                return false;
            }
        }
        return true;
    }

    /** The degree of the lcm of the leading monomials of a and b. */
    private static int lcmDegree(ZPoly a, ZPoly b) {
        int[] x = a.exponents(0);
        int[] y = b.exponents(0);
        int d = 0;
        for (int v = 0; v < x.length; v++) {
            d += Math.max(x[v], y[v]);
        }
        return d;
    }

    /** The largest degree a term of the pairs' halves and their reducers can have. */
    private static long maxDegree(List<ZPoly> g, List<int[]> pairs) {
        long max = 0;
        for (int[] p : pairs) {
            ZPoly a = g.get(p[0]);
            ZPoly b = g.get(p[1]);
            max = Math.max(max, termDegreeBound(a, b, lcmDegree(a, b)));
        }
        return max;
    }

    /** A bound on the degree of a term of the closure of the pair (a, b) whose lcm has degree {@code lcmDegree}. */
    private static long termDegreeBound(ZPoly a, ZPoly b, int lcmDegree) {
        // a multiple's terms can exceed the lcm's degree in non-graded orders
        return (long) lcmDegree + Math.max(a.totalDegree(), b.totalDegree());
    }

    /** A row: element k times a monomial, as the columns of its terms (the first is its leading column). */
    private record Row(int element, int[] columns) {
    }

    /** The closure of one degree's pairs: sorted columns, the pivot row of each column (or -1), the pairs' halves. */
    private final class Matrix {
        final int width;
        final int[] pivot;
        final List<Row> rows;
        final List<int[]> pairs;
        final Row[][] halves;
        final Interrupt interrupt;

        Matrix(int width, int[] pivot, List<Row> rows, List<int[]> pairs, Row[][] halves, Interrupt interrupt) {
            this.width = width;
            this.pivot = pivot;
            this.rows = rows;
            this.pairs = pairs;
            this.halves = halves;
            this.interrupt = interrupt;
        }

        void reduceShare(int part, int parts, AtomicBoolean failed) {
            BigInteger[] v = new BigInteger[width];
            long[] nonZero = new long[(width + 63) >>> 6];
            for (int k = part; k < pairs.size() && !failed.get(); k += parts) {
                if (!reducesToZero(k, v, nonZero, failed)) {
                    failed.set(true);
                }
            }
        }

        /** Reduces pair k's S-polynomial in v (all zero on entry, and on exit when the answer is yes). */
        private boolean reducesToZero(int k, BigInteger[] v, long[] nonZero, AtomicBoolean failed) {
            Row a = halves[k][0];
            Row b = halves[k][1];
            BigInteger la = coefficients[a.element()][0];
            BigInteger lb = coefficients[b.element()][0];
            // S = lc(b)·a − lc(a)·b, divided by their gcd: the leading entries cancel
            BigInteger d = la.gcd(lb);
            addMultiple(v, nonZero, a, lb.divide(d), 0);
            addMultiple(v, nonZero, b, la.divide(d).negate(), 0);
            int c = nextNonZero(nonZero, 0);
            long limit = c < 0 ? 0 : 2L * v[c].bitLength();
            int steps = 0;
            while (c >= 0) {
                if ((++steps & 63) == 0) {
                    interrupt.check();
                    if (failed.get()) {
                        clear(v, nonZero);
                        return true; // another thread has the answer already
                    }
                }
                int r = pivot[c];
                if (r < 0) {
                    clear(v, nonZero);
                    return false;
                }
                eliminate(v, nonZero, c, rows.get(r));
                c = nextNonZero(nonZero, c + 1);
                if (c >= 0 && v[c].bitLength() > limit) {
                    removeContent(v, nonZero, c);
                    limit = 2L * v[c].bitLength();
                }
            }
            return true;
        }

        /**
         * One step: the entry x at column c cancelled by the row whose leading column it is, as (l/d)·v − (x/d)·row
         * with l the row's leading coefficient and d = gcd(x, l). A method of its own so that the JIT compiles this
         * body once, apart from the loop over the steps (inlined into that loop it was compiled twice, on stack and
         * whole, each time with BigInteger's arithmetic inlined).
         */
        private void eliminate(BigInteger[] v, long[] nonZero, int c, Row row) {
            BigInteger x = v[c];
            BigInteger l = coefficients[row.element()][0];
            BigInteger scale = BigInteger.ONE;
            BigInteger factor;
            if (l.equals(BigInteger.ONE)) {
                factor = x.negate();
            } else {
                // as a rule l divides x (earlier steps scaled the vector by the leading coefficients): one
                // division, and a gcd only when it leaves a remainder
                BigInteger[] qr = x.divideAndRemainder(l);
                if (qr[1].signum() == 0) {
                    factor = qr[0].negate();
                } else {
                    BigInteger gcd = l.gcd(qr[1]);
                    scale = l.divide(gcd);
                    factor = x.divide(gcd).negate();
                }
            }
            v[c] = null;
            nonZero[c >>> 6] &= ~(1L << c);
            if (!scale.equals(BigInteger.ONE)) {
                for (int j = nextNonZero(nonZero, c + 1); j >= 0; j = nextNonZero(nonZero, j + 1)) {
                    v[j] = v[j].multiply(scale);
                }
            }
            // its leading column was set to 0 above
            addMultiple(v, nonZero, row, factor, 1);
        }

        /** v += factor·row, from the row's term {@code from} on. */
        private void addMultiple(BigInteger[] v, long[] nonZero, Row row, BigInteger factor, int from) {
            BigInteger[] coef = coefficients(row);
            int[] cols = row.columns();
            for (int t = from; t < cols.length; t++) {
                add(v, nonZero, cols[t], coef[t].multiply(factor));
            }
        }

        private BigInteger[] coefficients(Row row) {
            return coefficients[row.element()];
        }
    }

    private static void add(BigInteger[] v, long[] nonZero, int j, BigInteger p) {
        BigInteger old = v[j];
        if (old == null) {
            v[j] = p;
            nonZero[j >>> 6] |= 1L << j;
            return;
        }
        BigInteger s = old.add(p);
        if (s.signum() == 0) {
            v[j] = null;
            nonZero[j >>> 6] &= ~(1L << j);
        } else {
            v[j] = s;
        }
    }

    private static void removeContent(BigInteger[] v, long[] nonZero, int from) {
        BigInteger content = v[from].abs();
        for (int j = nextNonZero(nonZero, from + 1); j >= 0 && !content.equals(BigInteger.ONE);
                j = nextNonZero(nonZero, j + 1)) {
            content = content.gcd(v[j]);
        }
        if (content.equals(BigInteger.ONE)) {
            return;
        }
        for (int j = from; j >= 0; j = nextNonZero(nonZero, j + 1)) {
            v[j] = v[j].divide(content);
        }
    }

    private static void clear(BigInteger[] v, long[] nonZero) {
        Arrays.fill(v, null);
        Arrays.fill(nonZero, 0L);
    }

    /** The first set bit at or after {@code from}, or -1. */
    private static int nextNonZero(long[] bits, int from) {
        int i = from >>> 6;
        if (i >= bits.length) {
            return -1;
        }
        long word = bits[i] & (-1L << from);
        while (true) {
            if (word != 0) {
                return (i << 6) + Long.numberOfTrailingZeros(word);
            }
            if (++i == bits.length) {
                return -1;
            }
            word = bits[i];
        }
    }

    // ---------------------------------------------------------------- symbolic preprocessing

    /**
     * The closure of {@code pairs}' halves under "add the multiple of an element whose lead divides a monomial". One
     * method per loop: the JIT compiles a long loop on stack before the method it sits in, and a method holding all
     * of them was compiled four times, each time with everything inlined.
     */
    private Matrix matrix(List<int[]> pairs, Interrupt interrupt) {
        // a table per degree: its ids are the closure's monomials, in the order they were met
        MonomialTable table = new MonomialTable(layout);
        int[][][] halfIds = halfIds(table, pairs);
        List<int[]> multipleIds = new ArrayList<>();
        List<Integer> multipleElement = new ArrayList<>();
        int[] reducerOf = close(table, multipleIds, multipleElement, interrupt);
        // columns: the closure's monomials in decreasing order
        int count = table.size();
        int[] all = new int[count];
        for (int i = 0; i < count; i++) {
            all[i] = i;
        }
        int[] sorted = table.sortedDescending(all);
        int[] column = new int[count];
        int[] pivot = new int[count];
        for (int c = 0; c < count; c++) {
            column[sorted[c]] = c;
            pivot[c] = reducerOf[sorted[c]];
        }
        List<Row> rows = new ArrayList<>();
        for (int r = 0; r < multipleIds.size(); r++) {
            rows.add(new Row(multipleElement.get(r), MonomialTable.columns(multipleIds.get(r), column)));
        }
        Row[][] halves = new Row[pairs.size()][2];
        for (int k = 0; k < pairs.size(); k++) {
            for (int h = 0; h < 2; h++) {
                halves[k][h] = new Row(pairs.get(k)[h], MonomialTable.columns(halfIds[k][h], column));
            }
        }
        return new Matrix(count, pivot, rows, pairs, halves, interrupt);
    }

    /** The ids of the monomials of both halves (L/lt g_i)·g_i and (L/lt g_j)·g_j of each pair (interned). */
    private int[][][] halfIds(MonomialTable table, List<int[]> pairs) {
        int[][][] halfIds = new int[pairs.size()][2][];
        long[] lcm = new long[w];
        long[] mult = new long[w];
        long[] term = new long[w];
        for (int k = 0; k < pairs.size(); k++) {
            int[] p = pairs.get(k);
            layout.lcm(words[p[0]], 0, words[p[1]], 0, lcm, 0);
            for (int h = 0; h < 2; h++) {
                layout.divide(lcm, 0, words[p[h]], 0, mult, 0);
                halfIds[k][h] = multipleIds(table, p[h], mult, term);
            }
        }
        return halfIds;
    }

    /**
     * Closes the table: every monomial met that a leading monomial divides gets one reducing multiple (its ids and
     * element appended to the lists); the index of each monomial's multiple, or -1.
     */
    private int[] close(MonomialTable table, List<int[]> multipleIds, List<Integer> multipleElement,
            Interrupt interrupt) {
        long[] mult = new long[w];
        long[] term = new long[w];
        int[] reducerOf = new int[1024];
        for (int id = 0; id < table.size(); id++) {
            if ((id & 255) == 255) {
                interrupt.check();
            }
            if (reducerOf.length <= id) {
                reducerOf = Arrays.copyOf(reducerOf, 2 * id);
            }
            int e = reducer(table, id);
            reducerOf[id] = -1;
            if (e >= 0) {
                layout.divide(table.words(), table.offset(id), words[e], 0, mult, 0);
                reducerOf[id] = multipleIds.size();
                multipleIds.add(multipleIds(table, e, mult, term));
                multipleElement.add(e);
            }
        }
        return reducerOf;
    }

    /** The ids of mult·g_e's monomials (interned). */
    private int[] multipleIds(MonomialTable table, int e, long[] mult, long[] term) {
        int n = g[e].size();
        int[] ids = new int[n];
        for (int t = 0; t < n; t++) {
            layout.multiply(mult, 0, words[e], t * w, term, 0);
            ids[t] = table.intern(term, 0);
        }
        return ids;
    }

    /** The element of fewest terms whose leading monomial divides monomial {@code id}, or -1. */
    private int reducer(MonomialTable table, int id) {
        long mask = table.mask(id);
        int best = -1;
        for (int k = 0; k < g.length; k++) {
            if ((leadMasks[k] & ~mask) == 0 && layout.divides(words[k], 0, table.words(), table.offset(id))
                    && (best < 0 || g[k].size() < g[best].size())) {
                best = k;
            }
        }
        return best;
    }
}
