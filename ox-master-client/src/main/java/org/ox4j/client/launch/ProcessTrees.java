package org.ox4j.client.launch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** Stops a process and every descendant it has, politely first, then forcibly; bounded in time. */
public final class ProcessTrees {
    private static final Logger LOG = LogManager.getLogger();

    private ProcessTrees() {
    }

    /**
     * Destroys {@code root} and its descendants (captured first: once the root is gone its children are
     * re-parented and no longer found). Waits at most {@code grace} for a normal exit, then kills forcibly and
     * waits up to 5 s more. Returns true when every process is gone.
     */
    public static boolean destroy(ProcessHandle root, Duration grace) {
        List<ProcessHandle> all = new ArrayList<>();
        root.descendants().forEach(all::add);
        all.add(root);
        for (ProcessHandle p : all) {
            p.destroy();
        }
        if (awaitExit(all, grace)) {
            return true;
        }
        for (ProcessHandle p : all) {
            if (p.isAlive()) {
                LOG.warn("process {} ignored SIGTERM for {} ms; killing it", p.pid(), grace.toMillis());
                p.destroyForcibly();
            }
        }
        return awaitExit(all, Duration.ofSeconds(5));
    }

    /** Waits until every process in {@code all} has exited, at most {@code timeout}. */
    public static boolean awaitExit(List<ProcessHandle> all, Duration timeout) {
        CompletableFuture<?>[] exits = all.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(exits).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return all.stream().noneMatch(ProcessHandle::isAlive);
        } catch (ExecutionException e) {
            return all.stream().noneMatch(ProcessHandle::isAlive);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return all.stream().noneMatch(ProcessHandle::isAlive);
        }
    }
}
