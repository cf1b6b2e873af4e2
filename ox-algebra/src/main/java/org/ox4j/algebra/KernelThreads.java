package org.ox4j.algebra;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The kernel's worker threads for parallel products, F4's linear algebra and the multi-modular images: daemon threads, as many as the machine
 * has cores, created on first use. A computation that asks for one thread never touches them.
 */
public final class KernelThreads {
    private KernelThreads() {
    }

    private static final class Holder {
        static final ExecutorService POOL = Executors.newFixedThreadPool(
                Math.max(1, Runtime.getRuntime().availableProcessors()), r -> {
                    Thread t = new Thread(r, "ox4j-kernel");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** The shared pool. */
    public static ExecutorService pool() {
        return Holder.POOL;
    }

    /** The value of a finished part; its exception (an interruption included) is rethrown unwrapped. */
    public static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }
}
