package org.ox4j.benchmarks.rpc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoZZ;

/**
 * {@code bin/ox-bench gb [reps] [systems] [primes] [--warmup SECONDS] [--no-rings] [--rings-timeout SECONDS]}:
 * {@code nd_gr(F, V, P, 0)} (graded reverse lexicographic) of the systems (default katsura6,cyclic6) for each P
 * (default 0 and 32003), through a freshly started {@code bin/ox-server} over AF_UNIX: the time from the first push
 * of the call to the reply of SM_popCMO. Per system and P: the first call, then calls until the warm-up time has
 * passed (default 10 s; a JIT-compiled server reaches its speed only after its hot code is compiled), then
 * {@code reps} timed calls, of which the median is printed with all runs and the basis size ({@code reps} 0 and
 * {@code --warmup 0}: the first call only, for systems that take minutes). Beside it rings'
 * {@code GroebnerBasis} of the same system, timed the same way in its own JVM (stopped after the rings timeout,
 * default 120 s, and then shown as "&gt; T s").
 */
public final class GroebnerBench {
    private GroebnerBench() {
    }

    /** A polynomial system: variables and polynomials in Asir syntax. */
    record PolySystem(String name, String key, List<String> vars, List<String> polys) {
    }

    /** The first run, the median of the timed runs after the warm-up (ms), and the basis size. */
    record Timing(double firstMs, double medianMs, int size, double[] runsMs) {
    }

    /** Katsura-n: n+1 unknowns u0..un (the demo's generator). */
    static PolySystem katsura(int n) {
        org.ox4j.client.demo.PolynomialSystem k = org.ox4j.client.demo.PolynomialSystem.katsura(n);
        return new PolySystem("katsura-" + n, "katsura" + n, k.variables(), k.polynomials());
    }

    /** Cyclic-n: n unknowns c0..c(n-1) (the demo's generator). */
    static PolySystem cyclic(int n) {
        org.ox4j.client.demo.PolynomialSystem c = org.ox4j.client.demo.PolynomialSystem.cyclic(n);
        return new PolySystem("cyclic-" + n, "cyclic" + n, c.variables(), c.polynomials());
    }

    /**
     * Times {@code run} (which returns the basis size): one first run, more until {@code warmupSeconds} have passed
     * since the start, then {@code reps} timed runs.
     */
    static Timing time(Supplier<Integer> run, int reps, double warmupSeconds) {
        long start = System.nanoTime();
        int size = run.get();
        double first = (System.nanoTime() - start) / 1e6;
        while ((System.nanoTime() - start) / 1e9 < warmupSeconds) {
            run.get();
        }
        double[] ms = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            run.get();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        // no timed runs (a system that takes minutes): the first call is all there is
        return new Timing(first, reps == 0 ? first : sorted[reps / 2], size, ms);
    }

    public static void main(String[] args) throws Exception {
        List<String> positional = new ArrayList<>();
        double warmup = 10;
        boolean rings = true;
        double ringsTimeout = 120;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--warmup" -> warmup = Double.parseDouble(args[++i]);
                case "--no-rings" -> rings = false;
                case "--rings-timeout" -> ringsTimeout = Double.parseDouble(args[++i]);
                default -> positional.add(args[i]);
            }
        }
        int reps = positional.size() > 0 ? Integer.parseInt(positional.get(0)) : 3;
        List<PolySystem> systems = new ArrayList<>();
        for (String name : (positional.size() > 1 ? positional.get(1) : "katsura6,cyclic6").split(",")) {
            int n = Integer.parseInt(name.replaceAll("[^0-9]", ""));
            systems.add(name.startsWith("katsura") ? katsura(n) : cyclic(n));
        }
        int[] primes = Arrays.stream((positional.size() > 2 ? positional.get(2) : "0,32003").split(","))
                .mapToInt(Integer::parseInt).toArray();
        Path home = Path.of(System.getProperty("ox4j.rpc.serverHome", System.getProperty("ox4j.home", ".")));
        System.out.printf("ox-bench gb: nd_gr(F,V,P,0) through %s/bin/ox-server over AF_UNIX, %d timed runs each "
                + "after a %.1f s warm-up; rings' GroebnerBasis in its own JVM the same way%n", home, reps, warmup);
        System.out.printf("%-10s %-6s %5s %10s %10s %12s %10s   %s%n", "system", "P", "|G|", "first ms", "median ms",
                "rings median", "rings/ox4j", "runs ms");
        try (ServerUnderTest server = ServerUnderTest.start(home, true, List.of("-Xmx4g"))) {
            for (PolySystem sys : systems) {
                Cmo f = AsirValueParser.parse("[" + String.join(",", sys.polys()) + "]");
                Cmo v = AsirValueParser.parse("[" + String.join(",", sys.vars()) + "]");
                for (int p : primes) {
                    BlockingOxSession s = server.data();
                    Cmo[] last = new Cmo[1];
                    Timing ours = time(() -> {
                        last[0] = run(s, f, v, p);
                        return last[0] instanceof CmoList l ? l.size() : -1;
                    }, reps, warmup);
                    String theirs = "-";
                    String ratio = "-";
                    if (rings) {
                        double[] r = ringsRun(sys.key(), p, reps, warmup, ringsTimeout);
                        if (r == null) {
                            theirs = String.format("> %.0f s", ringsTimeout);
                        } else {
                            theirs = String.format("%.1f", r[1]);
                            ratio = String.format("%.2f", r[1] / ours.medianMs());
                            if ((int) r[2] != ours.size()) {
                                theirs += " (|G| " + (int) r[2] + ")";
                            }
                        }
                    }
                    StringBuilder all = new StringBuilder();
                    for (double x : ours.runsMs()) {
                        all.append(String.format(" %.1f", x));
                    }
                    System.out.printf("%-10s %-6d %5d %10.1f %10.1f %12s %10s  %s%n", sys.name(), p, ours.size(),
                            ours.firstMs(), ours.medianMs(), theirs, ratio, all);
                    if (ours.size() < 0) {
                        System.out.println("  note: nd_gr returned " + last[0]);
                    }
                }
            }
        }
    }

    /** rings' first and median times and basis size from its own JVM, or null when it passed the timeout. */
    private static double[] ringsRun(String system, int p, int reps, double warmup, double timeoutSeconds)
            throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = List.of(java.toString(), "-Xmx4g", "-cp", System.getProperty("java.class.path"),
                RingsGroebnerRun.class.getName(), system, Integer.toString(p), Integer.toString(reps),
                Double.toString(warmup));
        Process proc = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            if (!proc.waitFor((long) (timeoutSeconds * 1000), TimeUnit.MILLISECONDS)) {
                return null;
            }
            String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            String[] parts = out.split("\\s+");
            if (proc.exitValue() != 0 || parts.length != 3) {
                throw new IOException("rings run of " + system + " failed: " + out);
            }
            return new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1]),
                Double.parseDouble(parts[2])};
        } finally {
            proc.destroyForcibly();
            proc.waitFor();
        }
    }

    private static Cmo run(BlockingOxSession s, Cmo f, Cmo v, int p) {
        s.call("nd_gr", f, v, CmoZZ.of(p), CmoZZ.of(0));
        return s.popCmo();
    }
}
