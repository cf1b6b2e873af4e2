package org.ox4j.algebra.gb;

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

    /** The check of the S-polynomials of {@link #pairs} (and of any subset of them), prepared once. */
    synchronized PairReductionCheck pairCheck() {
        if (pairCheck == null) {
            pairCheck = PairReductionCheck.of(elements, pairs());
        }
        return pairCheck;
    }
}
