package org.ox4j.algebra.gb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.ox4j.algebra.Divisors;
import org.ox4j.algebra.ZPoly;

/**
 * A candidate Gröbner basis over Q made integral ({@link ModularGroebner.Problem#integral}), with what every share
 * of its certificate needs made once and kept: the divisor index for the inputs' reductions, the Gebauer–Möller
 * pairs and the elements encoded for their check. Why: a group hands the certificate out in many small shares so
 * that the ranks finish together, and each share recomputing the pairs of a 272-element katsura-9 candidate and its
 * index cost 30-60 ms, encoding its elements 9-75 ms more.
 * Immutable; the prepared parts are made on first use, by one thread at a time.
 */
public final class IntegralCandidate {
    private final List<ZPoly> elements;
    private Divisors divisors;
    private List<int[]> pairs;
    private List<int[]> pairsByDegree;
    private double[] costBefore;
    private PairReductionCheck pairCheck;

    private IntegralCandidate(List<ZPoly> elements) {
        this.elements = elements;
    }

    /** The candidate of these non-zero primitive integer polynomials (a homogenised basis, one layout). */
    public static IntegralCandidate of(List<ZPoly> elements) {
        List<ZPoly> copy = List.copyOf(elements);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("an empty candidate");
        }
        for (ZPoly p : copy) {
            Objects.requireNonNull(p, "element");
            if (p.isZero()) {
                throw new IllegalArgumentException("a zero element in a candidate");
            }
        }
        return new IntegralCandidate(copy);
    }

    /** The elements. */
    public List<ZPoly> elements() {
        return elements;
    }

    synchronized Divisors divisors() {
        if (divisors == null) {
            divisors = Divisors.of(elements, elements.get(0).layout());
        }
        return divisors;
    }

    /** The pairs whose S-polynomials reducing to 0 prove the elements a Gröbner basis, in a fixed order. */
    synchronized List<int[]> pairs() {
        if (pairs == null) {
            pairs = ModularGroebner.sufficientPairs(elements);
        }
        return pairs;
    }

    /**
     * The pairs of the given slots (mine[s] for slot s of mine.length): the pairs by increasing degree of their
     * lcms, cut into mine.length runs of about equal estimated cost ({@link #estimatedCost}).
     */
    List<int[]> pairsOfSlots(boolean[] mine) {
        List<int[]> ordered = pairsByDegree();
        double[] before = costBefore();
        double total = before[ordered.size()];
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            int slot = (int) Math.min(mine.length - 1, Math.floor(before[i] / total * mine.length));
            if (mine[slot]) {
                out.add(ordered.get(i));
            }
        }
        return out;
    }

    /** {@link #pairs} by increasing degree of their lcms (in their order within a degree). */
    private synchronized List<int[]> pairsByDegree() {
        if (pairsByDegree == null) {
            List<int[]> all = pairs();
            Integer[] order = new Integer[all.size()];
            int[] degree = new int[all.size()];
            for (int k = 0; k < order.length; k++) {
                order[k] = k;
                degree[k] = PairReductionCheck.lcmDegree(elements.get(all.get(k)[0]), elements.get(all.get(k)[1]));
            }
            Arrays.sort(order, Comparator.comparingInt((Integer k) -> degree[k]));
            List<int[]> sorted = new ArrayList<>();
            for (int k : order) {
                sorted.add(all.get(k));
            }
            pairsByDegree = List.copyOf(sorted);
        }
        return pairsByDegree;
    }

    /** The estimated cost of the pairs before each position of {@link #pairsByDegree} (one more entry: the total). */
    private synchronized double[] costBefore() {
        if (costBefore == null) {
            List<int[]> ordered = pairsByDegree();
            costBefore = new double[ordered.size() + 1];
            for (int i = 0; i < ordered.size(); i++) {
                costBefore[i + 1] = costBefore[i] + estimatedCost(ordered.get(i));
            }
        }
        return costBefore;
    }

    /**
     * A cost estimate for a pair's reduction: the square of its halves' term count (about as many steps as terms,
     * each a row of about as many terms). It underestimates the highest degrees, whose closures are the widest
     * (noon-8: its top quarter of estimated cost is half of the real cost), which is why those come last: in the
     * small batches at the end of a guided split, not in its large first ones.
     */
    private double estimatedCost(int[] pair) {
        double terms = elements.get(pair[0]).size() + elements.get(pair[1]).size();
        return terms * terms;
    }

    /** The check of the S-polynomials of {@link #pairs} (and of any subset of them), prepared once. */
    synchronized PairReductionCheck pairCheck() {
        if (pairCheck == null) {
            pairCheck = PairReductionCheck.of(elements, pairs());
        }
        return pairCheck;
    }
}
