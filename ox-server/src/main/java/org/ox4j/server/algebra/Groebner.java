package org.ox4j.server.algebra;

import cc.redberry.rings.IntegersZp64;
import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.DegreeVector;
import cc.redberry.rings.poly.multivar.Monomial;
import cc.redberry.rings.poly.multivar.MonomialZp64;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import cc.redberry.rings.poly.multivar.MultivariatePolynomialZp64;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.ox4j.algebra.Divisors;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.NormalForm;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.ZPoly;
import org.ox4j.algebra.gb.F4;
import org.ox4j.algebra.gb.Fglm;
import org.ox4j.algebra.gb.ModularGroebner;
import org.ox4j.server.eval.EvaluationException;

/**
 * Gröbner bases of {@link Value} polynomials in Asir's conventions: a variable list V (V[0] highest), an Asir
 * order number, and a characteristic (0 = Q, or a prime p &lt; 2^63 for Z/p). Bases come back reduced, sorted by
 * increasing leading term as {@code dp_gr_main} lists them (a lex basis starts with the eliminated polynomial), or in
 * the order of the nd_ functions ({@link #ndBasis}); over Q
 * each element is primitive with integer coefficients and a positive leading coefficient, over Z/p each is monic
 * with coefficients in [0, p).
 */
public final class Groebner {
    private final Algebra algebra;

    public Groebner(Algebra algebra) {
        this.algebra = algebra;
    }

    /** A problem: polynomials over V with an order and a characteristic. */
    public record Ring(List<String> variables, TermOrder order, long characteristic) {
        public Ring {
            variables = List.copyOf(variables);
            if (characteristic != 0 && !Modulus.isPrime(characteristic)) {
                throw new EvaluationException("the characteristic " + characteristic + " is not a prime");
            }
        }
    }

    /**
     * The reduced basis in the element order of Asir's {@code nd_gr}, {@code nd_f4} and {@code nd_gr_trace}: their
     * final inter-reduction sorts the basis by decreasing leading term in the graded orders (0 and 1) and by
     * increasing leading term in lex, while {@code dp_gr_main} and {@code gr} list increasing leading terms in every
     * order ({@link #basis}).
     */
    public List<Value> ndBasis(List<Value> f, Ring ring) {
        return inNdOrder(basis(f, ring), ring.order());
    }

    /** A basis sorted by increasing leading term, in the element order of Asir's nd_ functions for {@code order}. */
    public static List<Value> inNdOrder(List<Value> increasing, TermOrder order) {
        if (order == TermOrder.LEX) {
            return increasing;
        }
        List<Value> out = new ArrayList<>(increasing);
        java.util.Collections.reverse(out);
        return out;
    }

    /** The reduced Gröbner basis of {@code f}, sorted by increasing leading term. */
    public List<Value> basis(List<Value> f, Ring ring) {
        // the kernel's methods first; the rings conversion below only for the orders and moduli they do not take
        if (ring.order() == TermOrder.LEX && (ring.characteristic() == 0 || f4Modulus(ring))) {
            List<Value> lex = lexByFglm(f, ring);
            if (lex != null) {
                return lex;
            }
        }
        if (ring.characteristic() == 0 && ring.order() == TermOrder.GREVLEX) {
            List<Value> certified = multiModular(f, ring);
            if (certified != null) {
                return certified;
            }
        }
        if (f4Modulus(ring) && ring.order() != TermOrder.LEX) {
            return f4(f, ring);
        }
        return byBuchberger(f, ring);
    }

