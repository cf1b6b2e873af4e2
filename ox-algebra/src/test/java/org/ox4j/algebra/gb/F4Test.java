package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;

import cc.redberry.rings.IntegersZp64;
import cc.redberry.rings.Rings;
import cc.redberry.rings.poly.multivar.GroebnerBases;
import cc.redberry.rings.poly.multivar.MonomialZp64;
import cc.redberry.rings.poly.multivar.MultivariatePolynomialZp64;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.ZPoly;

/** F4 over Z/p against rings' Gröbner bases (reduced bases are unique, so they must be equal term for term). */
class F4Test {
    private static final Modulus P = Modulus.of(32003);

    /** A random system of 2–4 polynomials of 1–4 terms, exponents below 3, coefficients from {@code coefficient}. */
    static List<ZPoly> randomSystem(Random random, MonomialLayout l, java.util.function.Supplier<BigInteger> coefficient) {
        int n = l.variables();
        List<ZPoly> f = new ArrayList<>();
        for (int k = 0; k < 2 + random.nextInt(3); k++) {
            int terms = 1 + random.nextInt(4);
            int[][] e = new int[terms][];
            BigInteger[] c = new BigInteger[terms];
            for (int t = 0; t < terms; t++) {
                e[t] = new int[n];
                for (int v = 0; v < n; v++) {
                    e[t][v] = random.nextInt(3);
                }
                c[t] = coefficient.get();
            }
            f.add(ZPoly.of(l, e, c));
        }
        return f;
    }

    private static List<ModPoly> mod(List<ZPoly> f) {
        List<ModPoly> out = new ArrayList<>();
        for (ZPoly z : f) {
            out.add(ModPoly.of(z, P));
        }
        return out;
    }

    /** rings' reduced basis of the same input, as kernel polynomials sorted like ours. */
    private static List<ModPoly> oracle(List<ZPoly> f, MonomialOrder order) {
        IntegersZp64 zp = Rings.Zp64(P.value());
        java.util.Comparator<cc.redberry.rings.poly.multivar.DegreeVector> ro = order.is(MonomialOrder.Kind.LEX)
                ? cc.redberry.rings.poly.multivar.MonomialOrder.LEX
                : order.is(MonomialOrder.Kind.GLEX) ? cc.redberry.rings.poly.multivar.MonomialOrder.GRLEX
                : cc.redberry.rings.poly.multivar.MonomialOrder.GREVLEX;
        List<MultivariatePolynomialZp64> in = new ArrayList<>();
        int n = order.variables();
        for (ZPoly z : f) {
            MultivariatePolynomialZp64 r = MultivariatePolynomialZp64.zero(n, zp, ro);
            for (int i = 0; i < z.size(); i++) {
                r.add(new MonomialZp64(z.exponents(i), zp.modulus(z.coefficient(i).longValue())));
            }
            in.add(r);
        }
        List<MultivariatePolynomialZp64> gb = GroebnerBases.GroebnerBasis(in, ro);
        MonomialLayout l = MonomialLayout.of(order, 16);
        List<ModPoly> out = new ArrayList<>();
        for (MultivariatePolynomialZp64 g : gb) {
            List<int[]> e = new ArrayList<>();
            List<BigInteger> c = new ArrayList<>();
            for (MonomialZp64 t : g) {
                e.add(t.exponents.clone());
                c.add(BigInteger.valueOf(t.coefficient));
            }
            out.add(ModPoly.of(ZPoly.of(l, e.toArray(int[][]::new), c.toArray(BigInteger[]::new)), P).monic());
        }
        out.sort(Comparator.comparing((ModPoly g) -> g.exponents(0), order::compare));
        return out;
    }

    private static void assertSameBasis(List<ModPoly> ours, List<ModPoly> theirs) {
        assertThat(ours.size()).as("basis size; ours %s, rings %s", ours, theirs).isEqualTo(theirs.size());
        for (int k = 0; k < ours.size(); k++) {
            assertThat(ours.get(k).lift().relayout(theirs.get(k).layout()).toString())
                    .as("element %d", k).isEqualTo(theirs.get(k).lift().toString());
        }
    }

