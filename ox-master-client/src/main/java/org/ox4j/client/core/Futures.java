package org.ox4j.client.core;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waiting for the master's futures: one timeout rule and one unwrapping rule for the client and its launchers. */
public final class Futures {
    private Futures() {
    }

    /** Waits for {@code f} at most {@code timeout}; unwraps failures into the client's exceptions. */
    public static <T> T await(CompletableFuture<T> f, Duration timeout, String what) {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new OxTimeoutException(what, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OxClientException(what + " interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = unwrap(e);
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new OxClientException(what + " failed: " + c, c);
        }
    }

    /** The cause under any {@link ExecutionException}/{@link CompletionException} wrappers. */
    public static Throwable unwrap(Throwable e) {
        Throwable c = e;
        while ((c instanceof ExecutionException || c instanceof CompletionException) && c.getCause() != null) {
            c = c.getCause();
        }
        return c;
    }
}