    /**
     * The reduced basis over Q, in the element order of the nd_ functions for {@code ring}'s order, of the ideal whose
     * certified reduced grevlex basis is {@code grevlex} (primitive, integral, by increasing leading term, in a
     * grevlex layout of the ring's variables, as {@link ModularGroebner} makes it): that basis itself in grevlex; in
     * lex the certified FGLM conversion ({@link Fglm#lexOverQ}) when the ideal is zero-dimensional; otherwise the
     * fraction-free Buchberger in the ring's order, started from the grevlex basis (it generates the ideal). Why:
     * a group of servers certifies the grevlex basis together, and its rank 0 then answers in the order asked for
     * without a second multi-modular run and certificate, as {@link #basis} would make from the input.
     */
    public List<Value> ndBasisFromGrevlex(List<ZPoly> grevlex, Ring ring) {
        if (ring.characteristic() != 0) {
            throw new IllegalArgumentException("a certified grevlex basis is over Q, not modulo "
                    + ring.characteristic());
        }
        List<Value> values = integralValues(grevlex, ring);
        if (ring.order() == TermOrder.GREVLEX || values.isEmpty()) {
            return inNdOrder(values, ring.order());
        }
        if (ring.order() == TermOrder.LEX) {
            MonomialLayout lex = MonomialLayout.forDegree(MonomialOrder.lex(ring.variables().size()),
                    Fglm.MAX_DIMENSION);
            List<ZPoly> l = Fglm.lexOverQ(grevlex, lex, algebra.interrupt(), THREADS);
            if (l != null) {
                return inNdOrder(integralValues(l, ring), ring.order());
            }
        }
        return inNdOrder(byBuchberger(values, ring), ring.order());
    }

    /** The reduced basis by rings' Buchberger (fraction-free over Q), sorted by increasing leading term. */
    private List<Value> byBuchberger(List<Value> f, Ring ring) {
        List<MultivariatePolynomial<Rational<BigInteger>>> in = toQ(f, ring);
        Comparator<DegreeVector> ord = ring.order().comparator();
        if (ring.characteristic() == 0) {
            List<MultivariatePolynomial<BigInteger>> g = integer(ord).reducedBasis(toZ(in));
            List<Value> out = new ArrayList<>();
            for (MultivariatePolynomial<BigInteger> p : g) {
                out.add(fromQ(Polys.fromZ(p), ring));
            }
            return out;
        }
        IntegersZp64 zp = Rings.Zp64(ring.characteristic());
        List<MultivariatePolynomialZp64> inp = new ArrayList<>();
        for (MultivariatePolynomial<Rational<BigInteger>> p : in) {
            inp.add(toZp(p, zp, ord));
        }
        List<MultivariatePolynomialZp64> g = modular(ord).reducedBasis(inp);
        List<Value> out = new ArrayList<>();
        for (MultivariatePolynomialZp64 p : g) {
            out.add(fromQ(fromZp(p), ring));
        }
        return out;
    }

    /**
     * The reduced basis over Z/p (p &lt; 2^31, a graded order) by the kernel's {@link F4}, monic, coefficients in
     * [0, p), sorted by increasing leading term.
     */
    private List<Value> f4(List<Value> f, Ring ring) {
        List<ModPoly> in = modularInput(f, ring, MonomialLayout.forDegree(kernelOrder(ring), degreeBound(f)));
        return modularValues(F4.basis(in, algebra.interrupt(), THREADS), ring);
    }

    /** The input modulo the ring's characteristic (p &lt; 2^31) in {@code layout}. */
    private static List<ModPoly> modularInput(List<Value> f, Ring ring, MonomialLayout layout) {
        Modulus m = Modulus.of(ring.characteristic());
        List<ModPoly> in = new ArrayList<>();
        for (Value v : f) {
            check(v, ring);
            QPoly q = kernel(v, ring, layout);
            try {
                in.add(ModPoly.of(q, m));
            } catch (ArithmeticException e) {
                throw new EvaluationException("a coefficient's denominator is divisible by the characteristic " + m.value());
            }
        }
        return in;
    }

    private List<Value> modularValues(List<ModPoly> g, Ring ring) {
        List<Value> out = new ArrayList<>();
        for (ModPoly p : g) {
            out.add(fromKernel(QPoly.of(p.lift()), ring));
        }
        return out;
    }

