package org.ox4j.mpi.comm;

/**
 * Capacity accounting for buffered sends (MPI_Buffer_attach/detach). Each buffered message reserves its payload
 * size plus {@link #BSEND_OVERHEAD}; the space returns when the message has been handed to the link. One buffer
 * per endpoint (process-wide for that transport).
 */
final class AttachedBuffer {
    /** Bookkeeping bytes charged per buffered message (MPI_BSEND_OVERHEAD). */
    static final int BSEND_OVERHEAD = 64;

    private long capacity = -1;
    private long used;

    synchronized void attach(long bytes) {
        if (bytes < 0) {
            throw new CommException("buffer size: " + bytes + " (expected: >= 0)");
        }
        if (capacity >= 0) {
            throw new CommException("a buffer is already attached (" + capacity + " bytes)");
        }
        capacity = bytes;
    }

    /** Waits until every buffered message has left, then detaches; returns the capacity. */
    synchronized long detach() {
        if (capacity < 0) {
            throw new CommException("no buffer attached");
        }
        while (used > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CommException("interrupted while detaching the Bsend buffer");
            }
        }
        long c = capacity;
        capacity = -1;
        return c;
    }

    synchronized long reserve(long payloadBytes) {
        long need = payloadBytes + BSEND_OVERHEAD;
        long available = capacity < 0 ? 0 : capacity - used;
        if (need > available) {
            throw new CommException("insufficient space in Bsend buffer: " + need + " bytes (available: "
                    + available + " of " + Math.max(capacity, 0) + ")");
        }
        used += need;
        return need;
    }

    synchronized void release(long bytes) {
        used -= bytes;
        notifyAll();
    }

    synchronized long used() {
        return used;
    }
}
