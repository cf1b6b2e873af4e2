package org.ox4j.server.rfc102;

import java.time.Duration;

/**
 * Where a peer group's messaging layer attaches. The layer is created lazily (on a member's first {@code mpi_*}
 * call), so a faster member's first envelope can arrive before this member has attached it: the link reader then
 * waits here, holding back the rest of that link through TCP, instead of dropping the envelope.
 *
 * @param <L> the listener type
 */
final class ListenerSlot<L> {
    private L listener;
    private boolean closed;

    synchronized void set(L l) {
        listener = l;
        notifyAll();
    }

    /** The attached listener, or null. */
    synchronized L current() {
        return listener;
    }

    /** Ends every wait: the group is closing. */
    synchronized void close() {
        closed = true;
        notifyAll();
    }

    /**
     * The attached listener, waiting up to {@code limit} for one; null if none came, the slot was closed or the wait
     * was interrupted.
     */
    synchronized L await(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (listener == null && !closed) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return listener;
    }
}
