package org.ox4j.algebra.gb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.ox4j.algebra.ExponentOverflowException;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.ZPoly;

/**
 * Faugère's F4 over Z/p, p &lt; 2^31: the reduced Gröbner basis of the ideal of the input.
 *
 * <p>Each step takes every critical pair of the lowest sugar degree (the normal strategy), writes both halves
 * (L/lt f)·f and (L/lt g)·g as rows, adds by symbolic preprocessing a multiple of a basis element for every
 * monomial of the rows that some leading monomial divides, and reduces the rows with
 * {@link ModularElimination}: one row per leading column is a pivot, the others are reduced against the pivots
 * and echelonised; rows left with a new leading monomial join the basis. Pairs are filtered by the Gebauer–Möller
 * criteria (Buchberger's coprime criterion and the chain criterion) as elements are added, and elements whose
 * leading monomial becomes divisible by a newer one are dropped. A last matrix inter-reduces the basis. Without
 * Faugère's F5 criteria most of the rows to reduce vanish (92 % on katsura-9): the runs behind multi-modular images
 * ({@link #randomizedBasis}, {@link #traced}) reduce random combinations of them instead, about a tenth of the rows.
 *
 * <p>Cost: dominated by the reductions, O(r·c) per matrix of r rows and c columns plus the multiply-adds; the
 * symbolic preprocessing costs one divisibility test per monomial and basis element (support masks first).
 * Interruptible between and inside matrices.
 */
public final class F4 {
    /** A basis element: monomial ids (decreasing), residues (monic), sugar degree. */
    private static final class Elem {
        final int[] mono;
        final int[] coef;
        final int sugar;
        boolean redundant;
        /** The position in {@code basis}. */
        int index;

        Elem(int[] mono, int[] coef, int sugar) {
            this.mono = mono;
            this.coef = coef;
            this.sugar = sugar;
        }

        int lead() {
            return mono[0];
        }
    }

    private record Pair(int i, int j, int lcm, int sugar) {
    }

    private final MonomialTable table;
    private final MonomialLayout layout;
    private final Modulus modulus;
    private final Interrupt interrupt;
    private final int threads;
    private final List<Elem> basis = new ArrayList<>();
    private List<Pair> pairs = new ArrayList<>();
    private final long[] scratch;
    /** Where this run writes down what it does for a replay by another prime, or null. */
    private final F4Trace.Recorder recorder;
    /**
     * The multipliers of the random combinations that echelonise a step's rows, or null for a run that reduces every
     * row (see {@link #randomizedBasis}); seeded the same in every run, so a run is reproducible.
     */
    private final java.util.SplittableRandom random;

    private F4(MonomialLayout layout, Modulus modulus, Interrupt interrupt, int threads, F4Trace.Recorder recorder,
            boolean randomized) {
        this(layout, new MonomialTable(layout), modulus, interrupt, threads, recorder, randomized);
    }

    private F4(MonomialLayout layout, MonomialTable table, Modulus modulus, Interrupt interrupt, int threads,
            F4Trace.Recorder recorder, boolean randomized) {
        this.layout = layout;
        this.recorder = recorder;
        this.random = randomized ? new java.util.SplittableRandom(0x0F4C0DEL) : null;
        this.table = table;
        this.modulus = modulus;
        this.interrupt = interrupt;
        this.threads = threads;
        this.scratch = new long[layout.words()];
    }

    /** The reduced Gröbner basis of {@code input} (all of one order and modulus), sorted by increasing leading term. */
    public static List<ModPoly> basis(List<ModPoly> input, Interrupt interrupt, int threads) {
        return run(input, interrupt, threads, false, false).basis();
    }

    /**
     * As {@link #basis}, but each step's rows that reduce against known pivots are echelonised by random combinations
     * ({@link ModularElimination#echelonByCombinations}): several times faster where most of them vanish, and wrong
     * with a probability of about 2^-30 per combination tried (an element missing). For the images of the
     * multi-modular method, where an image that disagrees with the majority of primes is dropped and the result is
     * certified; on one thread.
     */
    static List<ModPoly> randomizedBasis(List<ModPoly> input, Interrupt interrupt) {
        return run(input, interrupt, 1, false, true).basis();
    }

