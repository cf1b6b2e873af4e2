package org.ox4j.benchmarks.rpc;

import cc.redberry.rings.IntegersZp64;
import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.poly.multivar.GroebnerBases;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import cc.redberry.rings.poly.multivar.MonomialZp64;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import cc.redberry.rings.poly.multivar.MultivariatePolynomialZp64;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.RingsBridge;
import org.ox4j.algebra.ZPoly;
import org.ox4j.algebra.gb.StandardSystems;

/**
 * rings' Gröbner basis ({@code GroebnerBases.GroebnerBasis}, grevlex) of one benchmark system, the column
 * {@code bin/ox-bench gb} prints beside ox4j's: {@code RingsGroebnerRun SYSTEM P REPS WARMUP_SECONDS} prints
 * "first median size" (ms, ms, basis size). It runs in its own JVM, started by {@link GroebnerBench}, so a system
 * rings needs minutes for can be stopped at the bench's deadline without leaving a busy thread behind, and so
 * rings and the server never share a JIT or a heap.
 */
public final class RingsGroebnerRun {
    private RingsGroebnerRun() {
    }

    public static void main(String[] args) {
        String system = args[0];
        long p = Long.parseLong(args[1]);
        int reps = Integer.parseInt(args[2]);
        double warmupSeconds = Double.parseDouble(args[3]);
        int n = Integer.parseInt(system.replaceAll("[^0-9]", ""));
        boolean katsura = system.startsWith("katsura");
        MonomialLayout l = MonomialLayout.of(org.ox4j.algebra.MonomialOrder.grevlex(katsura ? n + 1 : n), 8);
        List<ZPoly> f = katsura ? StandardSystems.katsura(l, n) : StandardSystems.cyclic(l, n);
        Supplier<Integer> basis = p == 0 ? overQ(f) : modP(f, p);
        GroebnerBench.Timing t = GroebnerBench.time(basis, reps, warmupSeconds);
        System.out.printf("%.1f %.1f %d%n", t.firstMs(), t.medianMs(), t.size());
    }

    private static Supplier<Integer> overQ(List<ZPoly> f) {
        return () -> {
            List<MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>>> in = new ArrayList<>();
            for (ZPoly z : f) {
                in.add(RingsBridge.toRings(QPoly.of(z)).setOrdering(MonomialOrder.GREVLEX));
            }
            return GroebnerBases.GroebnerBasis(in, MonomialOrder.GREVLEX).size();
        };
    }

    private static Supplier<Integer> modP(List<ZPoly> f, long p) {
        IntegersZp64 zp = Rings.Zp64(p);
        return () -> {
            List<MultivariatePolynomialZp64> in = new ArrayList<>();
            for (ZPoly z : f) {
                MultivariatePolynomialZp64 r = MultivariatePolynomialZp64.zero(z.layout().variables(), zp,
                        MonomialOrder.GREVLEX);
                for (int i = 0; i < z.size(); i++) {
                    r.add(new MonomialZp64(z.exponents(i), zp.modulus(z.coefficient(i).longValue())));
                }
                in.add(r);
            }
            return GroebnerBases.GroebnerBasis(in, MonomialOrder.GREVLEX).size();
        };
    }
}