    @Test
    void katsuraAndCyclicAgreeWithRings() {
        for (MonomialOrder.Kind kind : MonomialOrder.Kind.values()) {
            int n = kind == MonomialOrder.Kind.LEX ? 3 : 4;
            MonomialOrder order = MonomialOrder.of(kind, n + 1);
            MonomialLayout l = MonomialLayout.of(order, 8);
            List<ZPoly> k = StandardSystems.katsura(l, n);
            assertSameBasis(F4.basis(mod(k), Interrupt.NONE, 2), oracle(k, order));
        }
        MonomialOrder order = MonomialOrder.grevlex(5);
        List<ZPoly> c5 = StandardSystems.cyclic(MonomialLayout.of(order, 8), 5);
        assertSameBasis(F4.basis(mod(c5), Interrupt.NONE, 2), oracle(c5, order));
    }

    @Test
    void randomSystemsAgreeWithRings() {
        Random random = new Random(15);
        for (int round = 0; round < 40; round++) {
            int n = 2 + random.nextInt(3);
            // graded orders: F4's matrices in lex can grow far beyond the basis (the server keeps lex elsewhere)
            MonomialOrder order = MonomialOrder.of(
                    random.nextBoolean() ? MonomialOrder.Kind.GREVLEX : MonomialOrder.Kind.GLEX, n);
            MonomialLayout l = MonomialLayout.of(order, 8);
            List<ZPoly> f = randomSystem(random, l, () -> BigInteger.valueOf(random.nextInt(200) - 100));
            assertSameBasis(F4.basis(mod(f), Interrupt.NONE, 1), oracle(f, order));
        }
    }

    @Test
    void randomizedAndTracedRunsAgreeWithRings() {
        // the random combinations of the rows to reduce (and the bisection a traced run does) give the same basis
        MonomialOrder order = MonomialOrder.grevlex(6);
        List<ZPoly> k5 = StandardSystems.katsura(MonomialLayout.of(order, 8), 5);
        assertSameBasis(F4.randomizedBasis(mod(k5), Interrupt.NONE), oracle(k5, order));
        assertSameBasis(F4.traced(mod(k5), Interrupt.NONE).basis(), oracle(k5, order));
        List<ZPoly> c5 = StandardSystems.cyclic(MonomialLayout.of(MonomialOrder.grevlex(5), 8), 5);
        assertSameBasis(F4.randomizedBasis(mod(c5), Interrupt.NONE), oracle(c5, MonomialOrder.grevlex(5)));
        Random random = new Random(16);
        for (int round = 0; round < 40; round++) {
            int n = 2 + random.nextInt(3);
            MonomialOrder o = MonomialOrder.grevlex(n);
            List<ZPoly> f = randomSystem(random, MonomialLayout.of(o, 8),
                    () -> BigInteger.valueOf(random.nextInt(200) - 100));
            List<ModPoly> expected = oracle(f, o);
            assertSameBasis(F4.randomizedBasis(mod(f), Interrupt.NONE), expected);
            assertSameBasis(F4.traced(mod(f), Interrupt.NONE).basis(), expected);
        }
    }

    /** Thrown by the test's interrupt check once a stop was requested. */
    private static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void aRequestedStopEndsTheComputationPromptly() throws Exception {
        MonomialOrder order = MonomialOrder.grevlex(7);
        List<ModPoly> in = mod(StandardSystems.cyclic(MonomialLayout.of(order, 8), 7));
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicLong checksAfterStop = new java.util.concurrent.atomic.AtomicLong();
        Interrupt interrupt = () -> {
            running.countDown();
            if (stop.get()) {
                checksAfterStop.incrementAndGet();
                throw new Stopped();
            }
        };
        java.util.concurrent.CompletableFuture<List<ModPoly>> run =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> F4.basis(in, interrupt, 2));
        assertThat(running.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        long raised = System.nanoTime();
        stop.set(true);
        Throwable failure = null;
        try {
            run.get(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            failure = e.getCause();
        }
        long stoppedMillis = (System.nanoTime() - raised) / 1_000_000;
        assertThat(failure).isInstanceOf(Stopped.class);
        // a reset must stop it within 100 ms on a quiet machine; allow for a loaded test host
        assertThat(stoppedMillis).isLessThan(2000);
        assertThat(checksAfterStop.get()).isPositive();
    }
}