    /**
     * The basis of {@code input} and the trace of its computation, which other primes can replay; computed as
     * {@link #randomizedBasis} does (the trace records the combinations), on one thread.
     */
    public static F4Trace.Traced traced(List<ModPoly> input, Interrupt interrupt) {
        return run(input, interrupt, 1, true, true);
    }

    private static F4Trace.Traced run(List<ModPoly> input, Interrupt interrupt, int threads, boolean trace,
            boolean randomized) {
        List<ModPoly> in = nonZero(input);
        if (in.isEmpty()) {
            return new F4Trace.Traced(List.of(), null);
        }
        Modulus m = in.get(0).modulus();
        if (!m.isSmall()) {
            throw new IllegalArgumentException("F4 needs a prime below 2^31, not " + m.value());
        }
        MonomialLayout layout = in.get(0).layout();
        for (ModPoly f : in) {
            if (f.layout().bits() > layout.bits()) {
                layout = f.layout();
            }
        }
        // a basis can need higher degrees than its input: start with room and widen when a product overflows
        layout = layout.widenedFor(Math.max(64, 4L * maxDegree(in)));
        while (true) {
            F4Trace.Recorder recorder = trace ? new F4Trace.Recorder() : null;
            try {
                F4 f4 = new F4(layout, m, interrupt, threads, recorder, randomized);
                List<ModPoly> basis = f4.run(in);
                return new F4Trace.Traced(basis, recorder == null ? null : recorder.finish(f4.table, in.size()));
            } catch (ExponentOverflowException e) {
                if (layout.bits() == 32) {
                    throw e;
                }
                layout = MonomialLayout.of(layout.order(), layout.bits() * 2);
            }
        }
    }

    /**
     * The reduced basis of {@code input} (another prime's image of the input {@code trace} was made from) computed by
     * replaying the trace: the same rows of the same matrices, without pairs, criteria or symbolic preprocessing,
     * and without the rows that reduced to zero there; or null when this prime departs from the trace (a monomial
     * vanishes or a row that should be new reduces to zero, as at an unlucky prime), and the caller runs
     * {@link #basis}.
     */
    public static List<ModPoly> replay(F4Trace trace, List<ModPoly> input, Interrupt interrupt, int threads) {
        List<ModPoly> in = nonZero(input);
        if (in.size() != trace.inputs() || in.isEmpty() || !in.get(0).modulus().isSmall()) {
            return null;
        }
        for (ModPoly f : in) {
            if (!f.layout().order().equals(trace.layout().order()) || f.totalDegree() > trace.layout().maxDegree()) {
                return null;
            }
        }
        return new F4(trace.layout(), trace.table(), in.get(0).modulus(), interrupt, threads, null, false)
                .replay(in, trace);
    }

    private static List<ModPoly> nonZero(List<ModPoly> input) {
        List<ModPoly> in = new ArrayList<>();
        for (ModPoly f : input) {
            if (!f.isZero()) {
                in.add(f);
            }
        }
        return in;
    }

    private static long maxDegree(List<ModPoly> in) {
        long d = 0;
        for (ModPoly f : in) {
            d = Math.max(d, f.totalDegree());
        }
        return d;
    }

    private List<ModPoly> run(List<ModPoly> in) {
        for (ModPoly f : in) {
            ModPoly g = f.relayout(layout).monic();
            Elem e = element(g);
            add(e);
            if (recorder != null) {
                recorder.input(e.mono);
            }
        }
        while (!pairs.isEmpty()) {
            interrupt.check();
            int d = Integer.MAX_VALUE;
            for (Pair q : pairs) {
                d = Math.min(d, q.sugar());
            }
            List<Pair> selected = new ArrayList<>();
            List<Pair> rest = new ArrayList<>();
            for (Pair q : pairs) {
                (q.sugar() == d ? selected : rest).add(q);
            }
            pairs = rest;
            for (Elem e : step(selected, d)) {
                add(e);
            }
        }
        return reducedBasis();
    }

    private Elem element(ModPoly g) {
        int w = layout.words();
        long[] words = monomialWords(g);
        int[] ids = new int[g.size()];
        int[] coef = new int[g.size()];
        int deg = 0;
        for (int k = 0; k < ids.length; k++) {
            ids[k] = table.intern(words, k * w);
            coef[k] = (int) g.coefficient(k);
            deg = Math.max(deg, table.degree(ids[k]));
        }
        return new Elem(ids, coef, deg);
    }

