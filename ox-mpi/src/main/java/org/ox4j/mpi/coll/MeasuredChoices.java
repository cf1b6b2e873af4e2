package org.ox4j.mpi.coll;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.ox4j.mpi.cost.RobustFit;

/**
 * The fastest algorithm per (collective, group size, message size) as measured on this machine, which the
 * {@link CollectiveSelector} prefers to the cost model's prediction where it has a measurement close enough: the
 * model cannot know every effect of a host (thread wake-ups, ranks sharing cores, pipeline granularity), a
 * measurement includes them. It is read from the CSVs that {@code bin/ox-bench coll --csv FILE} writes (columns
 * {@code collective, algorithm, p, bytes, median_s}, in any order after a header line). Between measured sizes the
 * nearest one on a logarithmic scale decides, within a factor of {@value #REACH} either way; other group sizes and
 * sizes further out are left to the model. Immutable.
 *
 * <p>Several runs are pooled, because one run of a shared host can put any algorithm of a cell in a bad minute: in
 * each run a cell's times are divided by that run's fastest time of the cell, and the algorithm with the smallest
 * median of those ratios over the runs that measured it wins (ties: the smaller sum of raw times). So every new run
 * adds evidence and a choice changes when the measurements keep disagreeing with it, not on one outlier. Cost:
 * O(rows · log rows) to load.
 *
 * <p>Ranks that selected differently would run different algorithms of one collective; the members of a server
 * group therefore select with rank 0's choices ({@link #choices()} and {@link #of(List)} carry them across), whatever
 * files the others loaded.
 */
public final class MeasuredChoices {
    /**
     * System property naming the CSV files ({@link #fromSystemProperty()}), separated by the platform's path
     * separator.
     */
    public static final String FILE_PROPERTY = "ox.coll.measuredChoices";
    /**
     * System property naming the directory of saved runs ({@link #savedRuns()}); by default {@code .ox4j/coll-choices}
     * in the user's home. {@code bin/ox-bench coll --save-choices} adds its run there.
     */
    public static final String DIRECTORY_PROPERTY = "ox.coll.choicesDirectory";
    /** How far (as a factor of the message size) a measurement decides for sizes that were not measured. */
    static final double REACH = 4;
    /** No measurements: the model decides everything. */
    public static final MeasuredChoices NONE = new MeasuredChoices(Map.of());

    /** Per cell: measured size → the winning algorithm. */
    private final Map<Cell, TreeMap<Long, String>> fastest;

    /** A collective on a group size: what a run measures at several message sizes. */
    private record Cell(Collective collective, int p) {
    }

    private MeasuredChoices(Map<Cell, TreeMap<Long, String>> fastest) {
        this.fastest = fastest;
    }

    /** The choices in the files named by {@value #FILE_PROPERTY}, {@link #NONE} when it is not set. */
    public static MeasuredChoices fromSystemProperty() {
        String f = System.getProperty(FILE_PROPERTY);
        if (f == null || f.isBlank()) {
            return NONE;
        }
        List<Path> files = new ArrayList<>();
        for (String name : f.split(Pattern.quote(File.pathSeparator))) {
            if (!name.isBlank()) {
                files.add(Path.of(name.trim()));
            }
        }
        try {
            return fromCsv(files);
        } catch (IOException e) {
            throw new IllegalStateException("cannot load measured choices: " + e.getMessage(), e);
        }
    }

    /** One measured winner: the algorithm that was fastest for a collective, a group size and a message size. */
    public record Choice(Collective collective, int p, long bytes, String algorithm) {
        public Choice {
            Objects.requireNonNull(collective, "collective");
            Objects.requireNonNull(algorithm, "algorithm");
            if (p < 1 || bytes < 0) {
                throw new IllegalArgumentException("group size " + p + ", bytes " + bytes);
            }
        }
    }

    /** These winners and nothing else (a later one of the same cell replaces an earlier one). */
    public static MeasuredChoices of(List<Choice> choices) {
        Map<Cell, TreeMap<Long, String>> winners = new HashMap<>();
        for (Choice c : choices) {
            winners.computeIfAbsent(new Cell(c.collective(), c.p()), k -> new TreeMap<>())
                    .put(c.bytes(), c.algorithm());
        }
        return new MeasuredChoices(Map.copyOf(winners));
    }

    /** Every winner, ordered by collective, group size and message size; {@link #of(List)} restores them. */
    public List<Choice> choices() {
        List<Choice> out = new ArrayList<>();
        fastest.forEach((cell, sizes) -> sizes.forEach((bytes, alg) -> out.add(new Choice(cell.collective(), cell.p(),
                bytes, alg))));
        out.sort(Comparator.comparing((Choice c) -> c.collective().propertyName()).thenComparingInt(Choice::p)
                .thenComparingLong(Choice::bytes));
        return out;
    }

