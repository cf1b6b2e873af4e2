package org.ox4j.algebra.gb;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.Modulus;

/**
 * The linear algebra of one F4 step over Z/p (p &lt; 2^31), in the manner of Faugère–Lachartre: the known pivots
 * (one row per pivot column, leading coefficient 1) are not touched; every other row is reduced against them in a
 * dense 64-bit accumulator with a delayed modulus (products of residues are added as they come, each entry kept
 * below p² by a conditional subtraction, and reduced modulo p when the sweep reaches its column), then the reduced
 * rows are echelonised among themselves. Rows are sparse: ascending column indices (column 0 is the largest
 * monomial) and residues.
 *
 * <p>Cost: for r rows to reduce over c columns, O(r·c) for the sweeps plus the multiply-adds of the pivot rows
 * used; the first phase is split over threads by rows (each row is independent, so the result does not depend on
 * the split), the echelon phase is sequential over the (usually few) rows left.
 */
final class ModularElimination {
    /** A sparse row. */
    record Row(int[] cols, int[] vals) {
        int lead() {
            return cols[0];
        }

        int size() {
            return cols.length;
        }
    }

    /**
     * Row × column cells a thread should get before the first phase is split: enough to keep cyclic-6's small
     * matrices on one thread, small enough to split katsura-7's and -8's (the VM's noise hid finer differences).
     */
    static final long MIN_SWEEP_PER_THREAD = 1L << 14;

    private final Modulus modulus;
    private final long p;
    /** p², the bound of the dense accumulators' entries. */
    private final long square;
    private final int columns;

    ModularElimination(Modulus modulus, int columns) {
        this.modulus = modulus;
        this.p = modulus.value();
        this.square = p * p;
        this.columns = columns;
    }

    /**
     * Reduces {@code rows} by {@code pivots} (indexed by column, null where none), each row from the column after
     * {@code from[k]} when {@code skipLead} (so a pivot can reduce its own tail without vanishing) or from its
     * first column otherwise. Returns the reduced rows in input order (null for a row that became zero).
     */
    Row[] reduce(List<Row> rows, Row[] pivots, boolean skipLead, int threads, Interrupt interrupt) {
        Row[] out = new Row[rows.size()];
        // a row costs at least a sweep of the columns: split only when each part gets enough of that to outweigh
        // handing it to another thread (small matrices, as in cyclic-6, ran slower on 2 threads than on 1)
        long sweep = (long) rows.size() * columns;
        int parts = (int) Math.max(1, Math.min(Math.min(threads, rows.size() / 8), sweep / MIN_SWEEP_PER_THREAD));
        KernelThreads.run(parts, t -> reduceRange(rows, pivots, skipLead, out, rows.size() * t / parts,
                rows.size() * (t + 1) / parts, interrupt));
        return out;
    }

    private void reduceRange(List<Row> rows, Row[] pivots, boolean skipLead, Row[] out, int lo, int hi,
            Interrupt interrupt) {
        long[] acc = new long[columns];
        for (int k = lo; k < hi; k++) {
            if ((k & 15) == 0) {
                interrupt.check();
            }
            out[k] = reduceOne(rows.get(k), pivots, skipLead, acc);
        }
    }

    /** One row against the pivots, in the dense accumulator (left all zero afterwards). */
    private Row reduceOne(Row row, Row[] pivots, boolean skipLead, long[] acc) {
        int[] cols = row.cols();
        int[] vals = row.vals();
        for (int i = 0; i < cols.length; i++) {
            acc[cols[i]] = vals[i];
        }
        int last = cols[cols.length - 1];
        if (skipLead) {
            acc[cols[0]] = 0;
            return sweep(acc, cols[0] + 1, last, pivots, cols[0], vals[0], cols.length, false);
        }
        return sweep(acc, cols[0], last, pivots, -1, 0, cols.length, false);
    }