    private static long[] monomialWords(ModPoly g) {
        int w = g.layout().words();
        long[] out = new long[g.size() * w];
        ZPoly z = g.lift();
        for (int k = 0; k < g.size(); k++) {
            g.layout().encode(z.exponents(k), out, k * w);
        }
        return out;
    }

    // ---------------------------------------------------------------- pairs (Gebauer–Möller)

    private int lcm(int a, int b) {
        int w = layout.words();
        layout.lcm(table.words(), a * w, table.words(), b * w, scratch, 0);
        return table.intern(scratch, 0);
    }

    /** lcm(lead of element i, lh), from {@code known} when it was computed already. */
    private int lcmWith(int[] known, int i, int lh) {
        if (known[i] < 0) {
            known[i] = lcm(basis.get(i).lead(), lh);
        }
        return known[i];
    }

    private int quotientDegree(int m, int lead) {
        return table.degree(m) - table.degree(lead);
    }

    private int pairSugar(Elem f, Elem g, int l) {
        return Math.max(f.sugar + quotientDegree(l, f.lead()), g.sugar + quotientDegree(l, g.lead()));
    }

    private boolean coprime(int a, int b) {
        int w = layout.words();
        return (table.mask(a) & table.mask(b)) == 0 || layout.coprime(table.words(), a * w, table.words(), b * w);
    }

    /**
     * Adds h to the basis: new pairs filtered by the Gebauer–Möller criteria, old pairs pruned, elements retired. Each
     * loop is a method of its own: a multi-modular rank runs F4 in full once, and as one method this was compiled by
     * C2 up to four times (on-stack at each hot loop, then whole), each time with all of it inlined.
     */
    private void add(Elem h) {
        int hi = basis.size();
        h.index = hi;
        basis.add(h);
        int lh = h.lead();
        // lcm(lead of element i, lh) for every i, computed once (the pruning below asks again for old pairs' ends)
        int[] lcmWithH = new int[hi];
        Arrays.fill(lcmWithH, -1);
        List<Pair> c = newPairs(h, lcmWithH);
        List<Pair> e = chainCriterion(c, lh);
        List<Pair> kept = pruned(lh, lcmWithH);
        kept.addAll(e);
        pairs = kept;
        retire(lh, hi);
    }

    /** The pairs of h (at position lcmWithH.length) with every element not retired, their lcms noted. */
    private List<Pair> newPairs(Elem h, int[] lcmWithH) {
        List<Pair> c = new ArrayList<>();
        for (int i = 0; i < lcmWithH.length; i++) {
            Elem g = basis.get(i);
            if (!g.redundant) {
                int l = lcm(g.lead(), h.lead());
                lcmWithH[i] = l;
                c.add(new Pair(i, lcmWithH.length, l, pairSugar(g, h, l)));
            }
        }
        return c;
    }

    /**
     * The chain criterion among the new pairs (Gebauer–Möller): (g, h) goes when another new pair not yet dropped has
     * an lcm dividing its lcm; of pairs with equal lcms the last survives; coprime pairs pass the chain test and are
     * removed after it (their S-polynomial reduces to 0).
     */
    private List<Pair> chainCriterion(List<Pair> c, int lh) {
        List<Pair> d = new ArrayList<>();
        for (int k = 0; k < c.size(); k++) {
            Pair q = c.get(k);
            if (coprime(basis.get(q.i()).lead(), lh)
                    || !anyLcmDivides(c, k + 1, c.size(), q.lcm()) && !anyLcmDivides(d, 0, d.size(), q.lcm())) {
                d.add(q);
            }
        }
        List<Pair> e = new ArrayList<>();
        for (Pair q : d) {
            if (!coprime(basis.get(q.i()).lead(), lh)) {
                e.add(q);
            }
        }
        return e;
    }

    /** Whether the lcm of one of {@code list}'s pairs at [from, to) divides {@code lcm}. */
    private boolean anyLcmDivides(List<Pair> list, int from, int to, int lcm) {
        for (int k = from; k < to; k++) {
            if (table.divides(list.get(k).lcm(), lcm)) {
                return true;
            }
        }
        return false;
    }

