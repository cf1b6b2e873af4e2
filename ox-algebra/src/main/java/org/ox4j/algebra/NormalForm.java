package org.ox4j.algebra;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Full reduction over Z without fractions (for normal forms over Q): while the remaining part r has a leading term
 * c·t divisible by a divisor's leading term d·s, r ← (d/g)·r − (c/g)·(t/s)·divisor with g = gcd(c, d), one merge;
 * terms no divisor reduces move to the remainder in decreasing order, so it is built by appending. The part of the
 * remainder already moved is scaled lazily, and every few scaled steps, once the leading coefficient has grown
 * by half since the last removal, the common content of both parts is removed so coefficients stay small. The
 * result equals the exact remainder up to a non-zero rational factor and is returned primitive with a positive
 * leading coefficient.
 *
 * <p>Cost per step: O(|r| + |divisor|) monomial comparisons and coefficient products; the divisor search is a
 * mask test per divisor plus one SWAR divisibility test per candidate.
 */
public final class NormalForm {
    /** Scaled steps between two content removals (measured best near 3 on katsura systems). */
    private static final int CONTENT_EVERY = 3;
    /**
     * And only once the leading coefficient has grown by half since the last removal: a content is a gcd over
     * every coefficient, and with coefficients of thousands of bits (katsura-6's lex basis reduced by its grevlex
     * basis, the lex certificate) removing it every third step took 40 % of the time (9.9 s → 5.8 s; katsura-8 and
     * cyclic-7 over Q unchanged).
     */
    private static final double CONTENT_GROWTH = 1.5;

    private NormalForm() {
    }

    /** The normal form of {@code f} modulo {@code divisors} up to a rational factor (primitive, positive lc). */
    public static ZPoly reduce(ZPoly f, Divisors divisors, Interrupt interrupt) {
        return reduce(f, divisors, interrupt, false, null);
    }

    /**
     * Whether {@code f} reduces to 0 modulo {@code divisors}, by Horner's rule in the variable {@code v}: with
     * f = Σ q_k·x_v^k (no q_k has x_v), r ← the remainder of x_v·r + q_k from the top k down, each remainder kept
     * with its exact scale (the reduction's factor, tracked), so r ends as a non-zero multiple of f's remainder. Why:
     * a reduction of f at once rewrites x_v^k into ever more monomials of degree near k before they come down to
     * standard ones, where each Horner step starts from at most the standard monomials times x_v: for the lex
     * elements of katsura-6 (degree 64 in the last variable) 22 ms against 470 ms. Right when the divisors are a
     * Gröbner basis (every remainder is then the normal form): x_v·u and x_v·rem(u) have the same normal form, their
     * difference being in the ideal; for other divisors the answer may differ from a reduction of f at once.
     *
     * <p>Cost: deg_v f reductions, each of at most (standard monomials + q_k's terms) terms.
     */
    public static boolean reducesToZero(ZPoly f, int v, Divisors divisors, Interrupt interrupt) {
        int top = f.degree(v);
        MonomialLayout layout = divisors.layout().widenedFor((long) f.totalDegree() + 1);
        ZPoly wide = f.relayout(layout);
        int[] xv = new int[layout.variables()];
        xv[v] = 1;
        ZPoly r = ZPoly.zero(layout);
        // r = (num / den)·(the exact remainder of the Horner sum so far)
        BigInteger num = BigInteger.ONE;
        BigInteger den = BigInteger.ONE;
        for (int k = top; k >= 0; k--) {
            interrupt.check();
            ZPoly next = r.multiplyTerm(xv, den).add(wide.coefficientOf(v, k).multiply(num));
            if (next.isZero()) {
                r = next;
                num = BigInteger.ONE;
                den = BigInteger.ONE;
                continue;
            }
            BigInteger[] scale = {BigInteger.ONE, BigInteger.ONE};
            r = reduce(next, divisors, interrupt, false, scale);
            // next = num·(x_v·old + q_k), and r = scale·rem(next)
            num = scale[0].multiply(num);
            den = scale[1];
            BigInteger g = num.gcd(den);
            if (!g.equals(BigInteger.ONE)) {
                num = num.divide(g);
                den = den.divide(g);
            }
            if (!r.isZero()) {
                r = r.relayout(layout);
            }
        }
        return r.isZero();
    }

