package org.ox4j.client;

import java.time.Duration;

/**
 * Bounded exponential backoff for connection attempts: attempt {@code n} (from 1) waits
 * {@code min(initialDelay * 2^(n-1), maxDelay)} after attempt {@code n-1} failed; at most {@code maxAttempts}.
 */
public record RetryPolicy(int maxAttempts, Duration initialDelay, Duration maxDelay) {
    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts: " + maxAttempts + " (expected: >= 1)");
        }
        if (initialDelay.isNegative() || maxDelay.compareTo(initialDelay) < 0) {
            throw new IllegalArgumentException("delays: " + initialDelay + ", " + maxDelay
                    + " (expected: 0 <= initialDelay <= maxDelay)");
        }
    }

    /** One attempt only. */
    public static RetryPolicy none() {
        return new RetryPolicy(1, Duration.ZERO, Duration.ZERO);
    }

    /** Up to 10 attempts, 20 ms doubling to 1 s. */
    public static RetryPolicy defaults() {
        return new RetryPolicy(10, Duration.ofMillis(20), Duration.ofSeconds(1));
    }

    /** Delay before attempt {@code attempt} (2 for the first retry). */
    public Duration delayBefore(int attempt) {
        long factor = 1L << Math.min(30, Math.max(0, attempt - 2));
        Duration d = initialDelay.multipliedBy(factor);
        return d.compareTo(maxDelay) > 0 ? maxDelay : d;
    }
}
