package org.ox4j.algebra;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A polynomial with integer coefficients: terms in two flat arrays, the packed monomials of one
 * {@link MonomialLayout} (strictly decreasing) and the coefficients (never 0). Immutable: operations return new
 * polynomials and never expose the arrays.
 *
 * <p>Sums are merges, O(|f|+|g|) comparisons. Products use the Monagan–Pearce heap ({@link HeapProduct}) with a
 * 192-bit accumulator when every coefficient of both factors fits in a long (no BigInteger per term product), and
 * BigInteger sums otherwise; large products are split over threads by rows of the first factor.
 */
public final class ZPoly {
    private final MonomialLayout layout;
    final long[] mono;
    final BigInteger[] coef;
    final int size;

    ZPoly(MonomialLayout layout, long[] mono, BigInteger[] coef, int size) {
        this.layout = layout;
        this.mono = mono;
        this.coef = coef;
        this.size = size;
    }

    /** The zero polynomial. */
    public static ZPoly zero(MonomialLayout layout) {
        return new ZPoly(layout, new long[0], new BigInteger[0], 0);
    }

    /** The constant {@code c}. */
    public static ZPoly constant(MonomialLayout layout, BigInteger c) {
        if (c.signum() == 0) {
            return zero(layout);
        }
        return new ZPoly(layout, layout.one(), new BigInteger[] {c}, 1);
    }

    /** The single term c·x^e. */
    public static ZPoly term(MonomialLayout layout, int[] e, BigInteger c) {
        if (c.signum() == 0) {
            return zero(layout);
        }
        long[] m = new long[layout.words()];
        layout.encode(e, m, 0);
        return new ZPoly(layout, m, new BigInteger[] {c}, 1);
    }

    /** The polynomial Σ coefs[k]·x^exps[k], terms in any order; equal monomials are added. */
    public static ZPoly of(MonomialLayout layout, int[][] exps, BigInteger[] coefs) {
        if (exps.length != coefs.length) {
            throw new IllegalArgumentException(exps.length + " exponent vectors for " + coefs.length + " coefficients");
        }
        int w = layout.words();
        long[] m = new long[exps.length * w];
        for (int k = 0; k < exps.length; k++) {
            layout.encode(exps[k], m, k * w);
        }
        return sortedFrom(layout, m, coefs.clone(), exps.length);
    }

