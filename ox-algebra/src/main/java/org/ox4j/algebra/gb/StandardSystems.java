package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.ZPoly;

/** The benchmark systems of the Gröbner-basis literature, over Z, in a given layout (variables x_0 … x_{k-1}). */
public final class StandardSystems {
    private StandardSystems() {
    }

    /** The variable x_i. */
    public static ZPoly variable(MonomialLayout l, int i) {
        int[] e = new int[l.variables()];
        e[i] = 1;
        return ZPoly.term(l, e, BigInteger.ONE);
    }

    /**
     * Katsura-n in n+1 variables u_0 … u_n (the layout must have them): u_0 + 2·Σ u_i − 1 and, for m &lt; n,
     * Σ_{l=-n..n} u_|l|·u_|m-l| − u_m.
     */
    public static List<ZPoly> katsura(MonomialLayout l, int n) {
        List<ZPoly> out = new ArrayList<>();
        ZPoly first = ZPoly.constant(l, BigInteger.ONE.negate());
        for (int i = 0; i <= n; i++) {
            first = first.add(variable(l, i).multiply(BigInteger.valueOf(i == 0 ? 1 : 2)));
        }
        out.add(first);
        for (int m = 0; m < n; m++) {
            ZPoly sum = variable(l, m).negate();
            for (int k = -n; k <= n; k++) {
                int a = Math.abs(k);
                int b = Math.abs(m - k);
                if (a <= n && b <= n) {
                    sum = sum.add(variable(l, a).multiply(variable(l, b)));
                }
            }
            out.add(sum);
        }
        return out;
    }

    /** Cyclic-n: the elementary symmetric cyclic sums of degree 1 … n−1 and x_0·…·x_{n-1} − 1. */
    public static List<ZPoly> cyclic(MonomialLayout l, int n) {
        List<ZPoly> out = new ArrayList<>();
        for (int d = 1; d < n; d++) {
            ZPoly sum = ZPoly.zero(l);
            for (int i = 0; i < n; i++) {
                ZPoly t = ZPoly.constant(l, BigInteger.ONE);
                for (int k = 0; k < d; k++) {
                    t = t.multiply(variable(l, (i + k) % n));
                }
                sum = sum.add(t);
            }
            out.add(sum);
        }
        ZPoly prod = ZPoly.constant(l, BigInteger.ONE);
        for (int i = 0; i < n; i++) {
            prod = prod.multiply(variable(l, i));
        }
        out.add(prod.subtract(ZPoly.constant(l, BigInteger.ONE)));
        return out;
    }
}
