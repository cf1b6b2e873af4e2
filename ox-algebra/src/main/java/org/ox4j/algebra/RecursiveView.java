package org.ox4j.algebra;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A polynomial seen recursively, as Asir stores it: a sum over the powers of its main (highest) variable whose
 * coefficients are polynomials in the lower variables. In a lexicographic layout the terms that share the
 * exponents of the higher variables are contiguous, so the view is a walk over index ranges of the term array:
 * no polynomial is built for a coefficient. Used for Asir's printed form and for CMO_RECURSIVE_POLYNOMIAL.
 *
 * <p>Cost: O(|p|·n) exponent reads for n variables; the walk recurses once per variable that occurs.
 */
public final class RecursiveView {
    /** What to build from the pieces. */
    public interface Folder<R> {
        /** A constant coefficient num/den (den > 0, reduced, num ≠ 0). */
        R constant(BigInteger num, BigInteger den);

        /** Σ coefficients[k]·x_v^exponents[k], exponents decreasing. */
        R sum(int variable, int[] exponents, List<R> coefficients);
    }

    private RecursiveView() {
    }

    /**
     * Folds a non-zero polynomial of a single lexicographic block (variable 0 highest). Throws
     * IllegalArgumentException for other orders.
     */
    public static <R> R fold(QPoly p, Folder<R> folder) {
        if (!p.layout().order().is(MonomialOrder.Kind.LEX) && p.layout().variables() > 0) {
            throw new IllegalArgumentException("the recursive view needs a lexicographic layout, not "
                    + p.layout().order());
        }
        if (p.isZero()) {
            throw new IllegalArgumentException("the recursive view of 0");
        }
        return fold(p, 0, p.size(), 0, folder);
    }

    private static <R> R fold(QPoly p, int lo, int hi, int from, Folder<R> folder) {
        int n = p.layout().variables();
        int v = from;
        while (v < n && !occurs(p, lo, hi, v)) {
            v++;
        }
        if (v == n) {
            // one term: every exponent from `from` on is 0
            BigInteger[] c = p.coefficientInLowestTerms(lo);
            return folder.constant(c[0], c[1]);
        }
        int[] exps = new int[8];
        List<R> coefs = new ArrayList<>();
        int start = lo;
        while (start < hi) {
            int e = p.exponent(start, v);
            int end = start + 1;
            while (end < hi && p.exponent(end, v) == e) {
                end++;
            }
            if (coefs.size() == exps.length) {
                exps = java.util.Arrays.copyOf(exps, exps.length * 2);
            }
            exps[coefs.size()] = e;
            coefs.add(fold(p, start, end, v + 1, folder));
            start = end;
        }
        return folder.sum(v, java.util.Arrays.copyOf(exps, coefs.size()), coefs);
    }

    private static boolean occurs(QPoly p, int lo, int hi, int v) {
        for (int i = lo; i < hi; i++) {
            if (p.exponent(i, v) != 0) {
                return true;
            }
        }
        return false;
    }
}