    /** The old pairs that survive h (lead lh): those whose lcm lh does not divide strictly inside. */
    private List<Pair> pruned(int lh, int[] lcmWithH) {
        List<Pair> kept = new ArrayList<>();
        for (Pair q : pairs) {
            boolean drop = table.divides(lh, q.lcm()) && lcmWith(lcmWithH, q.i(), lh) != q.lcm()
                    && lcmWith(lcmWithH, q.j(), lh) != q.lcm();
            if (!drop) {
                kept.add(q);
            }
        }
        return kept;
    }

    /** Retires the elements before position {@code hi} whose leading monomial lh divides. */
    private void retire(int lh, int hi) {
        for (int i = 0; i < hi; i++) {
            Elem g = basis.get(i);
            if (!g.redundant && table.divides(lh, g.lead())) {
                g.redundant = true;
            }
        }
    }

    // ---------------------------------------------------------------- one F4 step

    /** The rows of a matrix being built: monomial ids per row, residues, and which rows are preprocessing reducers. */
    private final class Rows {
        final List<int[]> mono = new ArrayList<>();
        final List<int[]> coef = new ArrayList<>();
        /** The basis element each row is a multiple of. */
        final List<Integer> elem = new ArrayList<>();

        void add(Elem g, int multiplier) {
            elem.add(g.index);
            int w = layout.words();
            long[] words = table.words();
            long[] m = Arrays.copyOfRange(words, multiplier * w, multiplier * w + w);
            int mdeg = table.degree(multiplier);
            int[] ids = new int[g.mono.length];
            for (int k = 0; k < ids.length; k++) {
                int t = g.mono[k];
                if ((long) mdeg + table.degree(t) > layout.maxDegree()) {
                    throw new ExponentOverflowException("F4: degree beyond " + layout.maxDegree());
                }
                layout.multiply(table.words(), t * w, m, 0, scratch, 0);
                ids[k] = table.intern(scratch, 0);
                words = table.words();
            }
            mono.add(ids);
            coef.add(g.coef);
        }
    }

    private int quotient(int m, int lead) {
        int w = layout.words();
        layout.divide(table.words(), m * w, table.words(), lead * w, scratch, 0);
        return table.intern(scratch, 0);
    }

    /**
     * Symbolic preprocessing: adds to {@code rows} a multiple of one of {@code reducers} (the first whose leading
     * monomial divides) for every monomial met in the rows that no row leads yet; then numbers the columns (every
     * monomial of the matrix, largest first).
     */
    private Matrix preprocess(Rows rows, List<Elem> reducers) {
        // three methods for the three loops, for the JIT's sake (see add)
        return numbered(rows, closure(rows, reducers));
    }

    /** Adds the reducing rows; returns the monomials met. */
    private java.util.BitSet closure(Rows rows, List<Elem> reducers) {
        java.util.BitSet hasRow = new java.util.BitSet();
        java.util.BitSet seen = new java.util.BitSet();
        for (int[] r : rows.mono) {
            hasRow.set(r[0]);
        }
        int scanned = 0;
        while (scanned < rows.mono.size()) {
            int[] r = rows.mono.get(scanned++);
            for (int t : r) {
                if (seen.get(t)) {
                    continue;
                }
                seen.set(t);
                if (!hasRow.get(t) && addReducer(rows, reducers, t)) {
                    hasRow.set(t);
                }
            }
            if ((scanned & 255) == 0) {
                interrupt.check();
            }
        }
        return seen;
    }

    /** Adds a multiple of the first of {@code reducers} whose leading monomial divides t, if there is one. */
    private boolean addReducer(Rows rows, List<Elem> reducers, int t) {
        for (Elem e : reducers) {
            if (table.divides(e.lead(), t)) {
                rows.add(e, quotient(t, e.lead()));
                return true;
            }
        }
        return false;
    }

    /** The matrix of {@code rows} over the monomials {@code seen}, numbered largest first. */
    private Matrix numbered(Rows rows, java.util.BitSet seen) {
        int[] sorted = table.sortedDescending(seen.stream().toArray());
        Matrix m = new Matrix(new int[table.size()], new int[sorted.length]);
        for (int c = 0; c < sorted.length; c++) {
            m.colOf[sorted[c]] = c;
            m.idOf[c] = sorted[c];
        }
        for (int k = 0; k < rows.mono.size(); k++) {
            m.rows.add(new ModularElimination.Row(MonomialTable.columns(rows.mono.get(k), m.colOf), rows.coef.get(k)));
        }
        return m;
    }

