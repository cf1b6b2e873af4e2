package org.ox4j.algebra;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * The kernel's worker threads for parallel products, F4's linear algebra and the multi-modular images: daemon threads, as many as the machine
 * has cores, created on first use. A computation that asks for one thread never touches them.
 */
public final class KernelThreads {
    private KernelThreads() {
    }

    /** How many threads the pool has: one per core the JVM sees. */
    public static int threads() {
        return Math.max(1, Runtime.getRuntime().availableProcessors());
    }

    private static final class Holder {
        static final ExecutorService POOL = Executors.newFixedThreadPool(threads(), r -> {
                    Thread t = new Thread(r, "ox4j-kernel");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** The shared pool. */
    public static ExecutorService pool() {
        return Holder.POOL;
    }

    /**
     * {@code part.accept(0)} … {@code part.accept(parts − 1)}: parts 1 and up on the pool, part 0 on the calling
     * thread (which would otherwise wait idle), then waits for the others; an exception of a part is rethrown as
     * {@link #join} does.
     */
    public static void run(int parts, IntConsumer part) {
        map(parts, k -> {
            part.accept(k);
            return null;
        });
    }

    /** {@code fn(0)} … {@code fn(n − 1)} as {@link #run} runs its parts, the values in order. */
    public static <T> List<T> map(int n, IntFunction<T> fn) {
        List<CompletableFuture<T>> others = new ArrayList<>();
        for (int k = 1; k < n; k++) {
            int at = k;
            others.add(CompletableFuture.supplyAsync(() -> fn.apply(at), pool()));
        }
        List<T> values = new ArrayList<>(Math.max(n, 0));
        if (n > 0) {
            values.add(fn.apply(0));
        }
        for (CompletableFuture<T> f : others) {
            values.add(join(f));
        }
        return values;
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
