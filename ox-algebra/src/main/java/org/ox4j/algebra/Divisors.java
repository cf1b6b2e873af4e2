package org.ox4j.algebra;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A divisor set prepared once for many reductions: the non-zero divisors as primitive integer polynomials with
 * positive leading coefficients (same ideal over Q), in one layout, with their leading monomials side by side and
 * a support mask each, so finding a reducer is a mask test and one SWAR divisibility test per candidate.
 * Immutable; a caller that reduces many polynomials by the same set keeps one instance.
 */
public final class Divisors {
    private final MonomialLayout layout;
    private final ZPoly[] polys;
    private final long[] leads;
    private final long[] masks;

    private Divisors(MonomialLayout layout, ZPoly[] polys) {
        this.layout = layout;
        this.polys = polys;
        int w = layout.words();
        this.leads = new long[polys.length * w];
        this.masks = new long[polys.length];
        for (int k = 0; k < polys.length; k++) {
            System.arraycopy(polys[k].mono, 0, leads, k * w, w);
            masks[k] = layout.support(polys[k].mono, 0);
        }
    }

    /** The divisors {@code g} (zeros dropped), made primitive, in {@code layout}. */
    public static Divisors of(List<ZPoly> g, MonomialLayout layout) {
        List<ZPoly> out = new ArrayList<>();
        for (ZPoly p : g) {
            if (!p.isZero()) {
                out.add(p.relayout(layout).primitivePart());
            }
        }
        return new Divisors(layout, out.toArray(ZPoly[]::new));
    }

    /** The same divisors in a wider layout. */
    public Divisors widened(MonomialLayout wider) {
        if (wider == layout) {
            return this;
        }
        ZPoly[] w = new ZPoly[polys.length];
        for (int k = 0; k < polys.length; k++) {
            w[k] = polys[k].relayout(wider);
        }
        return new Divisors(wider, w);
    }

    public MonomialLayout layout() {
        return layout;
    }

    public int size() {
        return polys.length;
    }

    public ZPoly get(int k) {
        return polys[k];
    }

    /** Whether every divisor has leading coefficient 1 (as made primitive with a positive one). */
    public boolean monic() {
        for (ZPoly p : polys) {
            if (!p.coef[0].equals(BigInteger.ONE)) {
                return false;
            }
        }
        return true;
    }

    /** The highest total degree of a divisor. */
    int maxDegree() {
        int d = 0;
        for (ZPoly p : polys) {
            d = Math.max(d, p.totalDegree());
        }
        return d;
    }

    /** The first divisor whose leading monomial divides the monomial at {@code m[off..]}, or -1. */
    int reducer(long[] m, int off) {
        long support = layout.support(m, off);
        int w = layout.words();
        for (int k = 0; k < polys.length; k++) {
            if ((masks[k] & ~support) == 0 && layout.divides(leads, k * w, m, off)) {
                return k;
            }
        }
        return -1;
    }

    /**
     * The index of the first term of {@code p} (in this layout) at or after {@code from} that some divisor's leading
     * monomial divides, or -1: -1 from 1 on means p's tail is already reduced.
     */
    public int firstReducibleTerm(ZPoly p, int from) {
        int w = layout.words();
        for (int i = from; i < p.size; i++) {
            if (reducer(p.mono, i * w) >= 0) {
                return i;
            }
        }
        return -1;
    }

    BigInteger leadingCoefficient(int k) {
        return polys[k].coef[0];
    }
}
