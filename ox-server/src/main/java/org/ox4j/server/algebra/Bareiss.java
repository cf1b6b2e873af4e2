package org.ox4j.server.algebra;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.server.eval.EvaluationException;

/**
 * The determinant of a square matrix of numbers and polynomials by Bareiss's fraction-free elimination: after step
 * k every remaining entry is the k×k+1 minor {@code (a_kk·a_ij − a_ik·a_kj) / a_(k−1)(k−1)}, the division exact
 * (Sylvester's identity), so entries stay polynomials of bounded size; a zero pivot swaps in a lower row (and flips
 * the sign), a column without one makes the determinant 0.
 *
 * <p>Cost: about n³/3 steps, each two products and an exact division of entries that grow to minors of the matrix
 * (degree at most k times the entries' degree after k steps).
 */
final class Bareiss {
    private Bareiss() {
    }

    static Value determinant(Algebra alg, Mat m) {
        if (m.rows() != m.cols()) {
            throw new EvaluationException("det : non-square matrix");
        }
        int n = m.rows();
        if (n == 0) {
            return Num.of(1);
        }
        List<Value[]> a = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Value[] row = new Value[n];
            for (int j = 0; j < n; j++) {
                Value e = m.get(i, j);
                if (!(e instanceof Num || e instanceof Poly)) {
                    throw new EvaluationException("det : entries must be numbers or polynomials");
                }
                row[j] = e;
            }
            a.add(row);
        }
        boolean negate = false;
        Value previous = Num.of(1);
        for (int k = 0; k < n - 1; k++) {
            if (a.get(k)[k].isZero()) {
                int swap = k + 1;
                while (swap < n && a.get(swap)[k].isZero()) {
                    swap++;
                }
                if (swap == n) {
                    return Value.ZERO;
                }
                Value[] t = a.get(k);
                a.set(k, a.get(swap));
                a.set(swap, t);
                negate = !negate;
            }
            Value pivot = a.get(k)[k];
            for (int i = k + 1; i < n; i++) {
                alg.interruption().check();
                Value[] row = a.get(i);
                for (int j = k + 1; j < n; j++) {
                    Value cross = alg.sub(alg.mul(pivot, row[j]), alg.mul(row[k], a.get(k)[j]));
                    row[j] = alg.divExact(cross, previous);
                }
                row[k] = Value.ZERO;
            }
            previous = pivot;
        }
        Value d = a.get(n - 1)[n - 1];
        return negate ? alg.neg(d) : d;
    }
}
