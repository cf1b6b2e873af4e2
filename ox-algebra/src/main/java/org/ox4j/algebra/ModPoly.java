package org.ox4j.algebra;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A polynomial over Z/p: packed monomials of one {@link MonomialLayout} (strictly decreasing) and residues in
 * [1, p) in a {@code long} array. Immutable. Products use the heap of {@link HeapProduct}; for p &lt; 2^31 the
 * products of a monomial are summed in a long and reduced only when the sum could overflow (delayed modulus).
 */
public final class ModPoly {
    private final MonomialLayout layout;
    private final Modulus modulus;
    final long[] mono;
    final long[] coef;
    final int size;

    ModPoly(MonomialLayout layout, Modulus modulus, long[] mono, long[] coef, int size) {
        this.layout = layout;
        this.modulus = modulus;
        this.mono = mono;
        this.coef = coef;
        this.size = size;
    }

    public static ModPoly zero(MonomialLayout layout, Modulus m) {
        return new ModPoly(layout, m, new long[0], new long[0], 0);
    }

    /** The image of an integer polynomial. */
    public static ModPoly of(ZPoly f, Modulus m) {
        int w = f.layout().words();
        long[] om = new long[f.size * w];
        long[] oc = new long[f.size];
        int n = 0;
        for (int i = 0; i < f.size; i++) {
            long c = m.reduce(f.coef[i]);
            if (c != 0) {
                System.arraycopy(f.mono, i * w, om, n * w, w);
                oc[n++] = c;
            }
        }
        return new ModPoly(f.layout(), m, Arrays.copyOf(om, n * w), Arrays.copyOf(oc, n), n);
    }

    /**
     * The polynomial of {@code coef.length} terms: monomials encoded in {@code layout} ({@code layout.words()} longs
     * each in {@code mono}, strictly decreasing) with residues in [1, p) — what an elimination modulo p leaves, taken
     * without a detour through integer coefficients. The arrays are copied.
     *
     * @throws IllegalArgumentException when the terms are out of order or a residue is out of range
     */
    public static ModPoly ofTerms(MonomialLayout layout, Modulus m, long[] mono, long[] coef) {
        int w = layout.words();
        int n = coef.length;
        if (mono.length != n * w) {
            throw new IllegalArgumentException(mono.length + " monomial words for " + n + " terms of " + w);
        }
        for (int i = 0; i < n; i++) {
            if (coef[i] <= 0 || coef[i] >= m.value()) {
                throw new IllegalArgumentException("residue " + coef[i] + " modulo " + m.value());
            }
            if (i > 0 && layout.compare(mono, (i - 1) * w, mono, i * w) <= 0) {
                throw new IllegalArgumentException("terms not in strictly decreasing order at " + i);
            }
        }
        return new ModPoly(layout, m, mono.clone(), coef.clone(), n);
    }

    /** The image of a rational polynomial; fails when p divides the denominator. */
    public static ModPoly of(QPoly f, Modulus m) {
        long d = m.reduce(f.denominator());
        if (d == 0) {
            throw new ArithmeticException("the denominator is divisible by " + m.value());
        }
        return of(f.numerator(), m).multiply(m.inverse(d));
    }

    public MonomialLayout layout() {
        return layout;
    }

    public Modulus modulus() {
        return modulus;
    }

    public int size() {
        return size;
    }

    public boolean isZero() {
        return size == 0;
    }

    public long coefficient(int i) {
        return coef[i];
    }

    public int[] exponents(int i) {
        return layout.decode(mono, i * layout.words());
    }

    public int totalDegree() {
        int d = -1;
        for (int i = 0; i < size; i++) {
            d = Math.max(d, layout.degree(mono, i * layout.words()));
        }
        return d;
    }

    /** The integer polynomial with the residues in [0, p) as coefficients. */
    public ZPoly lift() {
        BigInteger[] c = new BigInteger[size];
        for (int i = 0; i < size; i++) {
            c[i] = BigInteger.valueOf(coef[i]);
        }
        return new ZPoly(layout, mono, c, size);
    }

    /**
     * The integer polynomial with this one's monomials and the coefficients {@code c}, one per term (the monomials
     * are shared and the array kept; terms whose coefficient is zero are dropped): how residues combined modulo a
     * product of primes take their terms without a copy of the monomials.
     */
    public ZPoly withIntegerCoefficients(BigInteger[] c) {
        if (c.length != size) {
            throw new IllegalArgumentException(c.length + " coefficients for " + size + " terms");
        }
        return new ZPoly(layout, mono, c, size).withCoefficients(c);
    }

