package org.ox4j.benchmarks.coll;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.group.LinkAddressing;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.client.launch.Hostfile;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.client.launch.OxHome;
import org.ox4j.client.launch.ServerLauncher;
import org.ox4j.client.launch.SshLauncher;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.mpi.coll.Collective;
import org.ox4j.mpi.coll.CollectiveAlgorithm;
import org.ox4j.mpi.coll.CollectiveSelector;
import org.ox4j.mpi.coll.MeasuredChoices;
import org.ox4j.mpi.coll.MeasuredTimes;
import org.ox4j.mpi.coll.ReduceOps;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.cost.CostModelStore;
import org.ox4j.mpi.cost.RobustFit;
import org.ox4j.server.mpi.MpiFunctions;

/**
 * {@code bin/ox-bench coll} (the default of {@code bin/ox-bench}): for each group size p it launches p local
 * {@code bin/ox-server} processes wired by {@link ServerGroup}, calibrates the cost model over the live links
 * ({@code mpi_calibrate}; with {@code --model FILE} the servers load that model instead), lets the servers settle
 * (untimed passes over the cells for {@code --settle} seconds; local servers compile at a tenth of the JIT's
 * thresholds, {@link #JIT_THRESHOLDS}, so that a cell's warm-up compiles what its samples run), then times
 * point-to-point ping-pong and every collective × algorithm × size inside the servers ({@code mpi_time}: barrier, run,
 * slowest member; median of the repetitions; a cell's algorithms interleaved, one sample of each per round; in the
 * cells that Open MPI is timed in and that travel as large messages, the pick once more with its buffers in direct
 * memory, {@code ALG@direct}, as the C program's buffers are). It prints a table with the model's prediction and the
 * selector's pick beside each measurement, a per-cell report of pick, best and regret ({@link CellReport}) and, with
 * Open MPI, the messaging issue's five targets evaluated on the run, writes CSV
 * {@code collective,algorithm,p,bytes,median_s,model_s,pick[,mpi_s,ratio]} (pick: 1 for the selector's choice) and an
 * SVG chart, and adds the Open MPI reference ({@code benchmarks/mpi/run-openmpi.sh}) when Open MPI is available:
 * measured just before and just after each group size's cells, each cell's two times combined (geometric mean).
 *
 * <p>With {@code --hostfile} the servers are placed by the host file and started over ssh, as on a cluster (the
 * emulated one of {@code integration-tests/cluster/ox-cluster} included), and the Open MPI reference runs there too
 * ({@code run-openmpi.sh --cluster}). Each bcast, reduce and allreduce row also shows its bandwidth lower bound
 * (m·β for bcast and reduce, 2(p−1)/p·m·β for allreduce; β from {@code --link-rate} when given, else the
 * calibrated β) and the ratio to it.
 */
public final class CollBench {
    /** The servers' JIT thresholds, scaled so that a cell's warm-up compiles what its samples run. */
    static final String JIT_THRESHOLDS = "-XX:CompileThresholdScaling=0.1";

    private CollBench() {
    }

