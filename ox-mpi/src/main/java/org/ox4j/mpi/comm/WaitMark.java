package org.ox4j.mpi.comm;

import java.util.function.Supplier;

/**
 * A mark on the calling thread's waits for as long as a body runs, which a transport reads to choose how it waits
 * ({@link SynchronisingWaits}, {@link ReplyWaits}). Nested marks keep the thread marked until the outermost ends.
 */
final class WaitMark {
    /** Nesting depth per thread. */
    private final ThreadLocal<int[]> depth = ThreadLocal.withInitial(() -> new int[1]);

    /** Runs {@code body} with the calling thread marked; returns what it returned. */
    <T> T during(Supplier<T> body) {
        int[] d = depth.get();
        d[0]++;
        try {
            return body.get();
        } finally {
            d[0]--;
        }
    }

    /** Whether the calling thread is inside {@link #during}. */
    boolean active() {
        return depth.get()[0] > 0;
    }
}