    /** Whether {@code g} has exactly this polynomial's terms' monomials, in an equal layout (no decoding). */
    public boolean sameMonomials(ModPoly g) {
        return g.size == size && layout.sameMonomials(mono, g.layout, g.mono, size);
    }

    public ModPoly multiply(long c) {
        c = modulus.reduce(c);
        if (c == 0) {
            return zero(layout, modulus);
        }
        long[] oc = new long[size];
        for (int i = 0; i < size; i++) {
            oc[i] = modulus.multiply(coef[i], c);
        }
        return new ModPoly(layout, modulus, mono, oc, size);
    }

    /** This divided by its leading coefficient. */
    public ModPoly monic() {
        return size == 0 || coef[0] == 1 ? this : multiply(modulus.inverse(coef[0]));
    }

    public ModPoly add(ModPoly g) {
        return combine(1, g);
    }

    public ModPoly subtract(ModPoly g) {
        return combine(modulus.value() - 1, g);
    }

    /** this + b·g. */
    private ModPoly combine(long b, ModPoly g) {
        return combineScaled(b, layout.one(), 0, g);
    }

    /** this + b·t·g for a monomial t. */
    ModPoly combineScaled(long b, long[] t, int to, ModPoly g) {
        if (g.layout != layout || !g.modulus.equals(modulus)) {
            throw new IllegalArgumentException("different layouts or moduli");
        }
        int w = layout.words();
        long[] om = new long[(size + g.size) * w];
        long[] oc = new long[size + g.size];
        long[] tg = new long[w];
        int i = 0;
        int j = 0;
        int n = 0;
        if (g.size > 0) {
            layout.multiply(t, to, g.mono, 0, tg, 0);
        }
        while (i < size || j < g.size) {
            int c = j >= g.size ? 1 : i >= size ? -1 : layout.compare(mono, i * w, tg, 0);
            if (c > 0) {
                System.arraycopy(mono, i * w, om, n * w, w);
                oc[n++] = coef[i++];
                continue;
            }
            long v = modulus.multiply(g.coef[j], b);
            if (c == 0) {
                v = modulus.add(v, coef[i++]);
            }
            if (v != 0) {
                System.arraycopy(tg, 0, om, n * w, w);
                oc[n++] = v;
            }
            if (++j < g.size) {
                layout.multiply(t, to, g.mono, j * w, tg, 0);
            }
        }
        return new ModPoly(layout, modulus, Arrays.copyOf(om, n * w), Arrays.copyOf(oc, n), n);
    }

    public ModPoly multiply(ModPoly g) {
        return multiply(g, Interrupt.NONE);
    }

    public ModPoly multiply(ModPoly g, Interrupt interrupt) {
        if (size == 0 || g.size == 0) {
            return zero(layout, modulus);
        }
        MonomialLayout l = layout.widenedFor((long) totalDegree() + g.totalDegree());
        if (l != layout) {
            return relayout(l).multiply(g.relayout(l), interrupt);
        }
        int w = layout.words();
        TermBuffer out = new TermBuffer(w, size + g.size);
        long[][] oc = {new long[out.capacity()]};
        long p = modulus.value();
        long limit = Long.MAX_VALUE - p * p; // for small p: an accumulator below this takes one more product
        new HeapProduct(layout, mono, 0, size, g.mono, g.size).run((m, rows, cols, count) -> {
            long s = 0;
            if (modulus.isSmall()) {
                for (int k = 0; k < count; k++) {
                    s += coef[rows[k]] * g.coef[cols[k]];
                    if (s > limit) {
                        s %= p;
                    }
                }
                s %= p;
            } else {
                for (int k = 0; k < count; k++) {
                    s = modulus.add(s, modulus.multiply(coef[rows[k]], g.coef[cols[k]]));
                }
            }
            if (s != 0) {
                int t = out.add();
                System.arraycopy(m, 0, out.mono, t * w, w);
                if (t >= oc[0].length) {
                    oc[0] = Arrays.copyOf(oc[0], out.capacity());
                }
                oc[0][t] = s;
            }
        }, interrupt);
        return new ModPoly(layout, modulus, out.trimmed(), Arrays.copyOf(oc[0], out.size), out.size);
    }

    public ModPoly relayout(MonomialLayout target) {
        return of(lift().relayout(target), modulus);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ModPoly g && g.modulus.equals(modulus) && lift().equals(g.lift());
    }

    @Override
    public int hashCode() {
        return lift().hashCode() * 31 + modulus.hashCode();
    }

    @Override
    public String toString() {
        return lift() + " mod " + modulus.value();
    }
}