    /**
     * The combination Σ mult[i]·rows[lo + i] (multipliers taken modulo p) reduced against the pivots as
     * {@link #reduceOne} reduces one row, or null when it reduces to zero; {@code acc} is left all zero.
     */
    Row reduceCombination(List<Row> rows, int lo, int[] mult, Row[] pivots, long[] acc) {
        long span = accumulate(rows, lo, mult, acc);
        return span < 0 ? null : sweep(acc, (int) (span >>> 32), (int) span, pivots, -1, 0, 16, false);
    }

    /**
     * Whether the combination of {@link #reduceCombination} reduces to non-zero, decided at its first entry in a
     * column without a pivot: the rest of the reduction is skipped. Why: a bisection's tests of a block's halves only
     * ask whether a half has rank; on katsura-9's traced F4 the early stop cut 410-520 ms to 280-385 ms, on
     * katsura-10's 2.6 s to 1.9 s.
     */
    boolean combinationHasRank(List<Row> rows, int lo, int[] mult, Row[] pivots, long[] acc) {
        long span = accumulate(rows, lo, mult, acc);
        return span >= 0 && sweep(acc, (int) (span >>> 32), (int) span, pivots, -1, 0, 1, true) != null;
    }

    /**
     * acc += Σ mult[i]·rows[lo + i]; the first and last columns touched as (first &lt;&lt; 32) | last, or -1 when
     * every multiplier is 0 modulo p.
     */
    private long accumulate(List<Row> rows, int lo, int[] mult, long[] acc) {
        int start = Integer.MAX_VALUE;
        int last = -1;
        for (int k = 0; k < mult.length; k++) {
            long m = mult[k] % p;
            if (m == 0) {
                continue;
            }
            Row row = rows.get(lo + k);
            int[] cols = row.cols();
            addMultiple(acc, cols, row.vals(), 0, m);
            start = Math.min(start, cols[0]);
            last = Math.max(last, cols[cols.length - 1]);
        }
        return last < 0 ? -1 : (long) start << 32 | last;
    }

    /**
     * acc += m · (cols, vals) from entry {@code from} on, every entry kept in [0, p²) by one conditional subtraction
     * of p² (m and the values are below p, so a sum stays below 2p² &lt; 2^63). Why not a remainder when an entry
     * nears overflow, as before: then about every other update of a column paid a 64-bit division, and that was most
     * of F4's time; without it a replay of katsura-9's trace took 23-24 instead of 63-70 ms a prime, the traced run
     * 165 instead of 311 ms, the plain F4 of katsura-10 5.4-6.8 instead of 12.1-14.6 s.
     */
    private void addMultiple(long[] acc, int[] cols, int[] vals, int from, long m) {
        long p2 = square;
        for (int i = from; i < cols.length; i++) {
            int col = cols[i];
            long x = acc[col] + m * vals[i] - p2;
            acc[col] = x + ((x >> 63) & p2);
        }
    }

    /**
     * Reduces the dense vector {@code acc} (non-zero in [start, last] only) by the pivots, left to right, zeroing it
     * as it goes: the columns without a pivot that stay non-zero are the result (after {@code leadCol} with
     * {@code leadVal} when leadCol ≥ 0), null when there are none. With {@code leadOnly} it stops at the first such
     * column and returns that entry alone (clearing the rest of {@code acc}).
     */
    private Row sweep(long[] acc, int start, int last, Row[] pivots, int leadCol, int leadVal, int sizeHint,
            boolean leadOnly) {
        int count = 0;
        int[] outCols = new int[Math.max(4, sizeHint)];
        int[] outVals = new int[outCols.length];
        if (leadCol >= 0) {
            outCols[0] = leadCol;
            outVals[0] = leadVal;
            count = 1;
        }
        for (int c = start; c <= last; c++) {
            long a = acc[c];
            if (a == 0) {
                continue;
            }
            acc[c] = 0;
            long v = a % p;
            if (v == 0) {
                continue;
            }
            Row piv = pivots[c];
            if (piv == null) {
                if (leadOnly) {
                    java.util.Arrays.fill(acc, c + 1, last + 1, 0L);
                    return new Row(new int[] {c}, new int[] {(int) v});
                }
                if (count == outCols.length) {
                    outCols = java.util.Arrays.copyOf(outCols, count * 2);
                    outVals = java.util.Arrays.copyOf(outVals, count * 2);
                }
                outCols[count] = c;
                outVals[count++] = (int) v;
                continue;
            }
            int[] pc = piv.cols();
            addMultiple(acc, pc, piv.vals(), 1, p - v);
            if (pc[pc.length - 1] > last) {
                last = pc[pc.length - 1];
            }
        }
        if (count == 0) {
            return null;
        }
        return new Row(java.util.Arrays.copyOf(outCols, count), java.util.Arrays.copyOf(outVals, count));
    }

