package org.ox4j.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.ProcessTrees;

/**
 * Tracks every process a test starts and, after each test (and after the class for shared ones), checks that
 * all are gone. Survivors are destroyed, and the test fails, so even a failing test leaves nothing behind.
 * Processes are also found by a marker string in their command line (a one-time password), which catches
 * servers started by ssh, which are not descendants of this JVM.
 */
final class ProcessLeakCheck implements AfterEachCallback, AfterAllCallback {
    private final List<ProcessHandle> perTest = new CopyOnWriteArrayList<>();
    private final List<ProcessHandle> perClass = new CopyOnWriteArrayList<>();
    private final List<String> markers = new CopyOnWriteArrayList<>();

    /** Tracks {@code server}'s process tree until the end of the current test. */
    LaunchedServer track(LaunchedServer server) {
        server.pids().forEach(p -> ProcessHandle.of(p).ifPresent(perTest::add));
        return server;
    }

    /** Tracks {@code process} and its current descendants until the end of the current test. */
    Process track(Process process) {
        perTest.add(process.toHandle());
        process.descendants().forEach(perTest::add);
        return process;
    }

    /** Tracks {@code server} until the end of the class. */
    LaunchedServer trackForClass(LaunchedServer server) {
        server.pids().forEach(p -> ProcessHandle.of(p).ifPresent(perClass::add));
        return server;
    }

    /** Any process whose command line contains {@code marker} must be gone after the test. */
    void trackCommandLine(String marker) {
        markers.add(marker);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        check(perTest, true);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        check(perClass, false);
    }

    private void check(List<ProcessHandle> tracked, boolean withMarkers) {
        List<ProcessHandle> all = new ArrayList<>(tracked);
        for (ProcessHandle h : tracked) {
            h.descendants().forEach(all::add);
        }
        if (withMarkers) {
            for (String m : markers) {
                ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(m)).orElse(false))
                        .forEach(all::add);
            }
            markers.clear();
        }
        tracked.clear();
        // a process that is exiting right now gets a moment before it counts as left behind
        ProcessTrees.awaitExit(all, Duration.ofSeconds(10));
        List<Long> alive = all.stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).distinct().toList();
        for (ProcessHandle h : all) {
            if (h.isAlive()) {
                ProcessTrees.destroy(h, Duration.ofSeconds(2));
            }
        }
        assertThat(alive).as("processes left behind (now destroyed)").isEmpty();
    }

    static Optional<ProcessHandle> handle(long pid) {
        return ProcessHandle.of(pid);
    }
}
