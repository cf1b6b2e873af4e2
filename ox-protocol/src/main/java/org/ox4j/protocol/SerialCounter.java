package org.ox4j.protocol;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The serial numbers a process stamps on the OX messages it sends. Asir uses one counter per process for every
 * connection; ox4j does the same per server process, which keeps serials unique across links and masters.
 */
public final class SerialCounter {
    private final AtomicInteger next = new AtomicInteger();

    /** The next serial number (wraps around like Asir's unsigned counter). */
    public int next() {
        return next.getAndIncrement();
    }
}
