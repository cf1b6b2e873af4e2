package org.ox4j.benchmarks.startup;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.ox4j.benchmarks.rpc.BlockingOxSession;
import org.ox4j.benchmarks.rpc.Payloads;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.cmo.Cmo;
import org.ox4j.protocol.SmCommand;

/**
 * {@code bin/ox-bench startup [launches]}: how fast a fresh {@code bin/ox-server} serves, per JDK found (the one
 * {@code bin/ox-server} picks by itself, and each JDK of at least 17 under /usr/lib/jvm through {@code JAVA_HOME}).
 * For every launch, from the moment the process is started: the readiness line; both connections with their
 * byte-order handshakes and the mathcap exchange of an Asir master done; then the first seven push + pop round trips
 * of a polynomial (9880 terms × 200 bits), a 10^6-bit integer and a list of 10^5 small integers, as a master's first
 * calls; then, after a warm-up of 300 round trips each, the warm median. Medians over the launches. Last,
 * {@code ServerGroup.launchLocal(8)} from start to wired (median of 3).
 */
public final class StartupBench {
    private static final Pattern READY = Pattern.compile("OX4J READY control=(\\d+) data=(\\d+)");
    private static final int FIRST_CALLS = 7;
    private static final int WARM_UP = 300;

    private StartupBench() {
    }

    public static void main(String[] args) throws Exception {
        int launches = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Path home = Path.of(System.getProperty("ox4j.home", ".")).toAbsolutePath().normalize();
        Map<String, Cmo> payloads = new LinkedHashMap<>();
        payloads.put("poly", Payloads.densePolynomial(37, 200, 1));
        payloads.put("ZZ 10^6 bits", Payloads.bigInteger(1_000_000, 2));
        payloads.put("list 10^5", Payloads.smallIntegers(100_000));
        System.out.printf("ox-bench startup: %d launches of %s per JDK; times in ms, medians%n", launches,
                home.resolve("bin/ox-server"));
        System.out.printf("%-44s %8s %10s | first %d round trips (median of each launch's 7): %s | warm%n", "JDK",
                "ready", "session", FIRST_CALLS, String.join(", ", payloads.keySet()));
        List<String> jdks = new ArrayList<>();
        jdks.add(null);
        jdks.addAll(jdkHomes());
        for (String jdk : jdks) {
            double[][] samples = new double[2 + 2 * payloads.size()][launches];
            for (int i = 0; i < launches; i++) {
                double[] one = launchOnce(home, jdk, payloads, i == launches - 1);
                for (int k = 0; k < one.length; k++) {
                    samples[k][i] = one[k];
                }
            }
            StringBuilder row = new StringBuilder(String.format("%-44s %8.0f %10.0f |", jdk == null
                    ? "bin/ox-server's pick" : jdk, median(samples[0]), median(samples[1])));
            for (int k = 0; k < payloads.size(); k++) {
                row.append(String.format(" %7.2f", median(samples[2 + k])));
            }
            row.append(" |");
            for (int k = 0; k < payloads.size(); k++) {
                // the warm figure is measured on the last launch only
                row.append(String.format(" %7.2f", samples[2 + payloads.size() + k][launches - 1]));
            }
            System.out.println(row);
        }
        double[] group = new double[3];
        for (int i = 0; i < group.length; i++) {
            long t0 = System.nanoTime();
            try (ServerGroup g = ServerGroup.launchLocal(8)) {
                group[i] = (System.nanoTime() - t0) / 1e6;
                if (!g.isWired()) {
                    throw new IllegalStateException("group not wired");
                }
            }
        }
        System.out.printf("ServerGroup.launchLocal(8) started and wired: %.0f ms (median of 3: %s)%n", median(group),
                Arrays.toString(Arrays.stream(group).mapToLong(Math::round).toArray()));
    }

    /** ready, session, then the median of the first calls per payload, then (if {@code warm}) warm medians. */
    private static double[] launchOnce(Path home, String jdk, Map<String, Cmo> payloads, boolean warm)
            throws IOException {
        Path tmp = Files.createTempDirectory("ox4j-startup");
        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/ox-server").toString(), "-control", "0", "-data",
                "0", "--max-message-bytes", Long.toString(1L << 30), "--log-file", tmp.resolve("log").toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        if (jdk != null) {
            pb.environment().put("JAVA_HOME", jdk);
        } else {
            pb.environment().remove("JAVA_HOME");
        }
        double[] r = new double[2 + 2 * payloads.size()];
        long t0 = System.nanoTime();
        Process p = pb.start();
        try {
            Matcher m = awaitReady(p);
            r[0] = ms(t0);
            try (BlockingOxSession control = BlockingOxSession.connect(m.group(1));
                 BlockingOxSession data = BlockingOxSession.connect(m.group(2))) {
                data.command(SmCommand.MATHCAP);
                Cmo mathcap = data.popCmo();
                data.push(mathcap);
                data.command(SmCommand.SET_MATHCAP);
                r[1] = ms(t0);
                int k = 0;
                for (Cmo c : payloads.values()) {
                    double[] first = new double[FIRST_CALLS];
                    for (int i = 0; i < FIRST_CALLS; i++) {
                        long t = System.nanoTime();
                        data.push(c);
                        data.popCmo();
                        first[i] = ms(t);
                    }
                    r[2 + k++] = median(first);
                }
                if (warm) {
                    for (Cmo c : payloads.values()) {
                        double[] w = new double[50];
                        for (int i = -WARM_UP; i < w.length; i++) {
                            long t = System.nanoTime();
                            data.push(c);
                            data.popCmo();
                            if (i >= 0) {
                                w[i] = ms(t);
                            }
                        }
                        r[2 + k++] = median(w);
                    }
                }
                data.command(SmCommand.SHUTDOWN);
            }
            return r;
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            try (Stream<Path> s = Files.walk(tmp)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static Matcher awaitReady(Process p) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            Matcher m = READY.matcher(line);
            if (m.find()) {
                return m;
            }
        }
        throw new IOException("ox-server exited before its readiness line");
    }

    /** Every JDK home of feature version 17 or later under /usr/lib/jvm (links to another one skipped). */
    private static List<String> jdkHomes() throws IOException {
        List<String> homes = new ArrayList<>();
        Path jvm = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvm)) {
            return homes;
        }
        try (Stream<Path> s = Files.list(jvm)) {
            for (Path h : s.sorted().toList()) {
                if (Files.isSymbolicLink(h) || !Files.isExecutable(h.resolve("bin/java"))
                        || !Files.isRegularFile(h.resolve("release"))) {
                    continue;
                }
                Matcher m = Pattern.compile("JAVA_VERSION=\"(\\d+)").matcher(Files.readString(h.resolve("release")));
                if (m.find() && Integer.parseInt(m.group(1)) >= 17) {
                    homes.add(h.toString());
                }
            }
        }
        return homes;
    }

    private static double ms(long t0) {
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double median(double[] a) {
        double[] b = a.clone();
        Arrays.sort(b);
        return b[b.length / 2];
    }
}
