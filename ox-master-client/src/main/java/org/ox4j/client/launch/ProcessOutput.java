package org.ox4j.client.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Reads a child process's stdout and stderr on two daemon threads until EOF (so the child never blocks on a full
 * pipe), logs them at debug level, keeps the last lines of stderr for error messages, and completes
 * {@link #ready()} with the first stdout line the matcher accepts.
 */
final class ProcessOutput<T> {
    private static final Logger LOG = LogManager.getLogger();
    private static final int KEPT_LINES = 20;

    private final CompletableFuture<T> ready = new CompletableFuture<>();
    private final Deque<String> lastErr = new ArrayDeque<>();
    private final List<String> stdoutBeforeReady = new ArrayList<>();

    ProcessOutput(Process process, String name, Function<String, Optional<T>> matcher) {
        start(process.getInputStream(), name + "-stdout", line -> {
            if (!ready.isDone()) {
                Optional<T> r = matcher.apply(line);
                if (r.isPresent()) {
                    ready.complete(r.get());
                    return;
                }
                synchronized (stdoutBeforeReady) {
                    if (stdoutBeforeReady.size() < KEPT_LINES) {
                        stdoutBeforeReady.add(line);
                    }
                }
            }
            LOG.debug("{} stdout: {}", name, line);
        });
        start(process.getErrorStream(), name + "-stderr", line -> {
            synchronized (lastErr) {
                if (lastErr.size() == KEPT_LINES) {
                    lastErr.removeFirst();
                }
                lastErr.addLast(line);
            }
            LOG.debug("{} stderr: {}", name, line);
        });
    }

    CompletableFuture<T> ready() {
        return ready;
    }

    /** The last stderr lines and any unmatched stdout lines, for an error message. */
    String diagnostics() {
        StringBuilder sb = new StringBuilder();
        synchronized (stdoutBeforeReady) {
            stdoutBeforeReady.forEach(l -> sb.append("\n  stdout: ").append(l));
        }
        synchronized (lastErr) {
            lastErr.forEach(l -> sb.append("\n  stderr: ").append(l));
        }
        return sb.toString();
    }

    private static void start(InputStream in, String name, java.util.function.Consumer<String> sink) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    sink.accept(line);
                }
            } catch (IOException e) {
                LOG.debug("{}: {}", name, e.toString());
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }
}
