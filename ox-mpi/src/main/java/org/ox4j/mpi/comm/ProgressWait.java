package org.ox4j.mpi.comm;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Waiting on a monitor for a transfer that may take long but must keep moving: the limit is on the time since
 * the last progress, not on the whole transfer.
 */
final class ProgressWait {
    private ProgressWait() {
    }

    /**
     * Waits (the caller holds {@code monitor}'s lock; progress calls {@code notifyAll}) until {@code finished}
     * holds; false if {@code idle} passed since {@code lastProgress} (System.nanoTime) first. Null idle: no limit.
     */
    static boolean await(Object monitor, BooleanSupplier finished, LongSupplier lastProgress, Duration idle)
            throws InterruptedException {
        while (!finished.getAsBoolean()) {
            if (idle == null) {
                monitor.wait();
                continue;
            }
            long left = idle.toNanos() - (System.nanoTime() - lastProgress.getAsLong());
            if (left <= 0) {
                return false;
            }
            monitor.wait(left / 1_000_000, (int) (left % 1_000_000));
        }
        return true;
    }
}
