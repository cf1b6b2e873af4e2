package org.ox4j.benchmarks.soak;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * One look at a server process from outside, through Linux's /proc: resident memory, threads and open file
 * descriptors. The campaigns take one every few seconds to show that a server under hostile or endless load stays
 * flat. For a server started through {@code bin/ox-server} the JVM is the script's largest descendant.
 *
 * @param rssKib  resident set size (VmRSS)
 * @param threads number of threads
 * @param fds     open file descriptors
 */
record ProcessSample(long rssKib, int threads, int fds) {
    /** Samples the JVM of {@code process} (itself or its largest descendant). */
    static ProcessSample of(ProcessHandle process) {
        List<ProcessHandle> candidates = new java.util.ArrayList<>(process.descendants().toList());
        candidates.add(process);
        return largest(candidates);
    }

    /** Samples the largest (by resident memory) of {@code processes}: the JVM among a script, ssh or sshd. */
    static ProcessSample largest(List<ProcessHandle> processes) {
        return processes.stream().map(ProcessSample::ofPid).max(Comparator.comparingLong(ProcessSample::rssKib))
                .orElse(new ProcessSample(0, 0, 0));
    }

    private static ProcessSample ofPid(ProcessHandle p) {
        Path proc = Path.of("/proc", Long.toString(p.pid()));
        long rss = 0;
        int threads = 0;
        try {
            for (String line : Files.readAllLines(proc.resolve("status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = Long.parseLong(line.replaceAll("\\D+", ""));
                } else if (line.startsWith("Threads:")) {
                    threads = Integer.parseInt(line.replaceAll("\\D+", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return new ProcessSample(0, 0, 0);
        }
        int fds = 0;
        try (DirectoryStream<Path> d = Files.newDirectoryStream(proc.resolve("fd"))) {
            for (Path ignored : d) {
                fds++;
            }
        } catch (IOException e) {
            fds = -1;
        }
        return new ProcessSample(rss, threads, fds);
    }

    @Override
    public String toString() {
        return String.format("rss %d MiB, %d threads, %d fds", rssKib / 1024, threads, fds);
    }
}
