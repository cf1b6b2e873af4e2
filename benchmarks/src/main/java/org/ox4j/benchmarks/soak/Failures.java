package org.ox4j.benchmarks.soak;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The failures of a campaign whose senders run concurrently: a count, and the first reason (the one a report shows;
 * later failures are usually its consequences).
 */
final class Failures {
    private final AtomicLong count = new AtomicLong();
    private String first;

    /** Counts a failure; keeps {@code why} if it is the first. */
    synchronized void add(String why) {
        count.incrementAndGet();
        if (first == null) {
            first = why;
        }
    }

    long count() {
        return count.get();
    }

    /** The first reason, or the empty string. */
    synchronized String first() {
        return first == null ? "" : first;
    }
}