    /**
     * The certified reduced basis over Q by multi-modular F4 ({@link ModularGroebner}), or null when it gave up
     * (the fraction-free Buchberger then runs).
     */
    private List<Value> multiModular(List<Value> f, Ring ring) {
        List<ZPoly> g = certifiedGrevlex(f, ring, MonomialLayout.forDegree(kernelOrder(ring), degreeBound(f)));
        return g == null ? null : integralValues(g, ring);
    }

    /**
     * The certified reduced grevlex basis over Q of {@code f} in {@code layout} (a grevlex layout of the ring's
     * variables), empty for an all-zero input, or null when the multi-modular method gave up.
     */
    private List<ZPoly> certifiedGrevlex(List<Value> f, Ring ring, MonomialLayout layout) {
        List<ZPoly> in = new ArrayList<>();
        for (Value v : f) {
            check(v, ring);
            if (!v.isZero()) {
                in.add(kernel(v, ring, layout).primitiveIntegral());
            }
        }
        return in.isEmpty() ? List.of() : ModularGroebner.basis(in, algebra.interrupt(), THREADS);
    }

    private List<Value> integralValues(List<ZPoly> g, Ring ring) {
        List<Value> out = new ArrayList<>();
        for (ZPoly p : g) {
            out.add(fromKernel(QPoly.of(p), ring));
        }
        return out;
    }

    /**
     * A lex basis through the grevlex basis: over Q the certified multi-modular one, then
     * {@link #ndBasisFromGrevlex} (FGLM for a zero-dimensional ideal; in lex the nd_ element order is the increasing
     * one); modulo a prime F4 and FGLM ({@link Fglm}). Null when the multi-modular method gave up, or modulo a prime
     * when the ideal is not zero-dimensional (or its quotient too large), and the caller computes in lex.
     */
    private List<Value> lexByFglm(List<Value> f, Ring ring) {
        int n = ring.variables().size();
        MonomialLayout grevlex = MonomialLayout.forDegree(MonomialOrder.grevlex(n), degreeBound(f));
        if (ring.characteristic() == 0) {
            List<ZPoly> g = certifiedGrevlex(f, ring, grevlex);
            return g == null || g.isEmpty() ? null : ndBasisFromGrevlex(g, ring);
        }
        MonomialLayout lex = MonomialLayout.forDegree(MonomialOrder.lex(n), Fglm.MAX_DIMENSION);
        List<ModPoly> in = modularInput(f, ring, grevlex);
        List<ModPoly> l = Fglm.lex(F4.basis(in, algebra.interrupt(), THREADS), lex, algebra.interrupt());
        return l == null ? null : modularValues(l, ring);
    }

    /** Whether the ring is modulo a prime F4 takes (below 2^31: products of two residues fit in a long). */
    private static boolean f4Modulus(Ring ring) {
        return ring.characteristic() != 0 && ring.characteristic() < (1L << 31);
    }

    /** Threads the linear algebra of one basis may use. */
    private static final int THREADS = KernelThreads.threads();

    /** Whether {@code g} is a Gröbner basis (every S-polynomial reduces to 0). */
    public boolean isGroebnerBasis(List<Value> g, Ring ring) {
        List<MultivariatePolynomial<Rational<BigInteger>>> in = toQ(g, ring);
        Comparator<DegreeVector> ord = ring.order().comparator();
        if (ring.characteristic() == 0) {
            return integer(ord).isGroebnerBasis(toZ(in));
        }
        IntegersZp64 zp = Rings.Zp64(ring.characteristic());
        List<MultivariatePolynomialZp64> inp = new ArrayList<>();
        for (MultivariatePolynomial<Rational<BigInteger>> p : in) {
            inp.add(toZp(p, zp, ord));
        }
        return modular(ord).isGroebnerBasis(inp);
    }

