package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.Monomial;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.server.eval.Interruption;

/**
 * Manual probe (not a test): the distributed demo's work unit p_nf(sp(G[i], G[j]), G) over every pair of the
 * input of katsura-n (as the demo's first round does) and of its reduced basis, with the fraction-free normal form
 * and, for comparison, the old reduction with rational coefficients. Times are the calling thread's CPU time (the
 * build machine is shared, so wall-clock times mostly measure the load).
 */
public final class NormalFormTimingProbe {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        Groebner gb = new Groebner(new Algebra(new VariableOrder(), new Interruption()));
        for (int n : new int[] {4, 5}) {
            List<String> vars = Systems.variables(n + 1);
            Groebner.Ring ring = new Groebner.Ring(vars, TermOrder.GREVLEX, 0);
            List<Value> input = Systems.katsura(n);
            List<Value> basis = gb.basis(input, ring);
            for (int rep = 0; rep < 5; rep++) {
                run(gb, ring, "katsura-" + n + " input", input, rep);
                run(gb, ring, "katsura-" + n + " basis", basis, rep);
            }
        }
    }

    private static void run(Groebner gb, Groebner.Ring ring, String name, List<Value> g, int rep) {
        int pairs = 0;
        int nonzero = 0;
        long t0 = CPU.getCurrentThreadCpuTime();
        List<Value> sps = new ArrayList<>();
        for (int i = 0; i < g.size(); i++) {
            for (int j = i + 1; j < g.size(); j++) {
                Value s = gb.sPolynomial(g.get(i), g.get(j), ring);
                sps.add(s);
                pairs++;
                if (!gb.normalForm(s, g, ring).isZero()) {
                    nonzero++;
                }
            }
        }
        double fast = (CPU.getCurrentThreadCpuTime() - t0) / 1e6;
        long t1 = CPU.getCurrentThreadCpuTime();
        int nonzeroQ = 0;
        List<MultivariatePolynomial<Rational<BigInteger>>> div = new ArrayList<>();
        for (Value v : g) {
            div.add(Algebra.asPoly(v, ring.variables()).setOrdering(MonomialOrder.GREVLEX));
        }
        Buchberger<Monomial<Rational<BigInteger>>, MultivariatePolynomial<Rational<BigInteger>>> q = new Buchberger<Monomial<Rational<BigInteger>>, MultivariatePolynomial<Rational<BigInteger>>>(
                new Reduction.Field<Monomial<Rational<BigInteger>>, MultivariatePolynomial<Rational<BigInteger>>>(MonomialOrder.GREVLEX, new Interruption()));
        for (Value s : sps) {
            if (!q.normalForm(Algebra.asPoly(s, ring.variables()).setOrdering(MonomialOrder.GREVLEX), div).isZero()) {
                nonzeroQ++;
            }
        }
        double rational = (CPU.getCurrentThreadCpuTime() - t1) / 1e6;
        System.out.printf("%s (rep %d): %d pairs, %d/%d non-zero; Groebner.normalForm(sp) %.1f ms cpu (%.2f ms/pair), "
                + "rational-coefficient nf %.1f ms cpu (%.2f ms/pair)%n", name, rep, pairs, nonzero, nonzeroQ, fast, fast / pairs,
                rational, rational / pairs);
    }
}
