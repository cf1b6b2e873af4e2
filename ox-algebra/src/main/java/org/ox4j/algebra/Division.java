package org.ox4j.algebra;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Division with remainder by a list over Q: f = Σ q_i·g_i + r where no term of r is divisible by a leading
 * monomial of a g_i, by the rule "the first divisor whose leading monomial divides the current leading term". Over
 * a field, so the quotients are exact (the fraction-free {@link NormalForm} gives the same remainder up to a
 * factor, faster, when only the remainder is wanted).
 *
 * <p>Cost per step: one merge of the dividend with a scaled divisor multiple, O(|r| + |g_i|); the quotient terms
 * are appended in decreasing order.
 */
public final class Division {
    /** The quotients (one per divisor, in order) and the remainder. */
    public record Result(List<QPoly> quotients, QPoly remainder) {
        public Result {
            quotients = List.copyOf(quotients);
        }
    }

    private Division() {
    }

    /** Divides {@code f} by the non-zero polynomials {@code g} (all of f's order). */
    public static Result divide(QPoly f, List<QPoly> g, Interrupt interrupt) {
        long need = Math.max(0, f.totalDegree());
        for (QPoly d : g) {
            if (d.isZero()) {
                throw new ArithmeticException("division by 0");
            }
            need = Math.max(need, d.totalDegree());
        }
        MonomialLayout layout = f.layout().widenedFor(need * 2);
        ZPoly[] d = new ZPoly[g.size()];
        BigInteger[] dDen = new BigInteger[g.size()];
        for (int k = 0; k < d.length; k++) {
            d[k] = g.get(k).numerator().relayout(layout);
            dDen[k] = g.get(k).denominator();
        }
        int w = layout.words();
        // work over Z: r = R / rDen; each step R ← c_g·R − c_r·t·G (a rational quotient term c_r/c_g)
        ZPoly r = f.numerator().relayout(layout);
        BigInteger rDen = f.denominator();
        List<List<long[]>> qMono = new ArrayList<>();
        List<List<BigInteger[]>> qCoef = new ArrayList<>();
        for (int k = 0; k < d.length; k++) {
            qMono.add(new ArrayList<>());
            qCoef.add(new ArrayList<>());
        }
        List<long[]> restMono = new ArrayList<>();
        List<BigInteger[]> restCoef = new ArrayList<>();
        int steps = 0;
        while (!r.isZero()) {
            if ((++steps & 31) == 0) {
                interrupt.check();
            }
            int k = 0;
            while (k < d.length && !layout.divides(d[k].mono, 0, r.mono, 0)) {
                k++;
            }
            if (k == d.length) {
                restMono.add(java.util.Arrays.copyOf(r.mono, w));
                restCoef.add(new BigInteger[] {r.coef[0], rDen});
                r = r.subtract(new ZPoly(layout, java.util.Arrays.copyOf(r.mono, w), new BigInteger[] {r.coef[0]}, 1));
                continue;
            }
            long[] t = new long[w];
            layout.divide(r.mono, 0, d[k].mono, 0, t, 0);
            if ((long) layout.degree(t, 0) + d[k].totalDegree() > layout.maxDegree()) {
                throw new ExponentOverflowException("division raised the degree beyond " + layout.maxDegree());
            }
            BigInteger cr = r.coef[0];
            BigInteger cg = d[k].coef[0];
            BigInteger gcd = cr.gcd(cg);
            BigInteger a = cg.divide(gcd);
            BigInteger b = cr.divide(gcd);
            // q_k += (b/a)·t·(dDen/rDen) as a rational term: true quotient term = (cr/rDen)/(cg/dDen)
            qMono.get(k).add(t);
            qCoef.get(k).add(new BigInteger[] {b.multiply(dDen[k]), a.multiply(rDen)});
            r = r.combineScaled(a, b.negate(), t, 0, d[k]);
            rDen = rDen.multiply(a);
            BigInteger c = r.content().gcd(rDen);
            if (!c.equals(BigInteger.ONE) && c.signum() != 0) {
                r = r.divideExact(c);
                rDen = rDen.divide(c);
            }
        }
        List<QPoly> quotients = new ArrayList<>();
        for (int k = 0; k < d.length; k++) {
            quotients.add(assemble(layout, qMono.get(k), qCoef.get(k)));
        }
        return new Result(quotients, assemble(layout, restMono, restCoef));
    }

    /** Σ (num/den)·x^m over terms given in decreasing order. */
    private static QPoly assemble(MonomialLayout layout, List<long[]> mono, List<BigInteger[]> coef) {
        BigInteger lcm = BigInteger.ONE;
        for (BigInteger[] c : coef) {
            lcm = lcm.divide(lcm.gcd(c[1])).multiply(c[1]);
        }
        int w = layout.words();
        long[] m = new long[mono.size() * w];
        BigInteger[] c = new BigInteger[mono.size()];
        for (int i = 0; i < c.length; i++) {
            System.arraycopy(mono.get(i), 0, m, i * w, w);
            c[i] = coef.get(i)[0].multiply(lcm.divide(coef.get(i)[1]));
        }
        return QPoly.of(new ZPoly(layout, m, c, c.length), lcm);
    }
}