    /**
     * Echelonises rows whose columns have no pivot yet: each row is reduced by the rows kept before it, made monic
     * and kept when not zero. Returns the rows in input order, null for those that became zero; {@code pivots} gains
     * the leading columns of the others.
     */
    Row[] echelon(List<Row> rows, Row[] pivots, Interrupt interrupt) {
        long[] acc = new long[columns];
        Row[] out = new Row[rows.size()];
        for (int k = 0; k < out.length; k++) {
            interrupt.check();
            Row red = reduceOne(rows.get(k), pivots, false, acc);
            if (red != null) {
                out[k] = newPivot(red, pivots);
            }
        }
        return out;
    }

    /** Rows per block of {@link #echelonByCombinations}. */
    static final int COMBINATION_BLOCK = 32;

    /** The combination of rows [lo, lo + mult.length) with multipliers {@code mult} that made a new pivot. */
    record Combination(int lo, int[] mult) {
    }

    /** The rows an echelon made (monic, in the order made) and, for each, the combination it came from. */
    record Echelon(List<Row> made, List<Combination> combinations) {
    }

    /**
     * Echelonises {@code rows} (whose leading columns have pivots already) against {@code pivots} by random
     * combinations, as msolve does for the rows of F4 that mostly reduce to zero: the rows are taken in blocks of
     * {@link #COMBINATION_BLOCK}; while a block has rank left, a combination of all its rows with random multipliers
     * in [1, 2^30) is reduced, and a non-zero result becomes a new pivot (monic); the first combination that reduces
     * to zero ends the block. A block whose rank is left would give zero only if the multipliers fell on a hyperplane
     * of (Z/p)^block, probability 1/p at most per try (about 2^-30): so the pivots are, with that probability of
     * error, those the rows span — for images that the majority of primes and the certificate check anyway.
     * {@code pivots} gains the new rows, reduced by each other at the end ({@link #fullyReduce}).
     *
     * <p>Cost: for a block of b rows of rank k, k + 1 combinations instead of b row reductions, each costing the
     * block's terms to form plus one row reduction, and one reduction per new pivot at the end: on katsura-9's F4
     * (92 % of the reduced rows vanish) about a tenth of the row reductions.
     */
    Echelon echelonByCombinations(List<Row> rows, Row[] pivots, java.util.SplittableRandom random,
            Interrupt interrupt) {
        long[] acc = new long[columns];
        List<Row> made = new ArrayList<>();
        List<Combination> combinations = new ArrayList<>();
        for (int lo = 0; lo < rows.size(); lo += COMBINATION_BLOCK) {
            int size = Math.min(COMBINATION_BLOCK, rows.size() - lo);
            for (int found = 0; found < size; found++) {
                interrupt.check();
                int[] mult = multipliers(size, random);
                Row r = reduceCombination(rows, lo, mult, pivots, acc);
                if (r == null) {
                    break;
                }
                made.add(newPivot(r, pivots));
                combinations.add(new Combination(lo, mult));
            }
        }
        fullyReduce(made, pivots, acc);
        return new Echelon(made, combinations);
    }

