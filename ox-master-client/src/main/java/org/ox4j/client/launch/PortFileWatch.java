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
 * is looked at again every few milliseconds on the common pool's delayed executor, so no thread sleeps or blocks;
 * the watch ends when the port is there, the file is malformed, or {@code until} completes (the launcher's own
 * readiness, failure or timeout).
 */
final class PortFileWatch {
    private static final long POLL_MILLIS = 5;
    private static final Executor LATER = CompletableFuture.delayedExecutor(POLL_MILLIS, TimeUnit.MILLISECONDS);

    private PortFileWatch() {
    }

    static CompletableFuture<Integer> await(Path file, CompletableFuture<?> until) {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        until.whenComplete((v, e) -> port.cancel(false));
        look(file, port);
        return port;
    }

    private static void look(Path file, CompletableFuture<Integer> port) {
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
        LATER.execute(() -> look(file, port));
    }
}
