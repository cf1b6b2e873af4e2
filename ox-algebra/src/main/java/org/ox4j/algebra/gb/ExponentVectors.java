package org.ox4j.algebra.gb;

/**
 * Arithmetic on monomials given as exponent vectors ({@code int[]}, one entry per variable), where speed does not
 * call for the packed words of {@link org.ox4j.algebra.MonomialLayout}: the pair bookkeeping of the multi-modular
 * method and the staircase walks of FGLM.
 */
final class ExponentVectors {
    private ExponentVectors() {
    }

    /** Whether {@code a} divides {@code b}. */
    static boolean divides(int[] a, int[] b) {
        for (int v = 0; v < a.length; v++) {
            if (a[v] > b[v]) {
                return false;
            }
        }
        return true;
    }

    static int[] lcm(int[] a, int[] b) {
        int[] l = new int[a.length];
        for (int v = 0; v < a.length; v++) {
            l[v] = Math.max(a[v], b[v]);
        }
        return l;
    }

    /** Whether {@code a} and {@code b} share no variable. */
    static boolean coprime(int[] a, int[] b) {
        for (int v = 0; v < a.length; v++) {
            if (a[v] != 0 && b[v] != 0) {
                return false;
            }
        }
        return true;
    }

    /** {@code a / b}, for {@code b} dividing {@code a}. */
    static int[] quotient(int[] a, int[] b) {
        int[] q = new int[a.length];
        for (int v = 0; v < a.length; v++) {
            q[v] = a[v] - b[v];
        }
        return q;
    }

    static int[] product(int[] a, int[] b) {
        int[] q = new int[a.length];
        for (int v = 0; v < a.length; v++) {
            q[v] = a[v] + b[v];
        }
        return q;
    }
}
