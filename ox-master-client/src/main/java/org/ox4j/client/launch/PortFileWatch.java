package org.ox4j.client.launch;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.ox4j.client.core.PortFileAddress;

/**
 * Waits for a port file ({@code -portfile F} writes {@code F.control} and {@code F.data}) to hold a port. The file
 * is looked at again after 1 ms, then after pauses that double up to {@value #MAX_PAUSE_MILLIS} ms, on the common
 * pool's delayed executor, so no thread sleeps or blocks: a server that is ready within milliseconds is seen within
 * about as long, and one that takes a second (eight JVMs starting on two cores) costs about 50 looks instead of 200;
 * the watch ends when the port is there, the file is malformed, or {@code until} completes (the launcher's own
 * readiness, failure or timeout).
 */
final class PortFileWatch {
    private static final long MAX_PAUSE_MILLIS = 20;

    private PortFileWatch() {
    }

    static CompletableFuture<Integer> await(Path file, CompletableFuture<?> until) {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        until.whenComplete((v, e) -> port.cancel(false));
        look(file, port, 1);
        return port;
    }

    private static void look(Path file, CompletableFuture<Integer> port, long nextPauseMillis) {
        if (port.isDone()) {
            return;
        }
        try {
            Optional<Integer> p = PortFileAddress.readPort(file);
            if (p.isPresent()) {
                port.complete(p.get());
                return;
            }
        } catch (NoSuchFileException e) {
            // not written yet
        } catch (IOException e) {
            port.completeExceptionally(e);
            return;
        }
        Executor later = CompletableFuture.delayedExecutor(nextPauseMillis, TimeUnit.MILLISECONDS);
        later.execute(() -> look(file, port, Math.min(MAX_PAUSE_MILLIS, 2 * nextPauseMillis)));
    }
}
