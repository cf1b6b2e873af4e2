package org.ox4j.server.algebra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.server.eval.ComputationInterruptedException;
import org.ox4j.server.eval.Interruption;
import org.ox4j.server.function.TestContext;
import org.ox4j.server.lang.AsirLanguage;
import org.ox4j.server.session.SessionEvalContext;

/**
 * Raising the session's flag from another thread stops long computations: a Gröbner basis that takes tens of
 * seconds (cyclic-7 over Q), a huge power, and an endless loop of the local language. The generous timeouts only
 * bound a failing run; nothing here asserts a duration.
 */
class InterruptionTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private void assertStopsWhenRaised(Interruption flag, Runnable work) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Future<?> f = pool.submit(() -> {
            started.countDown();
            work.run();
        });
        assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
        flag.raise();
        try {
            f.get(30, TimeUnit.SECONDS);
            throw new AssertionError("the computation finished instead of being interrupted");
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(ComputationInterruptedException.class);
        }
    }

    @Test
    void groebnerBasisStops() throws Exception {
        Interruption flag = new Interruption();
        Groebner gb = new Groebner(new Algebra(new VariableOrder(), flag));
        // cyclic-7 over Q: seconds of multi-modular F4 and certificate (cyclic-6 now takes well under a second)
        List<Value> f = Systems.cyclic(7);
        assertStopsWhenRaised(flag, () -> gb.basis(f, new Groebner.Ring(Systems.variables(7), TermOrder.GREVLEX, 0)));
    }

    @Test
    void bigPowerStops() throws Exception {
        Interruption flag = new Interruption();
        Algebra alg = new Algebra(new VariableOrder(), flag);
        Value p = alg.add(alg.add(Poly.variable("x"), Poly.variable("y")), Num.of(1));
        // about 2·10^6 terms with 3000-bit coefficients: long, and within the size bound
        assertStopsWhenRaised(flag, () -> alg.pow(p, Num.of(2000)));
    }

    @Test
    void endlessLoopStops() throws Exception {
        SessionEvalContext ctx = TestContext.create();
        AsirLanguage lang = new AsirLanguage();
        assertStopsWhenRaised(ctx.interruption(), () -> lang.execute("while (1) { A = 1; }", ctx));
    }

    @Test
    void factorisationStops() throws Exception {
        // rings factors x^200-y^200 in seconds and has no cancellation hook; the command must end anyway
        Interruption flag = new Interruption();
        Algebra alg = new Algebra(new VariableOrder(), flag);
        Value x200 = alg.pow(Poly.variable("x"), Num.of(200));
        Value y200 = alg.pow(Poly.variable("y"), Num.of(200));
        Value p = alg.sub(x200, y200);
        assertStopsWhenRaised(flag, () -> Factoring.fctr(p, flag));
    }
}