    /** Sorts encoded terms, adds equal monomials and drops zeros. */
    static ZPoly sortedFrom(MonomialLayout layout, long[] m, BigInteger[] c, int count) {
        int w = layout.words();
        if (strictlyDecreasingWithoutZeros(layout, m, c, count)) {
            // the common case of terms that arrive in order (CMO from ox_asir, converted layouts): no copy
            return new ZPoly(layout, m, c, count).trim();
        }
        int[] idx = MonomialSort.descending(layout, m, count);
        long[] om = new long[count * w];
        BigInteger[] oc = new BigInteger[count];
        int n = 0;
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            if (n > 0 && layout.same(om, (n - 1) * w, m, i * w)) {
                oc[n - 1] = oc[n - 1].add(c[i]);
                if (oc[n - 1].signum() == 0) {
                    n--;
                }
                continue;
            }
            if (c[i].signum() == 0) {
                continue;
            }
            System.arraycopy(m, i * w, om, n * w, w);
            oc[n++] = c[i];
        }
        return new ZPoly(layout, om, oc, n).trim();
    }

    private static boolean strictlyDecreasingWithoutZeros(MonomialLayout layout, long[] m, BigInteger[] c,
            int count) {
        int w = layout.words();
        for (int i = 0; i < count; i++) {
            if (c[i].signum() == 0 || (i > 0 && layout.compare(m, (i - 1) * w, m, i * w) <= 0)) {
                return false;
            }
        }
        return true;
    }

    private ZPoly trim() {
        int w = layout.words();
        if (coef.length == size && mono.length == size * w) {
            return this;
        }
        return new ZPoly(layout, Arrays.copyOf(mono, size * w), Arrays.copyOf(coef, size), size);
    }

    // ---------------------------------------------------------------- queries

    public MonomialLayout layout() {
        return layout;
    }

    /** Number of terms. */
    public int size() {
        return size;
    }

    public boolean isZero() {
        return size == 0;
    }

    /** Whether this is a constant (0 included). */
    public boolean isConstant() {
        return size == 0 || (size == 1 && layout.degree(mono, 0) == 0);
    }

    /** Coefficient of term {@code i} (term 0 is the leading term). */
    public BigInteger coefficient(int i) {
        return coef[i];
    }

    /** Exponent vector of term {@code i}. */
    public int[] exponents(int i) {
        return layout.decode(mono, i * layout.words());
    }

    /** Exponent of variable {@code v} in term {@code i}. */
    public int exponent(int i, int v) {
        return layout.exponent(mono, i * layout.words(), v);
    }

    /** Total degree of term {@code i}. */
    public int termDegree(int i) {
        return layout.degree(mono, i * layout.words());
    }

    public BigInteger leadingCoefficient() {
        return coef[0];
    }

    /** The constant term (0 if none). */
    public BigInteger constantTerm() {
        if (size > 0 && layout.degree(mono, (size - 1) * layout.words()) == 0) {
            return coef[size - 1];
        }
        return BigInteger.ZERO;
    }

    /** The highest total degree of a term (-1 for zero). */
    public int totalDegree() {
        int d = -1;
        int w = layout.words();
        if (layout.order().blocks().size() == 1 && layout.order().blocks().get(0).kind() != MonomialOrder.Kind.LEX) {
            return size == 0 ? -1 : layout.degree(mono, 0);
        }
        for (int i = 0; i < size; i++) {
            d = Math.max(d, layout.degree(mono, i * w));
        }
        return d;
    }

    /** The degree in variable {@code v} (-1 for zero). */
    public int degree(int v) {
        int d = -1;
        int w = layout.words();
        for (int i = 0; i < size; i++) {
            d = Math.max(d, layout.exponent(mono, i * w, v));
        }
        return d;
    }

    /** The lowest exponent of variable {@code v} over the terms (-1 for zero). */
    public int minDegree(int v) {
        if (size == 0) {
            return -1;
        }
        int d = Integer.MAX_VALUE;
        int w = layout.words();
        for (int i = 0; i < size; i++) {
            d = Math.min(d, layout.exponent(mono, i * w, v));
        }
        return d;
    }

    /** Whether every coefficient fits in a long. */
    boolean fitsLong() {
        for (int i = 0; i < size; i++) {
            if (coef[i].bitLength() > 63) {
                return false;
            }
        }
        return true;
    }

    /**
     * The coefficient of x_v^e: the terms whose exponent of v is exactly e, with that exponent removed (dividing
     * every selected monomial by the same x_v^e keeps them in order).
     */
    public ZPoly coefficientOf(int v, int e) {
        int w = layout.words();
        int[] unit = new int[layout.variables()];
        unit[v] = e;
        long[] xe = new long[w];
        layout.encode(unit, xe, 0);
        TermBuffer out = new TermBuffer(w, 4);
        BigInteger[] oc = new BigInteger[4];
        for (int i = 0; i < size; i++) {
            if (layout.exponent(mono, i * w, v) == e) {
                int t = out.add();
                layout.divide(mono, i * w, xe, 0, out.mono, t * w);
                if (t >= oc.length) {
                    oc = Arrays.copyOf(oc, out.capacity());
                }
                oc[t] = coef[i];
            }
        }
        return new ZPoly(layout, out.mono, oc, out.size).trim();
    }

    /** The partial derivative by variable v. */
    public ZPoly derivative(int v) {
        int w = layout.words();
        int[] unit = new int[layout.variables()];
        unit[v] = 1;
        long[] x = new long[w];
        layout.encode(unit, x, 0);
        TermBuffer out = new TermBuffer(w, Math.max(1, size));
        BigInteger[] oc = new BigInteger[Math.max(1, size)];
        for (int i = 0; i < size; i++) {
            int e = layout.exponent(mono, i * w, v);
            if (e > 0) {
                int t = out.add();
                layout.divide(mono, i * w, x, 0, out.mono, t * w);
                oc[t] = coef[i].multiply(BigInteger.valueOf(e));
            }
        }
        return new ZPoly(layout, out.mono, oc, out.size).trim();
    }

    // ---------------------------------------------------------------- sums

    public ZPoly negate() {
        BigInteger[] c = new BigInteger[size];
        for (int i = 0; i < size; i++) {
            c[i] = coef[i].negate();
        }
        return new ZPoly(layout, mono, c, size);
    }

    public ZPoly add(ZPoly g) {
        return combine(g, false);
    }

    public ZPoly subtract(ZPoly g) {
        return combine(g, true);
    }

    private ZPoly combine(ZPoly g, boolean subtract) {
        if (g.layout != layout) {
            ZPoly[] al = aligned(this, g);
            return al[0].combine(al[1], subtract);
        }
        if (g.size == 0) {
            return this;
        }
        if (size == 0) {
            return subtract ? g.negate() : g;
        }
        int w = layout.words();
        long[] om = new long[(size + g.size) * w];
        BigInteger[] oc = new BigInteger[size + g.size];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < size && j < g.size) {
            int c = layout.compare(mono, i * w, g.mono, j * w);
            if (c > 0) {
                System.arraycopy(mono, i * w, om, n * w, w);
                oc[n++] = coef[i++];
            } else if (c < 0) {
                System.arraycopy(g.mono, j * w, om, n * w, w);
                oc[n++] = subtract ? g.coef[j].negate() : g.coef[j];
                j++;
            } else {
                BigInteger s = subtract ? coef[i].subtract(g.coef[j]) : coef[i].add(g.coef[j]);
                if (s.signum() != 0) {
                    System.arraycopy(mono, i * w, om, n * w, w);
                    oc[n++] = s;
                }
                i++;
                j++;
            }
        }
        if (i < size) {
            System.arraycopy(mono, i * w, om, n * w, (size - i) * w);
            System.arraycopy(coef, i, oc, n, size - i);
            n += size - i;
        }
        while (j < g.size) {
            System.arraycopy(g.mono, j * w, om, n * w, w);
            oc[n++] = subtract ? g.coef[j].negate() : g.coef[j];
            j++;
        }
        return new ZPoly(layout, om, oc, n).trim();
    }

    /**
     * a·this + b·t·g for a monomial t (words at {@code t[to..]}): the step of a fraction-free reduction, one merge
     * without building t·g. The caller guarantees that degrees fit.
     */
    ZPoly combineScaled(BigInteger a, BigInteger b, long[] t, int to, ZPoly g) {
        int w = layout.words();
        long[] om = new long[(size + g.size) * w];
        BigInteger[] oc = new BigInteger[size + g.size];
        long[] tg = new long[w];
        boolean aOne = a.equals(BigInteger.ONE);
        int i = 0;
        int j = 0;
        int n = 0;
        if (g.size > 0) {
            layout.multiply(t, to, g.mono, 0, tg, 0);
        }
        while (i < size && j < g.size) {
            int c = layout.compare(mono, i * w, tg, 0);
            if (c > 0) {
                System.arraycopy(mono, i * w, om, n * w, w);
                oc[n++] = aOne ? coef[i] : coef[i].multiply(a);
                i++;
            } else if (c < 0) {
                System.arraycopy(tg, 0, om, n * w, w);
                oc[n++] = g.coef[j].multiply(b);
                if (++j < g.size) {
                    layout.multiply(t, to, g.mono, j * w, tg, 0);
                }
            } else {
                BigInteger s = (aOne ? coef[i] : coef[i].multiply(a)).add(g.coef[j].multiply(b));
                if (s.signum() != 0) {
                    System.arraycopy(mono, i * w, om, n * w, w);
                    oc[n++] = s;
                }
                i++;
                if (++j < g.size) {
                    layout.multiply(t, to, g.mono, j * w, tg, 0);
                }
            }
        }
        while (i < size) {
            System.arraycopy(mono, i * w, om, n * w, w);
            oc[n++] = aOne ? coef[i] : coef[i].multiply(a);
            i++;
        }
        while (j < g.size) {
            System.arraycopy(tg, 0, om, n * w, w);
            oc[n++] = g.coef[j].multiply(b);
            if (++j < g.size) {
                layout.multiply(t, to, g.mono, j * w, tg, 0);
            }
        }
        return new ZPoly(layout, om, oc, n);
    }

    /** Whether {@code g} has exactly this polynomial's terms' monomials, in the same layout (no decoding). */
    public boolean sameMonomials(ZPoly g) {
        return g.size == size && layout.sameMonomials(mono, g.layout, g.mono, size);
    }

    /**
     * The polynomial with this one's monomials and the coefficients {@code c}, one per term (the array is kept, not
     * copied); terms whose coefficient is zero are dropped.
     */
    public ZPoly withCoefficients(BigInteger[] c) {
        if (c.length != size) {
            throw new IllegalArgumentException(c.length + " coefficients for " + size + " terms");
        }
        for (BigInteger x : c) {
            if (x.signum() == 0) {
                return sortedFrom(layout, mono.clone(), c, size);
            }
        }
        return new ZPoly(layout, mono, c, size);
    }

    // ---------------------------------------------------------------- scalar operations

    public ZPoly multiply(BigInteger c) {
        if (c.signum() == 0) {
            return zero(layout);
        }
        if (c.equals(BigInteger.ONE)) {
            return this;
        }
        BigInteger[] out = new BigInteger[size];
        for (int i = 0; i < size; i++) {
            out[i] = coef[i].multiply(c);
        }
        return new ZPoly(layout, mono, out, size);
    }

    /** This divided by {@code c}, which must divide every coefficient. */
    public ZPoly divideExact(BigInteger c) {
        if (c.equals(BigInteger.ONE)) {
            return this;
        }
        BigInteger[] out = new BigInteger[size];
        for (int i = 0; i < size; i++) {
            BigInteger[] qr = coef[i].divideAndRemainder(c);
            if (qr[1].signum() != 0) {
                throw new ArithmeticException("not divisible by " + c);
            }
            out[i] = qr[0];
        }
        return new ZPoly(layout, mono, out, size);
    }

    /** The gcd of the coefficients (0 for zero), positive. */
    public BigInteger content() {
        BigInteger g = BigInteger.ZERO;
        for (int i = 0; i < size && !g.equals(BigInteger.ONE); i++) {
            g = g.gcd(coef[i]);
        }
        return g;
    }

    /** This divided by its content, with a positive leading coefficient. */
    public ZPoly primitivePart() {
        if (size == 0) {
            return this;
        }
        BigInteger c = content();
        if (coef[0].signum() < 0) {
            c = c.negate();
        }
        return divideExact(c);
    }

    /** This times the monomial x^e and the coefficient c. */
    public ZPoly multiplyTerm(int[] e, BigInteger c) {
        long[] t = new long[layout.words()];
        MonomialLayout l = layout.widenedFor((long) totalDegree() + sum(e));
        if (l != layout) {
            return relayout(l).multiplyTerm(e, c);
        }
        l.encode(e, t, 0);
        return multiplyTerm(t, 0, c);
    }

    ZPoly multiplyTerm(long[] t, int to, BigInteger c) {
        if (c.signum() == 0 || size == 0) {
            return zero(layout);
        }
        int w = layout.words();
        long[] om = new long[size * w];
        BigInteger[] oc = new BigInteger[size];
        for (int i = 0; i < size; i++) {
            layout.multiply(mono, i * w, t, to, om, i * w);
            oc[i] = coef[i].multiply(c);
        }
        return new ZPoly(layout, om, oc, size);
    }

    private static long sum(int[] e) {
        long s = 0;
        for (int x : e) {
            s += x;
        }
        return s;
    }

    // ---------------------------------------------------------------- products

    public ZPoly multiply(ZPoly g) {
        return multiply(g, Interrupt.NONE, 1);
    }

    /**
     * The product, computed by up to {@code threads} threads (rows of the longer factor split in equal parts,
     * partial products added); checks {@code interrupt} every few thousand term products.
     */
    public ZPoly multiply(ZPoly g, Interrupt interrupt, int threads) {
        if (g.layout != layout) {
            ZPoly[] al = aligned(this, g);
            return al[0].multiply(al[1], interrupt, threads);
        }
        if (size == 0 || g.size == 0) {
            return zero(layout);
        }
        long degree = (long) totalDegree() + g.totalDegree();
        MonomialLayout l = layout.widenedFor(degree);
        if (l != layout) {
            return relayout(l).multiply(g.relayout(l), interrupt, threads);
        }
        ZPoly f = this;
        if (f.size < g.size) {
            ZPoly t = f;
            f = g;
            g = t;
        }
        if (g.size == 1) {
            return f.multiplyTerm(g.mono, 0, g.coef[0]);
        }
        if (DenseProduct.worthIt(f, g)) {
            return DenseProduct.multiply(f, g, interrupt, threads);
        }
        long work = (long) f.size * g.size;
        int parts = (int) Math.min(Math.max(1, threads), Math.max(1, work / 2_000_000));
        parts = Math.min(parts, f.size);
        if (parts <= 1) {
            return f.rowsTimes(0, f.size, g, interrupt);
        }
        ZPoly ff = f;
        ZPoly gg = g;
        int blocks = parts;
        // row blocks of equal work: rows are already balanced since every row meets all of g
        java.util.List<ZPoly> products = KernelThreads.map(blocks, p -> ff.rowsTimes(
                (int) ((long) ff.size * p / blocks), (int) ((long) ff.size * (p + 1) / blocks), gg, interrupt));
        ZPoly sum = products.get(0);
        for (int p = 1; p < blocks; p++) {
            sum = sum.add(products.get(p));
        }
        return sum;
    }

    /** The heap product of all rows, whatever the dense rule says (tests compare the two methods). */
    ZPoly rowsTimesForTest(ZPoly g) {
        return rowsTimes(0, size, g, Interrupt.NONE);
    }

    /** Σ_{lo ≤ i &lt; hi} f_i · g by one heap. */
    private ZPoly rowsTimes(int lo, int hi, ZPoly g, Interrupt interrupt) {
        int w = layout.words();
        TermBuffer out = new TermBuffer(w, Math.max(hi - lo, g.size) * 2);
        BigInteger[][] oc = {new BigInteger[out.capacity()]};
        HeapProduct heap = new HeapProduct(layout, mono, lo, hi, g.mono, g.size);
        if (fitsLong() && g.fitsLong()) {
            long[] a = longs(coef, size);
            long[] b = longs(g.coef, g.size);
            Int192 acc = new Int192();
            heap.run((m, rows, cols, count) -> {
                acc.clear();
                for (int k = 0; k < count; k++) {
                    acc.addProduct(a[rows[k]], b[cols[k]]);
                }
                if (!acc.isZero()) {
                    int t = out.add();
                    System.arraycopy(m, 0, out.mono, t * w, w);
                    if (t >= oc[0].length) {
                        oc[0] = Arrays.copyOf(oc[0], out.capacity());
                    }
                    oc[0][t] = acc.toBigInteger();
                }
            }, interrupt);
        } else {
            heap.run((m, rows, cols, count) -> {
                BigInteger s = BigInteger.ZERO;
                for (int k = 0; k < count; k++) {
                    s = s.add(coef[rows[k]].multiply(g.coef[cols[k]]));
                }
                if (s.signum() != 0) {
                    int t = out.add();
                    System.arraycopy(m, 0, out.mono, t * w, w);
                    if (t >= oc[0].length) {
                        oc[0] = Arrays.copyOf(oc[0], out.capacity());
                    }
                    oc[0][t] = s;
                }
            }, interrupt);
        }
        return new ZPoly(layout, out.mono, oc[0], out.size).trim();
    }

    private static long[] longs(BigInteger[] c, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = c[i].longValue();
        }
        return out;
    }

    /** this^k by repeated squaring. */
    public ZPoly pow(int k, Interrupt interrupt, int threads) {
        if (k < 0) {
            throw new ArithmeticException("negative exponent");
        }
        if (UnivariatePower.suits(this, k)) {
            return UnivariatePower.pow(this, k, interrupt);
        }
        ZPoly result = constant(layout, BigInteger.ONE);
        ZPoly b = this;
        while (k > 0) {
            interrupt.check();
            if ((k & 1) != 0) {
                result = result.multiply(b, interrupt, threads);
            }
            k >>= 1;
            if (k > 0) {
                b = b.multiply(b, interrupt, threads);
            }
        }
        return result;
    }

    /**
     * The exact quotient this / g, or null when g does not divide this. Classical division on leading terms:
     * O(|q|·(|this| + |g|)).
     */
    public ZPoly divideOrNull(ZPoly g, Interrupt interrupt) {
        if (g.layout != layout) {
            ZPoly[] al = aligned(this, g);
            return al[0].divideOrNull(al[1], interrupt);
        }
        if (g.size == 0) {
            throw new ArithmeticException("division by 0");
        }
        int w = layout.words();
        ZPoly r = this;
        TermBuffer q = new TermBuffer(w, 8);
        BigInteger[] qc = new BigInteger[8];
        long[] t = new long[w];
        int fDegree = totalDegree();
        int gDegree = g.totalDegree();
        int steps = 0;
        while (r.size > 0) {
            if ((++steps & 255) == 0) {
                interrupt.check();
            }
            if (!layout.divides(g.mono, 0, r.mono, 0)) {
                return null;
            }
            BigInteger[] qr = r.coef[0].divideAndRemainder(g.coef[0]);
            if (qr[1].signum() != 0) {
                return null;
            }
            layout.divide(r.mono, 0, g.mono, 0, t, 0);
            if (layout.degree(t, 0) + gDegree > fDegree) {
                return null; // an exact quotient has degree at most deg f - deg g
            }
            int k = q.add();
            System.arraycopy(t, 0, q.mono, k * w, w);
            if (k >= qc.length) {
                qc = Arrays.copyOf(qc, q.capacity());
            }
            qc[k] = qr[0];
            r = r.combineScaled(BigInteger.ONE, qr[0].negate(), t, 0, g);
        }
        return new ZPoly(layout, q.mono, qc, q.size).trim();
    }

    // ---------------------------------------------------------------- change of layout

    /** The same polynomial in another layout of the same number of variables (re-encoded, re-sorted). */
    public ZPoly relayout(MonomialLayout target) {
        if (target == layout) {
            return this;
        }
        int[] identity = new int[layout.variables()];
        for (int v = 0; v < identity.length; v++) {
            identity[v] = v;
        }
        return relayout(target, identity);
    }

    /**
     * This polynomial with variable {@code v} renamed to variable {@code map[v]} of {@code target}, re-encoded and
     * re-sorted. Variables mapped to the same target add their exponents; a variable that does not occur may map
     * anywhere.
     */
    public ZPoly relayout(MonomialLayout target, int[] map) {
        if (map.length != layout.variables()) {
            throw new IllegalArgumentException("map of " + map.length + " for " + layout.variables() + " variables");
        }
        int w = layout.words();
        int tw = target.words();
        long[] m = new long[size * tw];
        int[] e = new int[layout.variables()];
        int[] te = new int[target.variables()];
        boolean keepsOrder = target.order().equals(layout.order()) && isIdentity(map);
        for (int i = 0; i < size; i++) {
            layout.decode(mono, i * w, e);
            Arrays.fill(te, 0);
            for (int v = 0; v < e.length; v++) {
                te[map[v]] += e[v];
            }
            target.encode(te, m, i * tw);
        }
        if (keepsOrder) {
            return new ZPoly(target, m, coef, size);
        }
        return sortedFrom(target, m, coef, size);
    }

    private static boolean isIdentity(int[] map) {
        for (int v = 0; v < map.length; v++) {
            if (map[v] != v) {
                return false;
            }
        }
        return true;
    }

    private void requireSameOrder(ZPoly g) {
        if (!g.layout.order().equals(layout.order())) {
            throw new IllegalArgumentException("different orders: " + layout.order() + " and " + g.layout.order()
                    + " (convert with relayout)");
        }
    }

    /** The two polynomials in one common layout (the wider); they must have the same order. */
    public static ZPoly[] aligned(ZPoly f, ZPoly g) {
        if (f.layout == g.layout) {
            return new ZPoly[] {f, g};
        }
        f.requireSameOrder(g);
        MonomialLayout l = f.layout.bits() >= g.layout.bits() ? f.layout : g.layout;
        return new ZPoly[] {f.relayout(l), g.relayout(l)};
    }

    // ---------------------------------------------------------------- identity

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ZPoly g) || g.size != size || !g.layout.order().equals(layout.order())) {
            return false;
        }
        ZPoly[] al = aligned(this, g);
        int w = al[0].layout.words();
        for (int i = 0; i < size; i++) {
            if (!al[0].coef[i].equals(al[1].coef[i]) || !al[0].layout.same(al[0].mono, i * w, al[1].mono, i * w)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = size;
        for (int i = 0; i < size; i++) {
            h = 31 * h + coef[i].hashCode();
            h = 31 * h + Arrays.hashCode(exponents(i));
        }
        return h;
    }

    /** Terms as c*x0^e0*x1^e1..., leading first (for messages and tests; printing with names is elsewhere). */
    @Override
    public String toString() {
        if (size == 0) {
            return "0";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                sb.append(coef[i].signum() < 0 ? " - " : " + ").append(coef[i].abs());
            } else {
                sb.append(coef[i]);
            }
            int[] e = exponents(i);
            for (int v = 0; v < e.length; v++) {
                if (e[v] != 0) {
                    sb.append("*x").append(v).append(e[v] == 1 ? "" : "^" + e[v]);
                }
            }
        }
        return sb.toString();
    }
}
