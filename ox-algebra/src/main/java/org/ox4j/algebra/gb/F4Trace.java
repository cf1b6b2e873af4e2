package org.ox4j.algebra.gb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.MonomialLayout;

/**
 * What one F4 run over Z/p did, so that the images of the same input modulo other primes can be computed by
 * replaying it ({@link F4#replay}): per step the rows of the matrix as columns and the basis element each is a
 * multiple of: the pivot rows, and the random combinations of the other rows that made new elements (those that
 * reduced to zero are left out), and the monomials of the elements the step made; then the final inter-reduction.
 * A replay does no pair handling, no criteria, no symbolic preprocessing and no hashing of monomials, and skips the
 * zero reductions, which are most of F4's rows; it checks that every element comes out with the traced monomials
 * and gives up otherwise. This is the "tracer" of the multi-modular F4 literature (as in msolve). Immutable once
 * made; shared by the threads that replay it.
 *
 * <p>Cost: a replay is the traced run's linear algebra on its productive combinations only, O(Σ combinations ·
 * (columns + terms of the rows combined)).
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

    /**
     * Rows the replay uses (pivots and combinations), over total rows the traced run had (for reports and tests).
     */
    public long[] rowCounts() {
        long kept = 0;
        long all = 0;
        for (Step s : steps) {
            kept += s.pivotCols().length + s.combinations();
            all += s.traced();
        }
        return new long[] {kept, all};
    }

    /**
     * One step: the pivot rows (columns, and the element whose residues they carry), the combinations that made new
     * elements (for each, its rows' columns and elements and the multipliers), the column count and column →
     * monomial id, the new elements' monomial ids in the order the run added them, and for each of those its position
     * among the rows the combinations made.
     */
    record Step(int[][] pivotCols, int[] pivotElem, int[][][] memberCols, int[][] memberElem, int[][] mult,
            int columns, int[] idOf, List<int[]> made, int[] echelonPosition, int traced) {
        /** The pivot rows by leading column (null where none) with the residues of {@code coefs}. */
        ModularElimination.Row[] pivots(List<int[]> coefs) {
            ModularElimination.Row[] out = new ModularElimination.Row[columns];
            for (ModularElimination.Row r : F4Trace.rows(pivotCols, pivotElem, coefs)) {
                out[r.lead()] = r;
            }
            return out;
        }

        int combinations() {
            return mult.length;
        }

        /** The rows of combination j with the residues of {@code coefs}. */
        List<ModularElimination.Row> members(int j, List<int[]> coefs) {
            return F4Trace.rows(memberCols[j], memberElem[j], coefs);
        }

        int[] multipliers(int j) {
            return mult[j];
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
         * A step: its rows (matrix order) with the element each multiplies, the rows that were reduced (the others
         * are the pivots) and the combinations of them that made new elements, column → id, and the new elements'
         * ids in the order made (the objects the run then sorted) and in the order they were added.
         */
        void step(List<ModularElimination.Row> rows, List<Integer> elem, List<ModularElimination.Row> reduced,
                List<ModularElimination.Combination> combinations, int[] idOf, List<int[]> echelonOrder,
                List<int[]> added) {
            Map<ModularElimination.Row, Integer> index = new IdentityHashMap<>();
            for (int i = 0; i < rows.size(); i++) {
                index.put(rows.get(i), i);
            }
            Set<ModularElimination.Row> isReduced = Collections.newSetFromMap(new IdentityHashMap<>());
            isReduced.addAll(reduced);
            int pivots = rows.size() - reduced.size();
            int[][] pivotCols = new int[pivots][];
            int[] pivotElem = new int[pivots];
            int j = 0;
            for (int i = 0; i < rows.size(); i++) {
                if (!isReduced.contains(rows.get(i))) {
                    pivotCols[j] = rows.get(i).cols();
                    pivotElem[j++] = elem.get(i);
                }
            }
            int[][][] memberCols = new int[combinations.size()][][];
            int[][] memberElem = new int[combinations.size()][];
            int[][] mult = new int[combinations.size()][];
            for (int c = 0; c < mult.length; c++) {
                ModularElimination.Combination comb = combinations.get(c);
                mult[c] = comb.mult();
                memberCols[c] = new int[mult[c].length][];
                memberElem[c] = new int[mult[c].length];
                for (int k = 0; k < mult[c].length; k++) {
                    ModularElimination.Row r = reduced.get(comb.lo() + k);
                    memberCols[c][k] = r.cols();
                    memberElem[c][k] = elem.get(index.get(r));
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
            steps.add(new Step(pivotCols, pivotElem, memberCols, memberElem, mult, idOf.length, idOf,
                    List.copyOf(added), echelonPosition, rows.size()));
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