    /** A matrix of one step: monomial id ↔ column, and the rows in the order they were made. */
    private record Matrix(int[] colOf, int[] idOf, List<ModularElimination.Row> rows) {
        Matrix(int[] colOf, int[] idOf) {
            this(colOf, idOf, new ArrayList<>());
        }

        int columns() {
            return idOf.length;
        }
    }

    private List<Elem> step(List<Pair> selected, int degree) {
        Rows rows = new Rows();
        for (Pair q : selected) {
            Elem f = basis.get(q.i());
            Elem g = basis.get(q.j());
            rows.add(f, quotient(q.lcm(), f.lead()));
            rows.add(g, quotient(q.lcm(), g.lead()));
        }
        List<Elem> active = new ArrayList<>();
        for (Elem e : basis) {
            if (!e.redundant) {
                active.add(e);
            }
        }
        // smallest leading monomials first: the cheapest reducers
        active.sort((a, b) -> table.compare(a.lead(), b.lead()));
        Matrix m = preprocess(rows, active);
        ModularElimination.Row[] pivots = new ModularElimination.Row[m.columns()];
        List<ModularElimination.Row> toReduce = pivotsFirst(m.rows(), pivots);
        ModularElimination la = new ModularElimination(modulus, m.columns());
        List<ModularElimination.Row> made;
        ModularElimination.Echelon echelon = null;
        if (random != null) {
            // the rows to reduce pass only as random combinations: most of them vanish
            echelon = recorder != null ? la.echelonByBisection(toReduce, pivots, random, interrupt)
                    : la.echelonByCombinations(toReduce, pivots, random, interrupt);
            made = echelon.made();
        } else {
            ModularElimination.Row[] reduced = la.reduce(toReduce, pivots, false, threads, interrupt);
            List<ModularElimination.Row> left = new ArrayList<>();
            for (ModularElimination.Row r : reduced) {
                if (r != null) {
                    left.add(r);
                }
            }
            made = new ArrayList<>();
            for (ModularElimination.Row r : la.echelon(left, pivots, interrupt)) {
                if (r != null) {
                    made.add(r);
                }
            }
        }
        List<Elem> out = new ArrayList<>();
        for (ModularElimination.Row r : made) {
            out.add(new Elem(ids(m, r), r.vals(), degree));
        }
        List<int[]> echelonOrder = recorder == null ? null : out.stream().map(e -> e.mono).toList();
        // smallest leading monomial first, so later additions see the strongest criteria
        out.sort((a, b) -> table.compare(a.lead(), b.lead()));
        if (recorder != null) {
            recorder.step(m.rows(), rows.elem, toReduce, echelon.combinations(), m.idOf(), echelonOrder,
                    out.stream().map(e -> e.mono).toList());
        }
        return out;
    }

    /**
     * Fills {@code pivots} (by column) with the first row of each leading column and returns the other rows, in order:
     * the split of a step's matrix into known pivots and rows to reduce (a replay must split as the traced run did).
     */
    private static List<ModularElimination.Row> pivotsFirst(List<ModularElimination.Row> rows,
            ModularElimination.Row[] pivots) {
        List<ModularElimination.Row> toReduce = new ArrayList<>();
        for (ModularElimination.Row row : rows) {
            if (pivots[row.lead()] == null) {
                pivots[row.lead()] = row;
            } else {
                toReduce.add(row);
            }
        }
        return toReduce;
    }

    private static int[] ids(Matrix m, ModularElimination.Row r) {
        int[] ids = new int[r.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = m.idOf()[r.cols()[i]];
        }
        return ids;
    }

    // ---------------------------------------------------------------- the reduced basis

    private List<ModPoly> reducedBasis() {
        List<Elem> active = new ArrayList<>();
        for (Elem e : basis) {
            if (!e.redundant) {
                active.add(e);
            }
        }
        List<Elem> g = minimal(active);
        // inter-reduction: every tail monomial that a leading monomial divides gets a reducer; each element is
        // reduced from the column after its lead
        Rows rows = new Rows();
        for (Elem e : g) {
            rows.mono.add(e.mono);
            rows.coef.add(e.coef);
            rows.elem.add(e.index);
        }
        Matrix m = preprocess(rows, g);
        if (recorder != null) {
            recorder.last(m.rows(), rows.elem, m.idOf(), g.size());
        }
        return finalRows(m.rows(), g.size(), m.columns(), m.idOf());
    }