    public static void main(String[] args) throws IOException {
        CollBenchOptions o;
        try {
            o = CollBenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        List<Row> rows = new ArrayList<>();
        Map<String, Double> reference = new LinkedHashMap<>();
        boolean askMpi = o.openMpi();
        for (int p : o.groupSizes()) {
            // Open MPI runs just before and just after ox4j's group of p, and a cell's reference is the geometric
            // mean of its two passes: taken in one pass after every group, minutes away from ox4j's cells, it moved
            // with the host's drift, and one pass of a cell differed from the next by up to 1.7x (reduce 8 B at p = 8,
            // 0.18 and 0.30 ms; 0.05 to 0.22 ms between full runs). Once a pass cannot run, none is tried again.
            Optional<Map<String, Double>> before = askMpi
                    ? OpenMpiReference.run(home(), List.of(p), o.sizes(), o.hostfile()) : Optional.empty();
            askMpi = before.isPresent();
            rows.addAll(measureGroup(o, p));
            if (askMpi) {
                Optional<Map<String, Double>> after = OpenMpiReference.run(home(), List.of(p), o.sizes(),
                        o.hostfile());
                Map<String, Double> combined = after.isPresent()
                        ? OpenMpiReference.combine(before.get(), after.get()) : before.get();
                after.ifPresent(a -> System.out.println(OpenMpiReference.spread(p, before.get(), a)));
                reference.putAll(combined);
            }
        }
        Optional<Map<String, Double>> mpi = reference.isEmpty() ? Optional.empty() : Optional.of(reference);
        if (mpi.isPresent()) {
            List<Row> with = new ArrayList<>();
            for (Row r : rows) {
                Double t = mpi.get().get(OpenMpiReference.key(r.collective(), r.p(), r.bytes()));
                with.add(t == null ? r : r.withMpi(t));
            }
            rows = with;
        }
        System.out.println();
        System.out.print(table(rows, mpi.isPresent()));
        System.out.println();
        System.out.print(CellReport.render(rows, mpi.isPresent()));
        System.out.print(o.hostfile() == null ? targets(rows, mpi.isPresent()) : boundTargets(rows));
        if (o.hostfile() == null && mpi.isPresent()) {
            System.out.print(CellReport.messagingTargets(rows));
        }
        if (o.csv() != null) {
            Files.writeString(o.csv(), csv(rows, mpi.isPresent()), StandardCharsets.UTF_8);
            System.out.println("CSV: " + o.csv().toAbsolutePath());
        }
        if (o.saveChoices()) {
            Path dir = MeasuredChoices.directory();
            Files.createDirectories(dir);
            Path saved = dir.resolve("coll-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)
                    .format(LocalDateTime.now()) + ".csv");
            Files.copy(o.csv(), saved, StandardCopyOption.REPLACE_EXISTING);
            System.out.println("saved for the selector: " + saved.toAbsolutePath());
        }
        if (o.svg() != null) {
            Files.writeString(o.svg(), SvgChart.render(rows), StandardCharsets.UTF_8);
            System.out.println("SVG: " + o.svg().toAbsolutePath());
        }
    }

    private static MeasuredChoices choices(CollBenchOptions o) {
        if (o.choices().isEmpty()) {
            return MeasuredChoices.NONE;
        }
        try {
            return MeasuredChoices.fromCsv(o.choices());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path home() {
        return Path.of(System.getProperty("ox4j.home", "."));
    }

    private static List<Row> measureGroup(CollBenchOptions o, int p) {
        List<Row> rows = new ArrayList<>();
        System.out.printf(Locale.ROOT, "== p = %d: launching %d servers%s ...%n", p, p,
                o.hostfile() == null ? "" : " over ssh from " + o.hostfile());
        try (ServerGroup g = launch(o, p)) {
            if (o.model() == null) {
                List<Cmo> cal = g.all((r, m) -> m.callAsync("mpi_calibrate", CmoZZ.of(o.calibrateMax())),
                        "mpi_calibrate");
                System.out.println("calibration (ping-pong between ranks 0 and 1, Theil-Sen fit):");
                System.out.print(((CmoString) cal.get(0)).value());
            }
            CostModel model = MpiFunctions.modelFromCmo(g.member(0).call("mpi_cost_model"));
            if (o.model() != null) {
                System.out.println("cost model of " + o.model() + ": " + model.describe());
            }
            CollectiveSelector selector = CollectiveSelector.standard(model, choices(o));
            double beta = Double.isNaN(o.linkBeta()) ? model.beta() : o.linkBeta();
            boolean collectives = Arrays.stream(Collective.values()).anyMatch(c -> o.wants(c.propertyName()));
            if (collectives && o.settleSeconds() > 0) {
                // untimed first: with eight servers on two cores the first cells ran 3-5x their later time for
                // about a minute, in each server's C1 code with profiling, while the C2 compilers of all eight
                // worked through their queues (with C1 alone the first pass was as fast as the second); one pass
                // of a few cells (26 s) was not enough, hence passes until the time is up. The ping-pong cells come
                // after it too: timed first, minutes after the servers started, the 16 MiB ping-pong of the last
                // full runs took 5.5 and 9.0 ms where every later or shorter run took 2.4-3.2
                long t0 = System.nanoTime();
                int passes = 0;
                do {
                    timeCollectives(g, o, p, selector, model, beta, true);
                    passes++;
                } while ((System.nanoTime() - t0) / 1e9 < o.settleSeconds());
                System.out.printf(Locale.ROOT, "settled: %d untimed pass(es) over the cells (%.0f s)%n", passes,
                        (System.nanoTime() - t0) / 1e9);
            }
            if (o.wants("pingpong")) {
                // untimed first: the first ping-pong cell of fresh servers took 20 us for 8 bytes where every later
                // one took 12, whichever payload it used (the warm-up's quiet JIT is not yet the steady state)
                timeInterleaved(g, "pingpong", List.of("blocking", "direct"), 8, o.repsFor(8), o.warmUpSeconds());
                for (long bytes : o.sizes()) {
                    // Java arrays and the same elements in direct memory (what a C program's buffers are), timed
                    // interleaved
                    Map<String, Double> t = timeInterleaved(g, "pingpong", List.of("blocking", "direct"), bytes,
                            o.repsFor(bytes), o.warmUpSeconds());
                    t.forEach((variant, median) -> rows.add(print(new Row("pingpong", variant, p, bytes, median,
                            model.pointToPoint(bytes), variant.equals("blocking"), Double.NaN, bytes * beta))));
                }
            }
            rows.addAll(timeCollectives(g, o, p, selector, model, beta, false));
        }
        return rows;
    }

    /**
     * Times every wanted collective cell of group {@code g}, its algorithms interleaved, and prints and returns the
     * rows; or, {@code settling}, takes {@link CollBenchOptions#SETTLE_REPS} samples of each cell, untimed, and returns
     * no rows.
     */
    private static List<Row> timeCollectives(ServerGroup g, CollBenchOptions o, int p, CollectiveSelector selector,
            CostModel model, double beta, boolean settling) {
        List<Row> rows = new ArrayList<>();
        for (Collective c : Collective.values()) {
            if (!o.wants(c.propertyName())) {
                continue;
            }
            List<Long> sizes = c == Collective.BARRIER ? List.of(0L) : o.sizes();
            for (long bytes : sizes) {
                String pick = selector.cheapest(c, p, bytes, reduces(c) ? ReduceOps.SUM : null, true).name();
                List<CollectiveAlgorithm> cell = selector.candidates(c).stream()
                        .filter(a -> o.wantsAlgorithm(a.name(), a.name().equals(pick))).toList();
                if (cell.isEmpty()) {
                    continue;
                }
                List<String> names = new ArrayList<>(cell.stream().map(CollectiveAlgorithm::name).toList());
                String pickInDirect = pick + MeasuredTimes.DIRECT_MEMORY;
                if (inDirectMemoryToo(c, bytes)) {
                    names.add(pickInDirect);
                }
                Map<String, Double> medians = timeInterleaved(g, c.propertyName(), names, bytes,
                        settling ? CollBenchOptions.SETTLE_REPS : o.repsFor(bytes), o.warmUpSeconds());
                if (settling) {
                    continue;
                }
                for (CollectiveAlgorithm a : cell) {
                    rows.add(print(new Row(c.propertyName(), a.name(), p, bytes, medians.get(a.name()),
                            selector.predict(a, p, bytes), a.name().equals(pick), Double.NaN,
                            bound(c, p, bytes, beta))));
                }
                if (medians.containsKey(pickInDirect)) {
                    rows.add(print(new Row(c.propertyName(), pickInDirect, p, bytes, medians.get(pickInDirect),
                            selector.predict(selector.byName(c, pick), p, bytes), false, Double.NaN,
                            bound(c, p, bytes, beta))));
                }
            }
        }
        return rows;
    }

    /**
     * Whether a cell's pick is timed with its buffers in direct memory as well as in Java arrays: the collectives
     * that the Open MPI reference program times (whose buffers are C memory), at sizes that travel as large
     * messages, which go between a link and direct memory with no copy in the JVM (an eager message is copied
     * either way).
     */
    static boolean inDirectMemoryToo(Collective c, long bytes) {
        return MeasuredTimes.DIRECT_MEMORY_COLLECTIVES.contains(c) && bytes >= Communicator.largeMessageBytes();
    }

    /** The share of the host's memory the local servers' heaps may take together. */
    private static final double HOST_MEMORY_PERCENT = 60;

    private static ServerGroup launch(CollBenchOptions o, int p) {
        OxClientOptions options = OxClientOptions.defaults().withRequestTimeout(Duration.ofMinutes(10));
        if (o.hostfile() != null) {
            String home = home().toAbsolutePath().toString();
            return ServerGroup.launchFromHostfile(Hostfile.read(o.hostfile()), p,
                    host -> new SshLauncher(host, host, home, o.ssh(), Duration.ofSeconds(180)), options,
                    OxClientResources.shared());
        }
        // the JIT's thresholds at a tenth (before JAVA_OPTS, which may set them otherwise): at the usual ones a method
        // that a collective calls once reaches the second compiler after thousands of calls, a minute of samples
        // into a cell, and the compiler threads then took a fifth of both cores during the samples (perf, the 1 MiB
        // reduce at p = 8); this way the warm-up pays for compiling, as Open MPI's code comes compiled.
        // p servers share this host's memory: each JVM's default ceiling (a quarter of it) would let eight of them
        // that hold 16 MiB messages overcommit it and wake the kernel's OOM killer
        String opts = JIT_THRESHOLDS + " " + System.getenv().getOrDefault("JAVA_OPTS", "")
                + String.format(Locale.ROOT, " -XX:MaxRAMPercentage=%.1f", HOST_MEMORY_PERCENT / p);
        if (o.model() != null) {
            opts += " -D" + CostModelStore.FILE_PROPERTY + "=" + o.model();
        }
        // the servers select as this report assumes: the same measurements (none: an empty list, so that they do
        // not fall back to the saved runs), passed in their JVM options
        opts += " -D" + MeasuredChoices.FILE_PROPERTY + "=" + o.choices().stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
        LocalProcessLauncher local = LocalProcessLauncher.builder().command(List.of("env", "JAVA_OPTS=" + opts,
                OxHome.serverScript(OxHome.locate()).toString())).build();
        List<ServerLauncher> launchers = Collections.nCopies(p, local);
        return ServerGroup.launch(launchers, Collections.nCopies(p, "127.0.0.1"), LinkAddressing.tcp(), options,
                OxClientResources.shared());
    }

    /**
     * Bandwidth lower bound of one call at {@code bytes}: every non-root rank of bcast must receive m bytes and the
     * root of reduce must receive m bytes' worth of contributions; allreduce moves at least 2(p−1)/p·m through each
     * rank's link. NaN for the other collectives.
     */
    static double bound(Collective c, int p, long bytes, double beta) {
        return switch (c) {
            case BCAST, REDUCE -> bytes * beta;
            case ALLREDUCE -> 2.0 * (p - 1) / p * bytes * beta;
            default -> Double.NaN;
        };
    }

    private static boolean reduces(Collective c) {
        return c == Collective.REDUCE || c == Collective.ALLREDUCE || c == Collective.SCAN || c == Collective.EXSCAN;
    }

    /**
     * Per algorithm, the median time of a cell's algorithms timed interleaved by {@code mpi_time} (one sample of
     * each per round), so that a host whose speed drifts during the cell treats them alike.
     */
    private static Map<String, Double> timeInterleaved(ServerGroup g, String collective, List<String> algorithms,
            long bytes, int reps, int warmUpSeconds) {
        CmoList names = new CmoList(algorithms.stream().<Cmo>map(CmoString::of).toList());
        List<Cmo> got = g.all((r, m) -> m.callAsync("mpi_time", CmoString.of(collective), names, CmoZZ.of(bytes),
                CmoZZ.of(reps), CmoZZ.of(5), CmoZZ.of(warmUpSeconds)), "mpi_time " + collective + " " + algorithms);
        Map<String, Double> out = new LinkedHashMap<>();
        for (Cmo series : ((CmoList) got.get(0)).elements()) {
            CmoList l = (CmoList) series;
            out.put(((CmoString) l.get(0)).value(), median(l));
        }
        return out;
    }

    /** The median of {@code [Algorithm, T1, ...]}'s times. */
    private static double median(CmoList l) {
        double[] t = new double[l.size() - 1];
        for (int i = 1; i < l.size(); i++) {
            t[i - 1] = ((CmoIeeeDouble) l.get(i)).value();
        }
        return RobustFit.median(t);
    }

    private static Row print(Row r) {
        System.out.printf(Locale.ROOT, "  %-10s %-18s p=%d %9s  %11.6f s  model %11.6f s%s%n", r.collective(),
                r.algorithm(), r.p(), SvgChart.bytesLabel(r.bytes()) + "B", r.median(), r.model(),
                r.selected() ? "  (selector's pick)" : "");
        return r;
    }

    static String table(List<Row> rows, boolean mpi) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-10s %-18s %3s %10s %12s %12s %4s %12s %7s", "collective", "algorithm",
                "p", "bytes", "median_s", "model_s", "pick", "bound_s", "/bound"));
        if (mpi) {
            b.append(String.format(Locale.ROOT, " %12s %7s", "mpi_s", "ratio"));
        }
        b.append(String.format(Locale.ROOT, " %s%n", "MB/s"));
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "%-10s %-18s %3d %10d %12.6f %12.6f %4s", r.collective(),
                    r.algorithm(), r.p(), r.bytes(), r.median(), r.model(), r.selected() ? "*" : ""));
            b.append(Double.isNaN(r.bound()) ? String.format(Locale.ROOT, " %12s %7s", "-", "-")
                    : String.format(Locale.ROOT, " %12.6f %7.2f", r.bound(), r.boundRatio()));
            if (mpi) {
                b.append(Double.isNaN(r.mpi()) ? String.format(Locale.ROOT, " %12s %7s", "-", "-")
                        : String.format(Locale.ROOT, " %12.6f %7.2f", r.mpi(), r.ratio()));
            }
            b.append(r.collective().equals("pingpong") && r.median() > 0
                    ? String.format(Locale.ROOT, " %.1f", r.bytes() / r.median() / 1e6) : "");
            b.append('\n');
        }
        return b.toString();
    }

    static String csv(List<Row> rows, boolean mpi) {
        StringBuilder b = new StringBuilder("collective,algorithm,p,bytes,median_s,model_s,pick");
        b.append(mpi ? ",mpi_s,ratio\n" : "\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%.9f,%.9f,%d", r.collective(), r.algorithm(), r.p(),
                    r.bytes(), r.median(), r.model(), r.selected() ? 1 : 0));
            if (mpi) {
                b.append(Double.isNaN(r.mpi()) ? ",," : String.format(Locale.ROOT, ",%.9f,%.4f", r.mpi(), r.ratio()));
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** The targets of a cluster run: bcast and reduce of 16 MiB to 8 hosts with the selector's pick. */
    static String boundTargets(List<Row> rows) {
        StringBuilder b = new StringBuilder("targets (selector's pick against the m/beta bound):\n");
        for (String coll : List.of("bcast", "reduce")) {
            Optional<Row> pick = rows.stream().filter(r -> r.collective().equals(coll) && r.p() == 8
                    && r.bytes() == 16L << 20 && r.selected()).findFirst();
            String what = coll + " 16 MiB to 8 hosts within 1.1x of the bound";
            if (pick.isEmpty() || Double.isNaN(pick.get().bound())) {
                b.append("  ").append(what).append(": not measured\n");
                continue;
            }
            Row r = pick.get();
            b.append(String.format(Locale.ROOT, "  %s: %s %.6f s vs bound %.6f s, ratio %.2f -> %s%n", what,
                    r.algorithm(), r.median(), r.bound(), r.boundRatio(), r.boundRatio() <= 1.1 ? "MET" : "MISSED"));
        }
        return b.toString();
    }

    /** The three targets of issue 7, each with the best ox4j algorithm against Open MPI. */
    static String targets(List<Row> rows, boolean mpi) {
        if (!mpi) {
            return "targets: no Open MPI reference, not evaluated\n";
        }
        StringBuilder b = new StringBuilder("targets:\n");
        target(b, rows, "pingpong", 2, 16L << 20, "16 MiB point-to-point bandwidth >= 0.9x Open MPI", 1 / 0.9);
        target(b, rows, "bcast", 8, 16L << 20, "bcast 16 MiB to 8 servers no slower than Open MPI", 1.0);
        target(b, rows, "allreduce", 8, 1L << 20, "allreduce 1 MiB long[] (p=8) within 1.2x of Open MPI", 1.2);
        return b.toString();
    }

    private static void target(StringBuilder b, List<Row> rows, String coll, int p, long bytes, String what,
            double maxRatio) {
        Optional<Row> best = rows.stream().filter(r -> r.collective().equals(coll) && r.p() == p
                && r.bytes() == bytes && !Double.isNaN(r.mpi())).min((x, y) -> Double.compare(x.median(), y.median()));
        if (best.isEmpty()) {
            b.append("  ").append(what).append(": not measured\n");
            return;
        }
        Row r = best.get();
        b.append(String.format(Locale.ROOT, "  %s: %s %.6f s vs %.6f s, ratio %.2f -> %s%n", what, r.algorithm(),
                r.median(), r.mpi(), r.ratio(), r.ratio() <= maxRatio ? "MET" : "MISSED"));
    }
}