    /**
     * The normal form of {@code f} modulo {@code g} over Q up to a non-zero rational factor, like Asir's
     * {@code p_nf}: the kernel's fraction-free reduction over Z on primitive integral associates of the divisors,
     * prepared once per divisor list (the last list is kept per thread, so a loop that reduces many polynomials by
     * one basis prepares it once). The remainder comes back primitive integral with a positive leading
     * coefficient; it is zero exactly when the exact remainder is.
     */
    public Value normalForm(Value f, List<Value> g, Ring ring) {
        check(f, ring);
        if (f.isZero()) {
            return Value.ZERO;
        }
        Divisors divisors = divisors(g, ring);
        QPoly target = kernel(f, ring, divisors.layout());
        if (divisors.monic()) {
            // as Asir's p_nf: with monic divisors nothing is scaled, so the remainder is exact (p_nf(x^2+y^2,
            // [x-y], [x,y], 0) is 2*y^2, not y^2)
            return fromKernel(QPoly.of(NormalForm.remainder(target.numerator(), divisors, algebra.interrupt()),
                    target.denominator()), ring);
        }
        ZPoly r = NormalForm.reduce(target.numerator(), divisors, algebra.interrupt());
        return fromKernel(QPoly.of(r), ring);
    }

    /** Divisor lists prepared last on this thread (a session's worker): reused while the same list comes again. */
    private static final ThreadLocal<PreparedDivisors> LAST = new ThreadLocal<>();

    private record PreparedDivisors(List<Value> values, Ring ring, Divisors divisors) {
        boolean matches(List<Value> g, Ring r) {
            if (!ring.equals(r) || values.size() != g.size()) {
                return false;
            }
            for (int k = 0; k < g.size(); k++) {
                if (values.get(k) != g.get(k) && !values.get(k).equals(g.get(k))) {
                    return false;
                }
            }
            return true;
        }
    }

    private Divisors divisors(List<Value> g, Ring ring) {
        PreparedDivisors last = LAST.get();
        if (last != null && last.matches(g, ring)) {
            return last.divisors();
        }
        MonomialLayout layout = MonomialLayout.forDegree(kernelOrder(ring), degreeBound(g));
        List<ZPoly> polys = new ArrayList<>(g.size());
        for (Value v : g) {
            check(v, ring);
            polys.add(kernel(v, ring, layout).numerator());
        }
        Divisors d = Divisors.of(polys, layout);
        LAST.set(new PreparedDivisors(List.copyOf(g), ring, d));
        return d;
    }

    private static long degreeBound(List<Value> values) {
        long d = 0;
        for (Value v : values) {
            if (v instanceof Poly p) {
                d = Math.max(d, p.kernel().totalDegree());
            }
        }
        return d;
    }

    private static MonomialOrder kernelOrder(Ring ring) {
        return MonomialOrder.of(MonomialOrder.Kind.ofAsir(ring.order().asirNumber()), ring.variables().size());
    }

    /** A number or polynomial over the ring's variables (V[0] first) in the ring's order. */
    private static QPoly kernel(Value v, Ring ring, MonomialLayout layout) {
        return Algebra.kernel(v, ring.variables(), layout);
    }

    /** A kernel result over the ring's variables as a value in the session's order. */
    private Value fromKernel(QPoly p, Ring ring) {
        return Poly.ofVariables(ring.variables(), p, algebra.order());
    }

    private static void check(Value v, Ring ring) {
        if (!(v instanceof Num) && !(v instanceof Poly)) {
            throw new EvaluationException("the polynomial list contains a non-polynomial");
        }
        if (v instanceof Poly p && !ring.variables().containsAll(p.variables())) {
            throw new EvaluationException("a polynomial contains variables outside " + ring.variables()
                    + " (coefficients in a rational function field are not supported)");
        }
    }