    /**
     * The exact remainder of {@code f} modulo divisors that are all monic over Z (leading coefficient 1, see
     * {@link Divisors#monic()}): then no step scales and nothing is divided out, so the result is f minus a
     * combination of the divisors, integral, with f's content and sign.
     */
    public static ZPoly remainder(ZPoly f, Divisors divisors, Interrupt interrupt) {
        if (!divisors.monic()) {
            throw new IllegalArgumentException("an exact remainder over Z needs monic divisors");
        }
        return reduce(f, divisors, interrupt, true, null);
    }

    /**
     * The reduction; with {@code scale} (two entries, numerator and denominator, given as 1 and 1) not null and not
     * exact, the result is scale[0]/scale[1] times the exact remainder (every step's multiplier and every content
     * divided out, tracked).
     */
    private static ZPoly reduce(ZPoly f, Divisors divisors, Interrupt interrupt, boolean exact, BigInteger[] scale) {
        if (f.isZero()) {
            return f;
        }
        MonomialLayout layout = divisors.layout();
        // reduction never raises the degree above max(deg f, degrees of the divisors' multiples used) ≤ deg f
        // for graded orders; for others it can, so leave room for the divisors' degrees too
        long need = (long) f.totalDegree() + divisors.maxDegree();
        MonomialLayout wide = layout.widenedFor(need);
        Divisors d = divisors.widened(wide);
        ZPoly r = exact ? f.relayout(wide) : primitive(f.relayout(wide), scale);
        int w = wide.words();
        long[] restMono = new long[Math.max(4, r.size) * w];
        BigInteger[] restCoef = new BigInteger[Math.max(4, r.size)];
        int restSize = 0;
        BigInteger pending = BigInteger.ONE;
        long[] t = new long[w];
        int scaled = 0;
        long contentLimit = 0;
        int steps = 0;
        while (!r.isZero()) {
            if ((++steps & 31) == 0) {
                interrupt.check();
            }
            int k = d.reducer(r.mono, 0);
            if (k < 0) {
                // the leading term is irreducible: move it (and every following irreducible term) to the rest
                if (!pending.equals(BigInteger.ONE)) {
                    for (int i = 0; i < restSize; i++) {
                        restCoef[i] = restCoef[i].multiply(pending);
                    }
                    pending = BigInteger.ONE;
                }
                int moved = 0;
                while (moved < r.size && d.reducer(r.mono, moved * w) < 0) {
                    moved++;
                }
                if (restSize + moved > restCoef.length) {
                    int cap = Math.max(restCoef.length * 2, restSize + moved);
                    restCoef = Arrays.copyOf(restCoef, cap);
                    restMono = Arrays.copyOf(restMono, cap * w);
                }
                System.arraycopy(r.mono, 0, restMono, restSize * w, moved * w);
                System.arraycopy(r.coef, 0, restCoef, restSize, moved);
                restSize += moved;
                r = tail(r, moved);
                continue;
            }
            ZPoly g = d.get(k);
            wide.divide(r.mono, 0, g.mono, 0, t, 0);
            if ((long) wide.degree(t, 0) + g.totalDegree() > wide.maxDegree()) {
                // only in non-graded orders can a reduction raise the degree: widen everything and go on
                MonomialLayout wider = wide.widenedFor((long) wide.degree(t, 0) + g.totalDegree());
                ZPoly rest = new ZPoly(wide, Arrays.copyOf(restMono, restSize * w), Arrays.copyOf(restCoef, restSize),
                        restSize).relayout(wider);
                wide = wider;
                w = wide.words();
                d = d.widened(wide);
                r = r.relayout(wide);
                restMono = Arrays.copyOf(rest.mono, Math.max(4, restSize) * w);
                restCoef = Arrays.copyOf(rest.coef, Math.max(4, restSize));
                t = new long[w];
                continue;
            }
            BigInteger c = r.coef[0];
            BigInteger lc = g.coef[0];
            BigInteger gcd = c.gcd(lc);
            BigInteger a = lc.divide(gcd);
            BigInteger b = c.divide(gcd).negate();
            r = r.combineScaled(a, b, t, 0, g);
            if (scale != null) {
                scale[0] = scale[0].multiply(a);
            }
            if (!a.equals(BigInteger.ONE)) {
                if (restSize > 0) {
                    pending = pending.multiply(a);
                }
                scaled++;
            }
            if (scaled >= CONTENT_EVERY && !r.isZero() && r.coef[0].bitLength() > contentLimit) {
                scaled = 0;
                BigInteger content = r.content();
                for (int i = 0; i < restSize && !content.equals(BigInteger.ONE); i++) {
                    content = content.gcd(restCoef[i].multiply(pending));
                }
                if (!content.equals(BigInteger.ONE)) {
                    if (scale != null) {
                        scale[1] = scale[1].multiply(content);
                    }
                    r = r.divideExact(content);
                    for (int i = 0; i < restSize; i++) {
                        restCoef[i] = restCoef[i].multiply(pending).divide(content);
                    }
                    pending = BigInteger.ONE;
                }
                contentLimit = r.isZero() ? 0 : (long) (CONTENT_GROWTH * r.coef[0].bitLength());
            }
        }
        if (!pending.equals(BigInteger.ONE)) {
            for (int i = 0; i < restSize; i++) {
                restCoef[i] = restCoef[i].multiply(pending);
            }
        }
        ZPoly rest = new ZPoly(wide, Arrays.copyOf(restMono, restSize * w), Arrays.copyOf(restCoef, restSize),
                restSize);
        return exact ? rest : primitive(rest, scale);
    }