    /**
     * Reduces each of the new pivot rows {@code made} by the others, from the largest leading column down, so that
     * they end as the reduced echelon form of their span (unique, whatever combinations made them); {@code pivots}
     * gets the reduced rows. Why: a combination of a block's rows is dense, and left as it is it becomes a basis
     * element of F4 that every later matrix carries. On noon-8 the randomised F4 took 8.0–11.9 s with the
     * combinations as they came, 2.5–2.9 s with them reduced (single rows reduced, {@link #echelonByBisection}:
     * 1.8–2.0 s), and katsura-9 270–280 ms either way (bisection 380–400 ms). Cost: one more sweep per new pivot.
     */
    private void fullyReduce(List<Row> made, Row[] pivots, long[] acc) {
        Integer[] byLead = new Integer[made.size()];
        for (int i = 0; i < byLead.length; i++) {
            byLead[i] = i;
        }
        java.util.Arrays.sort(byLead, (x, y) -> Integer.compare(made.get(y).lead(), made.get(x).lead()));
        for (int i : byLead) {
            Row r = made.get(i);
            if (r.size() > 1) {
                Row reduced = reduceOne(r, pivots, true, acc);
                pivots[reduced.lead()] = reduced;
                made.set(i, reduced);
            }
        }
    }

    /**
     * As {@link #echelonByCombinations}, but every new pivot is one of {@code rows} reduced (its combination has the
     * multiplier 1 alone), so that a replay of the echelon reduces single rows, as sparse as they come: a block whose
     * random combination does not vanish is halved and each half tested in turn, down to single rows (a half need not
     * be tested when the other half, tested first, had no rank: the rank is then in it).
     *
     * <p>Cost: for a block of b rows of rank k, about k·log2(b/k) + 1 combination tests instead of b row reductions,
     * each test costing the terms combined plus one row reduction, cut short at its first entry without a pivot
     * ({@link #combinationHasRank}).
     */
    Echelon echelonByBisection(List<Row> rows, Row[] pivots, java.util.SplittableRandom random,
            Interrupt interrupt) {
        long[] acc = new long[columns];
        List<Row> made = new ArrayList<>();
        List<Combination> combinations = new ArrayList<>();
        for (int lo = 0; lo < rows.size(); lo += COMBINATION_BLOCK) {
            bisect(rows, lo, Math.min(rows.size(), lo + COMBINATION_BLOCK), false, pivots, random, acc, made,
                    combinations, interrupt);
        }
        return new Echelon(made, combinations);
    }

    /** Rows [lo, hi) into the echelon; {@code hasRank} when the range is known to have rank left. */
    private void bisect(List<Row> rows, int lo, int hi, boolean hasRank, Row[] pivots,
            java.util.SplittableRandom random, long[] acc, List<Row> made, List<Combination> combinations,
            Interrupt interrupt) {
        interrupt.check();
        if (hi - lo == 1) {
            Row r = reduceCombination(rows, lo, ONE, pivots, acc);
            if (r != null) {
                made.add(newPivot(r, pivots));
                combinations.add(new Combination(lo, ONE));
            }
            return;
        }
        if (!hasRank && !combinationHasRank(rows, lo, multipliers(hi - lo, random), pivots, acc)) {
            return;
        }
        int mid = (lo + hi) >>> 1;
        int before = made.size();
        bisect(rows, lo, mid, false, pivots, random, acc, made, combinations, interrupt);
        bisect(rows, mid, hi, made.size() == before, pivots, random, acc, made, combinations, interrupt);
    }

    private static final int[] ONE = {1};

    private static int[] multipliers(int size, java.util.SplittableRandom random) {
        int[] mult = new int[size];
        for (int k = 0; k < size; k++) {
            mult[k] = size == 1 ? 1 : 1 + random.nextInt((1 << 30) - 1);
        }
        return mult;
    }

    /** {@code r} made monic and entered in {@code pivots} as the pivot of its leading column. */
    Row newPivot(Row r, Row[] pivots) {
        Row monic = monic(r);
        pivots[monic.lead()] = monic;
        return monic;
    }

    /** The row divided by its leading coefficient. */
    Row monic(Row r) {
        long inv = modulus.inverse(r.vals()[0]);
        if (inv == 1) {
            return r;
        }
        int[] v = new int[r.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = (int) (r.vals()[i] * inv % p);
        }
        return new Row(r.cols(), v);
    }
}
