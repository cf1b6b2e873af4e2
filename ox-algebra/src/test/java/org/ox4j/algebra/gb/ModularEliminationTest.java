package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.Modulus;

/**
 * The three ways ModularElimination echelonises the rows left after the known pivots: every row reduced, random
 * combinations, and bisection down to single rows. Reduced row echelon forms are unique, so all three must give
 * the same new pivot columns, and the rows they make must span the same space (the same fully reduced rows).
 */
class ModularEliminationTest {
    private static final Modulus P = Modulus.of(2147483629L);

    /** Rows of rank at most {@code rank}: random combinations of {@code rank} random sparse rows over the columns. */
    private static List<ModularElimination.Row> lowRankRows(Random random, int count, int rank, int columns) {
        long[][] base = new long[rank][columns];
        for (long[] b : base) {
            for (int c = 0; c < columns; c++) {
                b[c] = random.nextInt(4) == 0 ? random.nextInt((int) P.value()) : 0;
            }
        }
        List<ModularElimination.Row> rows = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            long[] dense = new long[columns];
            for (long[] b : base) {
                long m = random.nextInt(3) == 0 ? 0 : random.nextInt((int) P.value());
                for (int c = 0; c < columns; c++) {
                    dense[c] = (dense[c] + m * b[c]) % P.value();
                }
            }
            ModularElimination.Row r = sparse(dense);
            if (r != null) {
                rows.add(r);
            }
        }
        return rows;
    }

    private static ModularElimination.Row sparse(long[] dense) {
        int n = 0;
        for (long v : dense) {
            n += v != 0 ? 1 : 0;
        }
        if (n == 0) {
            return null;
        }
        int[] cols = new int[n];
        int[] vals = new int[n];
        int i = 0;
        for (int c = 0; c < dense.length; c++) {
            if (dense[c] != 0) {
                cols[i] = c;
                vals[i++] = (int) dense[c];
            }
        }
        return new ModularElimination.Row(cols, vals);
    }

    /** The new pivot rows fully reduced by each other (the reduced echelon form of their span), by leading column. */
    private static List<String> reducedForm(List<ModularElimination.Row> made, int columns) {
        ModularElimination la = new ModularElimination(P, columns);
        ModularElimination.Row[] pivots = new ModularElimination.Row[columns];
        for (ModularElimination.Row r : made) {
            pivots[r.lead()] = r;
        }
        ModularElimination.Row[] full = la.reduce(made, pivots, true, 1, Interrupt.NONE);
        List<ModularElimination.Row> monic = new ArrayList<>();
        for (ModularElimination.Row r : full) {
            monic.add(la.monic(r));
        }
        return asText(monic);
    }

    /** The rows as sorted text, to compare sets of rows. */
    private static List<String> asText(List<ModularElimination.Row> rows) {
        List<String> out = new ArrayList<>();
        for (ModularElimination.Row r : rows) {
            out.add(Arrays.toString(r.cols()) + Arrays.toString(r.vals()));
        }
        out.sort(null);
        return out;
    }

    @Test
    void combinationsAndBisectionSpanWhatEveryRowSpans() {
        Random random = new Random(7);
        for (int round = 0; round < 30; round++) {
            int columns = 20 + random.nextInt(60);
            int count = 1 + random.nextInt(90);
            int rank = random.nextInt(Math.min(count, columns) + 1);
            List<ModularElimination.Row> rows = lowRankRows(random, count, rank, columns);
            ModularElimination la = new ModularElimination(P, columns);
            List<ModularElimination.Row> exact = new ArrayList<>();
            List<Integer> kept = new ArrayList<>();
            ModularElimination.Row[] echeloned = la.echelon(rows, new ModularElimination.Row[columns], Interrupt.NONE);
            for (int k = 0; k < echeloned.length; k++) {
                if (echeloned[k] != null) {
                    exact.add(echeloned[k]);
                    kept.add(k);
                }
            }
            ModularElimination.Echelon combined = la.echelonByCombinations(rows, new ModularElimination.Row[columns],
                    new SplittableRandom(round), Interrupt.NONE);
            ModularElimination.Echelon bisected = la.echelonByBisection(rows, new ModularElimination.Row[columns],
                    new SplittableRandom(round), Interrupt.NONE);
            assertThat(combined.made()).as("round %d: rank", round).hasSameSizeAs(exact);
            assertThat(bisected.made()).as("round %d: rank", round).hasSameSizeAs(exact);
            assertThat(reducedForm(combined.made(), columns)).isEqualTo(reducedForm(exact, columns));
            // the combinations' rows come out reduced by each other (dense combinations would burden F4's basis)
            assertThat(asText(combined.made())).as("round %d: fully reduced", round)
                    .isEqualTo(reducedForm(exact, columns));
            assertThat(reducedForm(bisected.made(), columns)).isEqualTo(reducedForm(exact, columns));
            // bisection keeps single rows: the first rows that are independent of the rows before them, as the
            // exact echelon takes them
            List<Integer> taken = new ArrayList<>();
            for (ModularElimination.Combination c : bisected.combinations()) {
                assertThat(c.mult()).containsExactly(1);
                taken.add(c.lo());
            }
            assertThat(taken).as("round %d: rows kept", round).isEqualTo(kept);
        }
    }

    @Test
    void aRankTestAgreesWithTheFullReductionAndLeavesTheAccumulatorClear() {
        Random random = new Random(11);
        for (int round = 0; round < 40; round++) {
            int columns = 20 + random.nextInt(60);
            int count = 2 + random.nextInt(60);
            List<ModularElimination.Row> rows = lowRankRows(random, count, random.nextInt(Math.min(count, columns)),
                    columns);
            ModularElimination la = new ModularElimination(P, columns);
            ModularElimination.Row[] pivots = new ModularElimination.Row[columns];
            // some of the rows' span as pivots, so that combinations reduce to zero or not
            la.echelon(rows.subList(0, rows.size() / 2), pivots, Interrupt.NONE);
            long[] acc = new long[columns];
            for (int lo = 0; lo + 4 <= rows.size(); lo += 4) {
                int[] mult = {1 + random.nextInt(1000), 1 + random.nextInt(1000), 1 + random.nextInt(1000),
                    1 + random.nextInt(1000)};
                boolean hasRank = la.combinationHasRank(rows, lo, mult, pivots, acc);
                assertThat(acc).as("round %d: cleared after the test", round).containsOnly(0L);
                assertThat(hasRank).as("round %d, rows %d..", round, lo)
                        .isEqualTo(la.reduceCombination(rows, lo, mult, pivots, acc) != null);
            }
        }
    }
}
