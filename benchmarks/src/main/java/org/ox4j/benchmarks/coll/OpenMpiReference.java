package org.ox4j.benchmarks.coll;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs {@code benchmarks/mpi/run-openmpi.sh} (Open MPI over TCP, {@code --mca btl tcp,self}) for the same group
 * sizes and message sizes and reads its CSV: median seconds keyed by (collective, p, bytes).
 */
final class OpenMpiReference {
    private OpenMpiReference() {
    }

    /** Key of a measurement. */
    static String key(String collective, int p, long bytes) {
        return collective + "/" + p + "/" + bytes;
    }

    /**
     * The reference times, or empty (with the reason printed) when Open MPI cannot run here. With a
     * {@code hostfile} (the emulated cluster's, in its state directory) Open MPI runs on that cluster.
     */
    static Optional<Map<String, Double>> run(Path home, List<Integer> ps, List<Long> sizes, Path hostfile) {
        Path script = home.resolve("benchmarks/mpi/run-openmpi.sh");
        if (!Files.isExecutable(script)) {
            System.out.println("Open MPI reference: " + script + " not found; skipped");
            return Optional.empty();
        }
        try {
            Path out = Files.createTempFile("ox-bench-openmpi", ".csv");
            try {
                ProcessBuilder pb = new ProcessBuilder(script.toString(), "--np",
                        ps.stream().map(String::valueOf).collect(Collectors.joining(" ")), "--sizes",
                        sizes.stream().map(String::valueOf).collect(Collectors.joining(",")), "--max-seconds", "1",
                        "--csv", out.toString());
                if (hostfile != null) {
                    pb.command().add("--cluster");
                    pb.environment().put("OX4J_CLUSTER_STATE", hostfile.toAbsolutePath().getParent().toString());
                }
                pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
                pb.redirectError(ProcessBuilder.Redirect.INHERIT);
                Process proc = pb.start();
                try {
                    if (!proc.waitFor(20, TimeUnit.MINUTES)) {
                        System.out.println("Open MPI reference: no result within 20 minutes; skipped");
                        return Optional.empty();
                    }
                } finally {
                    if (proc.isAlive()) {
                        proc.descendants().forEach(ProcessHandle::destroyForcibly);
                        proc.destroyForcibly();
                    }
                }
                if (proc.exitValue() != 0) {
                    System.out.println("Open MPI reference: run-openmpi.sh exited with " + proc.exitValue()
                            + (proc.exitValue() == 77 ? " (skipped: see above)" : "") + "; no mpi_s column");
                    return Optional.empty();
                }
                return Optional.of(parse(Files.readAllLines(out, StandardCharsets.UTF_8)));
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            System.out.println("Open MPI reference: " + e.getMessage() + "; skipped");
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * Two passes' times of the same cells as one reference: per cell the geometric mean of both (a cell measured in
     * one pass only keeps that time).
     */
    static Map<String, Double> combine(Map<String, Double> first, Map<String, Double> second) {
        Map<String, Double> m = new HashMap<>(first);
        second.forEach((cell, t) -> m.merge(cell, t, (a, b) -> Math.sqrt(a * b)));
        return m;
    }

    /** One line on how far two passes' times of the same cells lie apart: the median and the largest ratio. */
    static String spread(int p, Map<String, Double> first, Map<String, Double> second) {
        List<Map.Entry<String, Double>> ratios = new ArrayList<>();
        first.forEach((cell, a) -> {
            Double b = second.get(cell);
            if (b != null && a > 0 && b > 0) {
                ratios.add(Map.entry(cell, Math.max(a, b) / Math.min(a, b)));
            }
        });
        if (ratios.isEmpty()) {
            return "Open MPI reference, p = " + p + ": no cell measured in both passes";
        }
        ratios.sort(Map.Entry.comparingByValue());
        Map.Entry<String, Double> widest = ratios.get(ratios.size() - 1);
        return String.format(Locale.ROOT, "Open MPI reference, p = %d: its passes before and after ox4j's cells lie "
                + "apart by a median %.2fx over %d cells, at most %.2fx (%s)", p,
                ratios.get(ratios.size() / 2).getValue(), ratios.size(), widest.getValue(), widest.getKey());
    }

    /** CSV {@code collective,algorithm,p,bytes,median_s} → seconds by {@link #key}. */
    static Map<String, Double> parse(List<String> lines) {
        Map<String, Double> m = new HashMap<>();
        for (String line : lines) {
            String[] f = line.split(",");
            if (f.length != 5 || f[0].equals("collective")) {
                continue;
            }
            m.put(key(f[0], Integer.parseInt(f[2]), Long.parseLong(f[3])), Double.parseDouble(f[4]));
        }
        return m;
    }
}
