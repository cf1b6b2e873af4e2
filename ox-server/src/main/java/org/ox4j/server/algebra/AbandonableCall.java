package org.ox4j.server.algebra;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.ox4j.server.eval.ComputationInterruptedException;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.eval.Interruption;

/**
 * Runs a library call that has no cancellation hook (rings' factorisation) so that a reset still ends the
 * <em>command</em> within a fraction of a second: the call runs on a daemon worker while the session thread
 * polls its {@link Interruption}; on a reset the session stops waiting and reports the interruption. The
 * abandoned worker finishes in the background and its result is dropped (no {@code Thread.stop}). Calls that
 * rings can run to completion quickly never notice the extra thread.
 */
final class AbandonableCall {
    private static final long POLL_MILLIS = 50;
    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ox4j-library-call-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    private AbandonableCall() {
    }

    /** The result of {@code call}, or {@link ComputationInterruptedException} once {@code interruption} is raised. */
    static <T> T run(Supplier<T> call, Interruption interruption) {
        interruption.check();
        Future<T> future = WORKERS.submit(call::get);
        while (true) {
            try {
                return future.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (interruption.isRaised()) {
                    future.cancel(true);
                    throw new ComputationInterruptedException();
                }
            } catch (InterruptedException e) {
                future.cancel(true);
                Thread.currentThread().interrupt();
                throw new ComputationInterruptedException();
            } catch (CancellationException e) {
                throw new ComputationInterruptedException();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException re) {
                    throw re;
                }
                throw new EvaluationException(String.valueOf(cause), cause);
            }
        }
    }
}
