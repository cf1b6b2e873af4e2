package org.ox4j.client.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.client.core.OxServerAddress;

/**
 * A server process this JVM started (directly, or an {@code ssh} process running it remotely), where it
 * listens, and how to stop it. {@link #close()} destroys the process and all its descendants and deletes the
 * launcher's temporary files; it is idempotent. Tests use {@link #pids()} to check nothing is left behind.
 */
public final class LaunchedServer implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger();

    private final Process process;
    private final OxServerAddress address;
    private final String description;
    private final List<Path> temporaryFiles;
    private final List<ProcessHandle> knownProcesses = new ArrayList<>();
    private final Optional<Runnable> remoteCleanup;
    private final AtomicBoolean closed = new AtomicBoolean();

    LaunchedServer(Process process, OxServerAddress address, String description, List<Path> temporaryFiles,
            Optional<Runnable> remoteCleanup) {
        this.process = Objects.requireNonNull(process, "process");
        this.address = address;
        this.description = description;
        this.temporaryFiles = List.copyOf(temporaryFiles);
        this.remoteCleanup = remoteCleanup;
        knownProcesses.add(process.toHandle());
        process.descendants().forEach(knownProcesses::add);
    }

    /** Where to connect, passwords included. */
    public OxServerAddress address() {
        return address;
    }

    /** The process started by the launcher (the server script, or ssh). */
    public Process process() {
        return process;
    }

    /** Pid of the started process and of every descendant seen so far (refreshed on each call). */
    public synchronized List<Long> pids() {
        process.descendants().filter(d -> knownProcesses.stream().noneMatch(k -> k.pid() == d.pid()))
                .forEach(knownProcesses::add);
        return knownProcesses.stream().map(ProcessHandle::pid).toList();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Waits up to {@code grace} for the process to exit by itself (e.g. after {@code SM_shutdown}), then
     * destroys what is left of its process tree.
     */
    public void stop(Duration grace) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        pids();
        List<ProcessHandle> all;
        synchronized (this) {
            all = List.copyOf(knownProcesses);
        }
        if (!ProcessTrees.awaitExit(all, grace)) {
            LOG.debug("{} still running after {} ms; destroying it", description, grace.toMillis());
            remoteCleanup.ifPresent(Runnable::run);
            ProcessTrees.destroy(process.toHandle(), Duration.ofSeconds(3));
            for (ProcessHandle h : all) {
                if (h.isAlive()) {
                    h.destroyForcibly();
                }
            }
            ProcessTrees.awaitExit(all, Duration.ofSeconds(5));
        }
        for (Path p : temporaryFiles) {
            try {
                Files.deleteIfExists(p);
            } catch (java.io.IOException e) {
                LOG.debug("cannot delete {}: {}", p, e.toString());
            }
        }
    }

    /** Destroys the process tree now (short grace period). */
    @Override
    public void close() {
        stop(Duration.ofMillis(500));
    }

    @Override
    public String toString() {
        return description + " pid " + process.pid() + " at " + address;
    }
}
