package org.ox4j.algebra.gb;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.MonomialLayout;

/**
 * What one F4 run over Z/p did, so that the images of the same input modulo other primes can be computed by
 * replaying it ({@link F4#replay}): per step the rows of the matrix as columns and the basis element each is a
 * multiple of, without the rows that reduced to zero, and the monomials of the elements the step made; then the
 * final inter-reduction. A replay does no pair handling, no criteria, no symbolic preprocessing and no hashing of
 * monomials, and skips the zero reductions, which are most of F4's rows; it checks that every element comes out
 * with the traced monomials and gives up otherwise. This is the "tracer" of the multi-modular F4 literature (as in
 * msolve). Immutable once made; shared by the threads that replay it.
 *
 * <p>Cost: a replay is the traced run's linear algebra on its surviving rows only, O(Σ kept rows · columns).
 */
public final class F4Trace {
    /** A basis and, when one was asked for, the trace of its computation (null for an empty input). */
    public record Traced(List<ModPoly> basis, F4Trace trace) {
    }

    private final MonomialLayout layout;
    private final MonomialTable table;
    private final List<int[]> inputs;
    private final List<Step> steps;
    private final Last last;

    private F4Trace(MonomialTable table, List<int[]> inputs, List<Step> steps, Last last) {
        this.layout = table.layout();
        this.table = table;
        this.inputs = List.copyOf(inputs);
        this.steps = List.copyOf(steps);
        this.last = last;
    }

    MonomialLayout layout() {
        return layout;
    }

    MonomialTable table() {
        return table;
    }

    int inputs() {
        return inputs.size();
    }

    /** The monomial ids of input k (monic, as the run added it). */
    int[] input(int k) {
        return inputs.get(k);
    }

    List<Step> steps() {
        return steps;
    }

    Last last() {
        return last;
    }

    /** Total rows the replay reduces, over total rows the traced run had (for reports and tests). */
    public long[] rowCounts() {
        long kept = 0;
        long all = 0;
        for (Step s : steps) {
            kept += s.cols().length;
            all += s.traced();
        }
        return new long[] {kept, all};
    }

    /**
     * One step: the kept rows (columns, and the element whose residues they carry), the column count and
     * column → monomial id, the new elements' monomial ids in the order the run added them, and for each of those
     * its position among the rows the echelon kept.
     */
    record Step(int[][] cols, int[] elem, int columns, int[] idOf, List<int[]> made, int[] echelonPosition,
            int traced) {
        List<ModularElimination.Row> rows(List<int[]> coefs) {
            return F4Trace.rows(cols, elem, coefs);
        }

        /**
         * Whether the rows the replay's echelon kept (null for one that vanished) are the traced elements; if so
         * their residues join {@code coefs} in the traced order.
         */
        boolean accept(ModularElimination.Row[] echeloned, List<int[]> coefs) {
            List<ModularElimination.Row> kept = new ArrayList<>();
            for (ModularElimination.Row r : echeloned) {
                if (r == null) {
                    return false;
                }
                kept.add(r);
            }
            if (kept.size() != made.size()) {
                return false;
            }
            for (int j = 0; j < made.size(); j++) {
                ModularElimination.Row r = kept.get(echelonPosition[j]);
                int[] ids = made.get(j);
                if (r.size() != ids.length) {
                    return false;
                }
                for (int i = 0; i < ids.length; i++) {
                    if (idOf[r.cols()[i]] != ids[i]) {
                        return false;
                    }
                }
            }
            for (int j = 0; j < made.size(); j++) {
                coefs.add(kept.get(echelonPosition[j]).vals());
            }
            return true;
        }
    }

    /** The final inter-reduction: all its rows, how many of them are the basis, the columns. */
    record Last(int[][] cols, int[] elem, int count, int columns, int[] idOf) {
        List<ModularElimination.Row> rows(List<int[]> coefs) {
            return F4Trace.rows(cols, elem, coefs);
        }
    }

    /** Rows with the traced columns and the residues of the elements they multiply. */
    private static List<ModularElimination.Row> rows(int[][] cols, int[] elem, List<int[]> coefs) {
        List<ModularElimination.Row> out = new ArrayList<>(cols.length);
        for (int k = 0; k < cols.length; k++) {
            out.add(new ModularElimination.Row(cols[k], coefs.get(elem[k])));
        }
        return out;
    }

    /** Collects a trace while F4 runs. */
    static final class Recorder {
        private final List<int[]> inputs = new ArrayList<>();
        private final List<Step> steps = new ArrayList<>();
        private Last last;

        void input(int[] ids) {
            inputs.add(ids);
        }

        /**
         * A step: its rows (matrix order) with the element each multiplies, column → id, which rows a replay keeps,
         * the new elements' ids in echelon order (the objects the run then sorted) and in the order they were added.
         */
        void step(List<ModularElimination.Row> rows, List<Integer> elem, int[] idOf, boolean[] keep,
                List<int[]> echelonOrder, List<int[]> added) {
            int n = 0;
            for (boolean k : keep) {
                n += k ? 1 : 0;
            }
            int[][] cols = new int[n][];
            int[] el = new int[n];
            int j = 0;
            for (int i = 0; i < keep.length; i++) {
                if (keep[i]) {
                    cols[j] = rows.get(i).cols();
                    el[j++] = elem.get(i);
                }
            }
            Map<int[], Integer> position = new IdentityHashMap<>();
            for (int i = 0; i < echelonOrder.size(); i++) {
                position.put(echelonOrder.get(i), i);
            }
            int[] echelonPosition = new int[added.size()];
            for (int i = 0; i < added.size(); i++) {
                echelonPosition[i] = position.get(added.get(i));
            }
            steps.add(new Step(cols, el, idOf.length, idOf, List.copyOf(added), echelonPosition, rows.size()));
        }

        void last(List<ModularElimination.Row> rows, List<Integer> elem, int[] idOf, int count) {
            int[][] cols = new int[rows.size()][];
            int[] el = new int[rows.size()];
            for (int i = 0; i < cols.length; i++) {
                cols[i] = rows.get(i).cols();
                el[i] = elem.get(i);
            }
            last = new Last(cols, el, count, idOf.length, idOf);
        }

        F4Trace finish(MonomialTable table, int inputCount) {
            if (inputs.size() != inputCount || last == null) {
                throw new IllegalStateException("an incomplete F4 trace");
            }
            return new F4Trace(table, inputs, steps, last);
        }
    }

    @Override
    public String toString() {
        long[] c = rowCounts();
        return "F4Trace[" + steps.size() + " steps, " + c[0] + " of " + c[1] + " rows kept, "
                + table.size() + " monomials]";
    }
}
