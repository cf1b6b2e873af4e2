package org.ox4j.algebra;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The k-th power of a univariate polynomial by J. C. P. Miller's recurrence for the power of a power series. With
 * {@code f = x^m·h}, {@code h_0 ≠ 0}, {@code d = deg h} and {@code g = h^k}: {@code g_0 = h_0^k} and, for
 * {@code n = 1 … k·d},
 * <pre>
 *   n·h_0·g_n = Σ_{i = 1 … min(n, d), h_i ≠ 0} ((k+1)·i − n)·h_i·g_{n−i}
 * </pre>
 * (from {@code h·g' = k·h'·g}); the division is exact over Z because g has integer coefficients.
 *
 * <p>Cost: k·d coefficients, each a sum of at most t products of a coefficient of h (t terms) by one of g, and one
 * exact division: O(k·d·t) operations on numbers of the result's size. Repeated squaring spends O(|g|²) such
 * operations on its last squaring alone, so for {@code (x+1)^5000} this is 5000 small-by-large products against
 * 6·10^6 large-by-large ones. Worth it when h is dense enough that k·d is not much more than the result's size
 * ({@link #suits}); a sparse h with wide gaps stays with repeated squaring.
 */
final class UnivariatePower {
    private UnivariatePower() {
    }

    /** Whether the recurrence is the better way to raise {@code f} to the {@code k}-th power. */
    static boolean suits(ZPoly f, int k) {
        if (f.layout().variables() != 1 || f.size() < 2 || k < 4) {
            return false;
        }
        long span = f.degree(0) - lowest(f);
        // dense enough: the recurrence visits k·span coefficients, of which at least k·(t−1)+1 are non-zero
        return span <= 4L * (f.size() - 1);
    }

    /** {@code f^k} for a univariate {@code f} with at least two terms; checks {@code interrupt} as it goes. */
    static ZPoly pow(ZPoly f, int k, Interrupt interrupt) {
        int m = lowest(f);
        int d = f.degree(0) - m;
        BigInteger[] h = new BigInteger[d + 1];
        List<Integer> support = new ArrayList<>();
        for (int j = 0; j < f.size(); j++) {
            h[f.exponent(j, 0) - m] = f.coefficient(j);
        }
        for (int i = 1; i <= d; i++) {
            if (h[i] != null) {
                support.add(i);
            }
        }
        long top = (long) k * d;
        long shift = (long) k * m;
        if (top + shift > Integer.MAX_VALUE || top >= Integer.MAX_VALUE - 8) {
            throw new ExponentOverflowException("degree " + (top + shift) + " exceeds 2^31-1");
        }
        BigInteger[] g = new BigInteger[(int) top + 1];
        g[0] = h[0].pow(k);
        BigInteger h0 = h[0];
        int nonZero = 1;
        for (int n = 1; n <= top; n++) {
            if ((n & 63) == 0) {
                interrupt.check();
            }
            BigInteger sum = BigInteger.ZERO;
            for (int i : support) {
                if (i > n) {
                    break;
                }
                BigInteger previous = g[n - i];
                if (previous != null) {
                    long factor = (long) (k + 1) * i - n;
                    if (factor != 0) {
                        sum = sum.add(h[i].multiply(previous).multiply(BigInteger.valueOf(factor)));
                    }
                }
            }
            if (sum.signum() != 0) {
                g[n] = sum.divide(BigInteger.valueOf(n).multiply(h0));
                nonZero++;
            }
        }
        int[][] exps = new int[nonZero][];
        BigInteger[] coefs = new BigInteger[nonZero];
        int at = 0;
        for (int n = 0; n <= top; n++) {
            if (g[n] != null) {
                exps[at] = new int[] {(int) (n + shift)};
                coefs[at++] = g[n];
            }
        }
        return ZPoly.of(f.layout().widenedFor(top + shift), exps, coefs);
    }

    private static int lowest(ZPoly f) {
        return f.exponent(f.size() - 1, 0);
    }
}
