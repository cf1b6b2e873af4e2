package org.ox4j.mpi.comm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs one body per rank, each on its own thread, over an in-memory transport group; returns per-rank results. */
public final class RankHarness {
    /** Per-rank body. */
    @FunctionalInterface
    public interface Body<T> {
        T run(Communicator comm) throws Exception;
    }

    private RankHarness() {
    }

    /** Runs {@code body} on {@code p} ranks (fresh group), waiting at most 60 s; rethrows the first failure. */
    public static <T> List<T> run(int p, Body<T> body) {
        try (InMemoryTransport.Group g = InMemoryTransport.group(p)) {
            return run(g, body);
        }
    }

    /** Runs on an existing group (each transport gets its world communicator here). */
    public static <T> List<T> run(InMemoryTransport.Group g, Body<T> body) {
        int p = g.size();
        List<Communicator> comms = new ArrayList<>();
        for (int r = 0; r < p; r++) {
            comms.add(Communicator.world(g.transport(r)));
        }
        return runOn(comms, body);
    }

    /** Runs on given communicators, one thread each. */
    public static <T> List<T> runOn(List<Communicator> comms, Body<T> body) {
        int p = comms.size();
        ExecutorService pool = Executors.newFixedThreadPool(p);
        CompletionService<Integer> done = new ExecutorCompletionService<>(pool);
        try {
            List<T> out = new ArrayList<>(java.util.Collections.nCopies(p, null));
            for (int r = 0; r < p; r++) {
                Communicator c = comms.get(r);
                int rank = r;
                done.submit(() -> {
                    out.set(rank, body.run(c));
                    return rank;
                });
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            for (int i = 0; i < p; i++) {
                Future<Integer> f = done.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (f == null) {
                    throw new IllegalStateException("ranks did not finish within 60 s");
                }
                f.get(); // first failure wins, even if other ranks are stuck waiting for the failed one
            }
            return out;
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
                throw re;
            }
            if (c instanceof Error er) {
                throw er;
            }
            throw new IllegalStateException(c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
