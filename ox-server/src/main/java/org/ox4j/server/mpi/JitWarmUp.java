package org.ox4j.server.mpi;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import org.ox4j.mpi.coll.Collectives;
import org.ox4j.mpi.coll.ReduceOps;
import org.ox4j.mpi.comm.Payload;

/**
 * Warm-up before timing a collective in the JVM: runs it until no member's JIT compiler has finished anything for
 * {@link #QUIET_SECONDS} (and at least {@link #QUIET_RUNS} runs), or until the budget is spent. Without it the first
 * samples of a large collective run partly interpreted while the compiler threads take the cores the links need.
 * Every member runs the same number of times: rank 0 decides from the busiest member's compile time.
 */
final class JitWarmUp {
    static final double QUIET_SECONDS = 0.3;
    static final int QUIET_RUNS = 2;

    private final long start = System.nanoTime();
    private final double maxSeconds;
    private long quietSince = start;
    private int quietRuns;

    private JitWarmUp(double maxSeconds) {
        this.maxSeconds = maxSeconds;
    }

    /** Runs {@code body} until the JIT is quiet on every member or {@code maxSeconds} passed; the number of runs. */
    static int run(Collectives k, Runnable body, double maxSeconds) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean measurable = jit != null && jit.isCompilationTimeMonitoringSupported();
        JitWarmUp state = new JitWarmUp(maxSeconds);
        int runs = 0;
        boolean more = true;
        while (more) {
            long before = measurable ? jit.getTotalCompilationTime() : 0;
            body.run();
            runs++;
            long compiled = measurable ? jit.getTotalCompilationTime() - before : 0;
            // reported as a double, as the timed samples report their times: the decision's reduction of doubles is
            // then compiled before the samples, not during them
            more = RootDecides.goOn(k, Payload.ofDoubles(compiled), ReduceOps.MAX, state::goOn);
        }
        return runs;
    }

    /** At rank 0, with the busiest member's compile time of the last run: true while the warm-up goes on. */
    private boolean goOn(Payload busiest) {
        long now = System.nanoTime();
        if (busiest.doubles()[0] > 0) {
            quietSince = now;
            quietRuns = 0;
        } else {
            quietRuns++;
        }
        boolean quiet = quietRuns >= QUIET_RUNS && (now - quietSince) / 1e9 >= QUIET_SECONDS;
        return !quiet && (now - start) / 1e9 < maxSeconds;
    }
}