    /**
     * A minimal basis: no leading monomial divisible by another's (inputs were never reduced on the way in); of equal
     * leading monomials the first stays. A method of its own for the JIT: this quadratic loop runs long enough, once
     * per F4 run, to be compiled on stack, and as part of reducedBasis that compilation took in everything
     * reducedBasis calls (0.4 s of compiler time per cold server for katsura-9, now a few milliseconds).
     */
    private List<Elem> minimal(List<Elem> active) {
        List<Elem> g = new ArrayList<>();
        for (int i = 0; i < active.size(); i++) {
            int li = active.get(i).lead();
            boolean minimal = true;
            for (int j = 0; j < active.size() && minimal; j++) {
                int lj = active.get(j).lead();
                minimal = j == i || !table.divides(lj, li) || (lj == li && j > i);
            }
            if (minimal) {
                g.add(active.get(i));
            }
        }
        return g;
    }

    /** The first {@code count} rows reduced by all of them (each from the column after its lead), as the basis. */
    private List<ModPoly> finalRows(List<ModularElimination.Row> rows, int count, int columns, int[] idOf) {
        ModularElimination.Row[] pivots = new ModularElimination.Row[columns];
        pivotsFirst(rows, pivots); // the rows left over lead where a pivot does: they are not needed here
        ModularElimination la = new ModularElimination(modulus, columns);
        ModularElimination.Row[] reduced = la.reduce(rows.subList(0, count), pivots, true, threads, interrupt);
        List<ModPoly> out = new ArrayList<>();
        int w = layout.words();
        for (ModularElimination.Row r : reduced) {
            // columns run in decreasing monomial order, so a row's terms are in a polynomial's order already
            int n = r.size();
            long[] mono = new long[n * w];
            long[] c = new long[n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(table.words(), idOf[r.cols()[i]] * w, mono, i * w, w);
                c[i] = r.vals()[i];
            }
            out.add(ModPoly.ofTerms(layout, modulus, mono, c));
        }
        out.sort(Comparator.comparing((ModPoly f) -> f.exponents(0), (a, b) -> layout.order().compare(a, b)));
        return out;
    }

    // ---------------------------------------------------------------- replaying a trace

    private List<ModPoly> replay(List<ModPoly> in, F4Trace trace) {
        // the inputs, made monic, must have the traced supports (a prime dividing a coefficient is refused before)
        List<int[]> coefs = new ArrayList<>();
        int w = layout.words();
        for (int k = 0; k < in.size(); k++) {
            ModPoly g = in.get(k).relayout(layout).monic();
            int[] ids = trace.input(k);
            if (g.size() != ids.length) {
                return null;
            }
            long[] words = monomialWords(g);
            for (int i = 0; i < ids.length; i++) {
                if (!layout.same(words, i * w, table.words(), ids[i] * w)) {
                    return null;
                }
            }
            int[] c = new int[g.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = (int) g.coefficient(i);
            }
            coefs.add(c);
        }
        for (F4Trace.Step step : trace.steps()) {
            interrupt.check();
            ModularElimination la = new ModularElimination(modulus, step.columns());
            ModularElimination.Row[] pivots = step.pivots(coefs);
            long[] acc = new long[step.columns()];
            ModularElimination.Row[] made = new ModularElimination.Row[step.combinations()];
            for (int j = 0; j < made.length; j++) {
                // the traced run's combinations, with its multipliers, in its order: each must give a new pivot
                ModularElimination.Row r = la.reduceCombination(step.members(j, coefs), 0, step.multipliers(j), pivots,
                        acc);
                if (r == null) {
                    return null;
                }
                made[j] = la.newPivot(r, pivots);
            }
            // every row made must be the element the trace has, with the same monomials
            if (!step.accept(made, coefs)) {
                return null;
            }
        }
        F4Trace.Last last = trace.last();
        return finalRows(last.rows(coefs), last.count(), last.columns(), last.idOf());
    }
}
