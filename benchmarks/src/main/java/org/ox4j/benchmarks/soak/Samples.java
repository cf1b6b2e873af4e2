package org.ox4j.benchmarks.soak;

import java.util.ArrayList;
import java.util.List;

/**
 * The samples of one campaign and the verdict "flat": resident memory stays under the bound the configured heap
 * implies (a leak of objects then ends in errors, which the campaigns count), and after the first quarter (warm-up)
 * threads and descriptors do not grow, so a leaked thread or socket per request shows over thousands of requests.
 */
final class Samples {
    private final List<ProcessSample> all = new ArrayList<>();

    synchronized void add(ProcessSample s) {
        all.add(s);
    }

    synchronized List<ProcessSample> all() {
        return List.copyOf(all);
    }

    /** Highest resident memory, threads and descriptors seen. */
    synchronized ProcessSample max() {
        long rss = 0;
        int threads = 0;
        int fds = 0;
        for (ProcessSample s : all) {
            rss = Math.max(rss, s.rssKib());
            threads = Math.max(threads, s.threads());
            fds = Math.max(fds, s.fds());
        }
        return new ProcessSample(rss, threads, fds);
    }

    /**
     * Why the samples are not flat, or null if they are: resident memory never above {@code rssLimitKib} (the
     * configured heap plus room for the JVM's own memory; 0 = no bound), and over the last three quarters (the first
     * is warm-up) threads and descriptors at most {@code slack} above the first value (sessions in flight at the
     * sampling moment).
     */
    synchronized String notFlat(int slack, long rssLimitKib) {
        for (ProcessSample s : all) {
            if (rssLimitKib > 0 && s.rssKib() > rssLimitKib) {
                return "resident memory " + s + " above the bound of " + rssLimitKib / 1024 + " MiB";
            }
        }
        if (all.size() < 4) {
            return null;
        }
        ProcessSample base = all.get(all.size() / 4);
        for (ProcessSample s : all.subList(all.size() / 4, all.size())) {
            if (s.threads() > base.threads() + slack) {
                return "threads grew from " + base + " to " + s;
            }
            if (s.fds() > base.fds() + slack) {
                return "file descriptors grew from " + base + " to " + s;
            }
        }
        return null;
    }
}
