package org.ox4j.benchmarks.soak;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoZZ;

/**
 * Resets at random moments of long computations on one server (ox launcher form, a real process, where the
 * {@link Placement} puts it): a Gröbner basis
 * over Q, a factorisation, a loop of the local language, a huge power. Each reset must complete, and the session
 * must then answer a statement correctly (the stack, which a reset keeps as ox_asir does, is cleared after). Reports the reset latency (request to completion).
 */
final class ResetCampaign {
    /** The long computations, each far longer than the longest delay before its reset. */
    static final List<String> COMPUTATIONS = List.of(
            "nd_gr([x0+x1+x2+x3+x4+x5+x6,x0*x1+x1*x2+x2*x3+x3*x4+x4*x5+x5*x6+x6*x0,"
                    + "x0*x1*x2+x1*x2*x3+x2*x3*x4+x3*x4*x5+x4*x5*x6+x5*x6*x0+x6*x0*x1,"
                    + "x0*x1*x2*x3+x1*x2*x3*x4+x2*x3*x4*x5+x3*x4*x5*x6+x4*x5*x6*x0+x5*x6*x0*x1+x6*x0*x1*x2,"
                    + "x0*x1*x2*x3*x4+x1*x2*x3*x4*x5+x2*x3*x4*x5*x6+x3*x4*x5*x6*x0+x4*x5*x6*x0*x1+x5*x6*x0*x1*x2"
                    + "+x6*x0*x1*x2*x3,x0*x1*x2*x3*x4*x5+x1*x2*x3*x4*x5*x6+x2*x3*x4*x5*x6*x0+x3*x4*x5*x6*x0*x1"
                    + "+x4*x5*x6*x0*x1*x2+x5*x6*x0*x1*x2*x3+x6*x0*x1*x2*x3*x4,x0*x1*x2*x3*x4*x5*x6-1],"
                    + "[x0,x1,x2,x3,x4,x5,x6],0,0);",
            "fctr((x^40+y^37+z^31+1)*(x^39-y^35+z^29+2)*(x^33+y^31*z^7-3));",
            "for (I = 0; I < 2000000000; I++) { J = I; }",
            "X = 3^4000000;");

    /** The figures of one run. */
    record Result(int resets, int failures, String firstFailure, java.util.Map<String, Integer> failuresPerComputation,
            Histogram resetMicros, Samples samples, long millis) {
    }

    private final int resets;
    private final long seed;
    private final Placement placement;

    ResetCampaign(int resets, long seed, Placement placement) {
        this.resets = resets;
        this.seed = seed;
        this.placement = placement;
    }

    Result run() throws Exception {
        long t0 = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        Histogram latency = new Histogram(3_600_000_000L, 3);
        Samples samples = new Samples();
        int failures = 0;
        String first = null;
        java.util.Map<String, Integer> perComputation = new java.util.TreeMap<>();
        OxClientOptions options = OxClientOptions.defaults().withRequestTimeout(DaemonProcess.ANSWER_TIMEOUT);
        try (OxClient client = OxClient.launch(placement.serverLauncher(), options, OxClientResources.shared())) {
            List<ProcessHandle> server = placement.processes(client.launchedServer().orElseThrow());
            for (int i = 0; i < resets; i++) {
                String program = COMPUTATIONS.get(i % COMPUTATIONS.size());
                long delayMillis = random.nextInt(300);
                CompletableFuture<Cmo> running = client.executeStringRawAsync(program);
                Executor later = CompletableFuture.delayedExecutor(delayMillis, TimeUnit.MILLISECONDS);
                try {
                    long r0 = CompletableFuture.supplyAsync(System::nanoTime, later).join();
                    client.reset();
                    latency.recordValue(Math.max(1, (System.nanoTime() - r0) / 1000));
                    running.handle((v, e) -> null).get(DaemonProcess.ANSWER_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                    long k = i + 2;
                    Cmo answer = client.executeString(k + "*" + k + ";");
                    // a reset keeps the operand stack (as ox_asir): clear what the abandoned request left there
                    int left = client.stackSize();
                    if (left > 0) {
                        client.popsAsync(left).get(DaemonProcess.ANSWER_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                    }
                    int depth = client.stackSize();
                    if (!answer.equals(CmoZZ.of(k * k)) || depth != 0) {
                        failures++;
                        perComputation.merge(program.substring(0, 12), 1, Integer::sum);
                        first = first != null ? first : "after reset " + i + " (" + program.substring(0, 12)
                                + "…, " + delayMillis + " ms): answer " + answer + ", stack " + depth;
                    }
                } catch (Exception e) {
                    failures++;
                    perComputation.merge(program.substring(0, 12), 1, Integer::sum);
                    first = first != null ? first : "reset " + i + " (" + program.substring(0, 12) + "…, " + delayMillis
                            + " ms): " + e;
                }
                if (i % 10 == 0) {
                    samples.add(ProcessSample.largest(server));
                }
            }
            samples.add(ProcessSample.largest(server));
        }
        String flat = samples.notFlat(16, 0);
        if (flat != null) {
            failures++;
            first = first != null ? first : flat;
        }
        return new Result(resets, failures, first, perComputation, latency, samples, (System.nanoTime() - t0) / 1_000_000);
    }
}