    /** p's primitive part with a positive leading coefficient, the factor divided out charged to {@code scale}. */
    private static ZPoly primitive(ZPoly p, BigInteger[] scale) {
        if (p.isZero()) {
            return p;
        }
        BigInteger c = p.content();
        if (p.coefficient(0).signum() < 0) {
            c = c.negate();
        }
        if (scale != null) {
            scale[1] = scale[1].multiply(c);
        }
        return p.divideExact(c);
    }

    private static ZPoly tail(ZPoly r, int from) {
        int w = r.layout().words();
        int n = r.size - from;
        return new ZPoly(r.layout(), Arrays.copyOfRange(r.mono, from * w, r.size * w),
                Arrays.copyOfRange(r.coef, from, r.size), n);
    }

    /**
     * The S-polynomial lc(g)·(L/lt f)·f − lc(f)·(L/lt g)·g, L the lcm of the leading monomials (integral; the
     * convention of Asir's {@code dp_sp}, without dividing by the gcd of the leading coefficients).
     */
    public static ZPoly sPolynomial(ZPoly f, ZPoly g) {
        if (f.isZero() || g.isZero()) {
            return ZPoly.zero(f.layout());
        }
        ZPoly[] al = ZPoly.aligned(f, g);
        MonomialLayout l = al[0].layout().widenedFor(
                (long) Math.max(al[0].totalDegree(), al[1].totalDegree()) * 2);
        ZPoly a = al[0].relayout(l);
        ZPoly b = al[1].relayout(l);
        int w = l.words();
        long[] lcm = new long[w];
        l.lcm(a.mono, 0, b.mono, 0, lcm, 0);
        long[] ta = new long[w];
        long[] tb = new long[w];
        l.divide(lcm, 0, a.mono, 0, ta, 0);
        l.divide(lcm, 0, b.mono, 0, tb, 0);
        ZPoly x = a.multiplyTerm(ta, 0, b.coef[0]);
        return x.combineScaled(BigInteger.ONE, a.coef[0].negate(), tb, 0, b);
    }
}
