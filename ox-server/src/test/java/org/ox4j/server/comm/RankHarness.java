package org.ox4j.server.comm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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
        try {
            List<Future<T>> fs = new ArrayList<>();
            for (Communicator c : comms) {
                fs.add(pool.submit(() -> body.run(c)));
            }
            List<T> out = new ArrayList<>();
            for (Future<T> f : fs) {
                out.add(f.get(60, TimeUnit.SECONDS));
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
        } catch (InterruptedException | TimeoutException e) {
            throw new IllegalStateException("ranks did not finish: " + e, e);
        } finally {
            pool.shutdownNow();
        }
    }
}