    /**
     * What a server selects with: the files of {@value #FILE_PROPERTY} when it is set (blank: none, the model alone),
     * else the runs saved in {@link #directory()} (none saved: the model alone).
     */
    public static MeasuredChoices configured() {
        if (System.getProperty(FILE_PROPERTY) != null) {
            return fromSystemProperty();
        }
        List<Path> runs = savedRuns();
        try {
            return runs.isEmpty() ? NONE : fromCsv(runs);
        } catch (IOException e) {
            throw new IllegalStateException("cannot load the saved runs in " + directory() + ": " + e.getMessage(), e);
        }
    }

    /** The directory of saved runs: {@value #DIRECTORY_PROPERTY}, else {@code ~/.ox4j/coll-choices}. */
    public static Path directory() {
        String d = System.getProperty(DIRECTORY_PROPERTY);
        return d != null && !d.isBlank() ? Path.of(d)
                : Path.of(System.getProperty("user.home"), ".ox4j", "coll-choices");
    }

    /** The CSVs saved in {@link #directory()}, by name; none when it does not exist. */
    public static List<Path> savedRuns() {
        Path dir = directory();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".csv") && Files.isRegularFile(f)).sorted()
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The fastest algorithm of each cell of one benchmark CSV. */
    public static MeasuredChoices fromCsv(Path file) throws IOException {
        return fromCsv(List.of(file));
    }

    /** The algorithm of each cell that the runs in {@code files} agree is fastest (see the class comment). */
    public static MeasuredChoices fromCsv(List<Path> files) throws IOException {
        // per cell → bytes → algorithm → what the runs said of it
        Map<Cell, Map<Long, Map<String, Evidence>>> evidence = new HashMap<>();
        for (Path file : files) {
            Map<Cell, Map<Long, Map<String, Double>>> run = new HashMap<>();
            for (MeasuredTimes.Row r : MeasuredTimes.read(file).rows()) {
                // a cell measured twice in one file: its faster row
                run.computeIfAbsent(new Cell(r.collective(), r.p()), k -> new HashMap<>())
                        .computeIfAbsent(r.bytes(), k -> new HashMap<>()).merge(r.algorithm(), r.seconds(), Math::min);
            }
            run.forEach((cell, sizes) -> sizes.forEach((bytes, times) -> {
                double best = times.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
                times.forEach((alg, t) -> evidence.computeIfAbsent(cell, k -> new HashMap<>())
                        .computeIfAbsent(bytes, k -> new HashMap<>()).computeIfAbsent(alg, k -> new Evidence())
                        .add(t, t / best));
            }));
        }
        Map<Cell, TreeMap<Long, String>> winners = new HashMap<>();
        evidence.forEach((cell, sizes) -> sizes.forEach((bytes, byAlgorithm) -> {
            Comparator<String> order = Comparator.<String>comparingDouble(a -> byAlgorithm.get(a).medianRatio())
                    .thenComparingDouble(a -> byAlgorithm.get(a).totalSeconds).thenComparing(Comparator.naturalOrder());
            String winner = byAlgorithm.keySet().stream().min(order).orElseThrow();
            winners.computeIfAbsent(cell, k -> new TreeMap<>()).put(bytes, winner);
        }));
        return new MeasuredChoices(Map.copyOf(winners));
    }

    /** One algorithm's times in one cell over the runs: each run's time / that run's best, and their sum. */
    private static final class Evidence {
        private final List<Double> ratios = new ArrayList<>();
        private double totalSeconds;

        void add(double seconds, double ratioToBest) {
            ratios.add(ratioToBest);
            totalSeconds += seconds;
        }

        double medianRatio() {
            return RobustFit.median(ratios.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }

    /** The measured fastest algorithm for this cell or the nearest measured size within reach, if any. */
    public Optional<String> algorithm(Collective c, int p, long bytes) {
        TreeMap<Long, String> sizes = fastest.get(new Cell(c, p));
        if (sizes == null) {
            return Optional.empty();
        }
        Map.Entry<Long, String> below = sizes.floorEntry(bytes);
        Map.Entry<Long, String> above = sizes.ceilingEntry(bytes);
        Map.Entry<Long, String> nearest = below == null ? above : above == null ? below
                : logDistance(bytes, below.getKey()) <= logDistance(bytes, above.getKey()) ? below : above;
        return Optional.ofNullable(nearest).filter(e -> logDistance(bytes, e.getKey()) <= Math.log(REACH) + 1e-9)
                .map(Map.Entry::getValue);
    }

    private static double logDistance(long a, long b) {
        return Math.abs(Math.log(Math.max(1, a)) - Math.log(Math.max(1, b)));
    }
}