    /**
     * The S-polynomial lc(g)·(L/lt f)·f − lc(f)·(L/lt g)·g with L = lcm of the leading monomials (integral when f
     * and g are, like Asir's {@code dp_sp}). For f = F/d_f and g = G/d_g with integral F, G it is
     * S(F, G)/(d_f·d_g).
     */
    public Value sPolynomial(Value f, Value g, Ring ring) {
        check(f, ring);
        check(g, ring);
        if (f.isZero() || g.isZero()) {
            return Value.ZERO;
        }
        MonomialLayout layout = MonomialLayout.forDegree(kernelOrder(ring), degreeBound(List.of(f, g)));
        QPoly a = kernel(f, ring, layout);
        QPoly b = kernel(g, ring, layout);
        ZPoly s = NormalForm.sPolynomial(a.numerator(), b.numerator());
        return fromKernel(QPoly.of(s, a.denominator().multiply(b.denominator())), ring);
    }

    private Buchberger<Monomial<BigInteger>, MultivariatePolynomial<BigInteger>> integer(Comparator<DegreeVector> ord) {
        return new Buchberger<>(new IntegerReduction(ord, algebra.interruption()));
    }

    private Buchberger<MonomialZp64, MultivariatePolynomialZp64> modular(Comparator<DegreeVector> ord) {
        return new Buchberger<>(new Reduction.Field<MonomialZp64, MultivariatePolynomialZp64>(ord, algebra.interruption()));
    }

    /** Primitive integral associates (same ideal over Q). */
    private static List<MultivariatePolynomial<BigInteger>> toZ(List<MultivariatePolynomial<Rational<BigInteger>>> in) {
        List<MultivariatePolynomial<BigInteger>> out = new ArrayList<>();
        for (MultivariatePolynomial<Rational<BigInteger>> p : in) {
            if (!p.isZero()) {
                out.add(Polys.toZ(Polys.primitiveIntegral(p)));
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- conversions

    private List<MultivariatePolynomial<Rational<BigInteger>>> toQ(List<Value> f, Ring ring) {
        List<MultivariatePolynomial<Rational<BigInteger>>> out = new ArrayList<>();
        for (Value v : f) {
            if (!(v instanceof Num) && !(v instanceof Poly)) {
                throw new EvaluationException("the polynomial list contains a non-polynomial");
            }
            if (v instanceof Poly p && !ring.variables().containsAll(p.variables())) {
                throw new EvaluationException("a polynomial contains variables outside " + ring.variables()
                        + " (coefficients in a rational function field are not supported)");
            }
            out.add(Algebra.asPoly(v, ring.variables()).setOrdering(ring.order().comparator()));
        }
        return out;
    }

    private Value fromQ(MultivariatePolynomial<Rational<BigInteger>> p, Ring ring) {
        List<String> sorted = algebra.order().sorted(ring.variables());
        int[] map = new int[ring.variables().size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = sorted.indexOf(ring.variables().get(i));
        }
        return Poly.of(sorted, Polys.remap(p, map, sorted.size()));
    }

    private static MultivariatePolynomialZp64 toZp(MultivariatePolynomial<Rational<BigInteger>> p, IntegersZp64 zp,
            Comparator<DegreeVector> ord) {
        MultivariatePolynomialZp64 r = MultivariatePolynomialZp64.zero(p.nVariables, zp, ord);
        for (Monomial<Rational<BigInteger>> t : p) {
            long den = zp.modulus(t.coefficient.denominator());
            if (den == 0) {
                throw new EvaluationException("a coefficient's denominator is divisible by the characteristic "
                        + zp.modulus);
            }
            r.add(new MonomialZp64(t.exponents, zp.divide(zp.modulus(t.coefficient.numerator()), den)));
        }
        return r;
    }

    private static MultivariatePolynomial<Rational<BigInteger>> fromZp(MultivariatePolynomialZp64 p) {
        MultivariatePolynomial<Rational<BigInteger>> r = Polys.zero(p.nVariables);
        for (MonomialZp64 t : p) {
            r.add(new Monomial<>(t.exponents, new Rational<>(Rings.Z, BigInteger.valueOf(t.coefficient))));
        }
        return r;
    }
}
