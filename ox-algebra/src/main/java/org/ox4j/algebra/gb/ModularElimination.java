package org.ox4j.algebra.gb;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.Modulus;

/**
 * The linear algebra of one F4 step over Z/p (p &lt; 2^31), in the manner of Faugère–Lachartre: the known pivots
 * (one row per pivot column, leading coefficient 1) are not touched; every other row is reduced against them in a
 * dense 64-bit accumulator with a delayed modulus (products of residues are added as they come and reduced only
 * when the next one could overflow, and when the sweep reaches the column), then the reduced rows are echelonised
 * among themselves. Rows are sparse: ascending column indices (column 0 is the largest monomial) and residues.
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
    private final long limit;
    private final int columns;

    ModularElimination(Modulus modulus, int columns) {
        this.modulus = modulus;
        this.p = modulus.value();
        this.limit = Long.MAX_VALUE - (p - 1) * (p - 1);
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
        if (parts == 1) {
            reduceRange(rows, pivots, skipLead, out, 0, rows.size(), interrupt);
            return out;
        }
        List<CompletableFuture<Void>> futures = new ArrayList<>();
        for (int t = 1; t < parts; t++) {
            int lo = rows.size() * t / parts;
            int hi = rows.size() * (t + 1) / parts;
            futures.add(CompletableFuture.runAsync(() -> reduceRange(rows, pivots, skipLead, out, lo, hi, interrupt),
                    KernelThreads.pool()));
        }
        reduceRange(rows, pivots, skipLead, out, 0, rows.size() / parts, interrupt);
        for (CompletableFuture<Void> f : futures) {
            KernelThreads.join(f);
        }
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
        int start = skipLead ? cols[0] + 1 : cols[0];
        int count = skipLead ? 1 : 0;
        int last = cols[cols.length - 1];
        int[] outCols = new int[Math.max(4, cols.length)];
        int[] outVals = new int[outCols.length];
        if (skipLead) {
            outCols[0] = cols[0];
            outVals[0] = vals[0];
            acc[cols[0]] = 0;
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
                if (count == outCols.length) {
                    outCols = java.util.Arrays.copyOf(outCols, count * 2);
                    outVals = java.util.Arrays.copyOf(outVals, count * 2);
                }
                outCols[count] = c;
                outVals[count++] = (int) v;
                continue;
            }
            long m = p - v;
            int[] pc = piv.cols();
            int[] pv = piv.vals();
            for (int i = 1; i < pc.length; i++) {
                int col = pc[i];
                long x = acc[col];
                if (x > limit) {
                    x %= p;
                }
                acc[col] = x + m * pv[i];
            }
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
            if (red == null) {
                continue;
            }
            Row monic = monic(red);
            pivots[monic.lead()] = monic;
            out[k] = monic;
        }
        return out;
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
