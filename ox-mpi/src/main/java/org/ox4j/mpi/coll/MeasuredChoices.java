package org.ox4j.mpi.coll;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The fastest algorithm per (collective, group size, message size) as measured on this machine, which the
 * {@link CollectiveSelector} prefers to the cost model's prediction where it has a measurement close enough: the
 * model cannot know every effect of a host (thread wake-ups, ranks sharing cores, pipeline granularity), a
 * measurement includes them. It is read from the CSV that {@code bin/ox-bench coll --csv FILE} writes (columns
 * {@code collective, algorithm, p, bytes, median_s}, in any order after a header line); the fastest row of each cell
 * wins. Between measured sizes the nearest one on a logarithmic scale decides, within a factor of
 * {@value #REACH} either way; other group sizes and sizes further out are left to the model. Immutable.
 *
 * <p>Every rank of a group must load the same file (as with the force property), or ranks could run different
 * algorithms of one collective.
 */
public final class MeasuredChoices {
    /** System property naming the CSV file ({@link #fromSystemProperty()}). */
    public static final String FILE_PROPERTY = "ox.coll.measuredChoices";
    /** How far (as a factor of the message size) a measurement decides for sizes that were not measured. */
    static final double REACH = 4;
    /** No measurements: the model decides everything. */
    public static final MeasuredChoices NONE = new MeasuredChoices(Map.of());

    /** The fastest row of a cell. */
    private record Fastest(String algorithm, double seconds) {
    }

    /** Per "collective/p": measured size → fastest row. */
    private final Map<String, TreeMap<Long, Fastest>> fastest;

    private MeasuredChoices(Map<String, TreeMap<Long, Fastest>> fastest) {
        this.fastest = fastest;
    }

    /** The choices in the file named by {@value #FILE_PROPERTY}, {@link #NONE} when it is not set. */
    public static MeasuredChoices fromSystemProperty() {
        String f = System.getProperty(FILE_PROPERTY);
        if (f == null || f.isBlank()) {
            return NONE;
        }
        try {
            return fromCsv(Path.of(f.trim()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot load measured choices: " + e.getMessage(), e);
        }
    }

    /** The fastest algorithm of each cell of a benchmark CSV. */
    public static MeasuredChoices fromCsv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            throw new IOException(file + ": empty (expected a header line)");
        }
        List<String> header = Arrays.asList(lines.get(0).split(","));
        int coll = column(header, "collective", file);
        int alg = column(header, "algorithm", file);
        int size = column(header, "p", file);
        int bytes = column(header, "bytes", file);
        int median = column(header, "median_s", file);
        Map<String, TreeMap<Long, Fastest>> best = new HashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",", -1);
            if (f.length < header.size() || Collective.fromName(f[coll]).isEmpty()) {
                continue; // ping-pong and blank lines
            }
            try {
                double t = Double.parseDouble(f[median]);
                if (t > 0) {
                    best.computeIfAbsent(f[coll] + "/" + Integer.parseInt(f[size]), k -> new TreeMap<>())
                            .merge(Long.parseLong(f[bytes]), new Fastest(f[alg], t),
                                    (a, b) -> a.seconds() <= b.seconds() ? a : b);
                }
            } catch (NumberFormatException e) {
                throw new IOException(file + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return new MeasuredChoices(Map.copyOf(best));
    }

    private static int column(List<String> header, String name, Path file) throws IOException {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new IOException(file + ": no column " + name + " in " + header);
        }
        return i;
    }

    /** The measured fastest algorithm for this cell or the nearest measured size within reach, if any. */
    public Optional<String> algorithm(Collective c, int p, long bytes) {
        TreeMap<Long, Fastest> sizes = fastest.get(c.propertyName() + "/" + p);
        if (sizes == null) {
            return Optional.empty();
        }
        Map.Entry<Long, Fastest> below = sizes.floorEntry(bytes);
        Map.Entry<Long, Fastest> above = sizes.ceilingEntry(bytes);
        Map.Entry<Long, Fastest> nearest = below == null ? above : above == null ? below
                : logDistance(bytes, below.getKey()) <= logDistance(bytes, above.getKey()) ? below : above;
        return Optional.ofNullable(nearest).filter(e -> logDistance(bytes, e.getKey()) <= Math.log(REACH) + 1e-9)
                .map(e -> e.getValue().algorithm());
    }

    private static double logDistance(long a, long b) {
        return Math.abs(Math.log(Math.max(1, a)) - Math.log(Math.max(1, b)));
    }
}
