package org.ox4j.mpi.coll;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The collective timings of one {@code bin/ox-bench coll} CSV (columns {@code collective, algorithm, p, bytes,
 * median_s} in any order after a header line; ping-pong rows, rows of an algorithm timed with direct memory
 * ({@value #DIRECT_MEMORY}), blank lines and rows without a positive time are skipped): what {@link MeasuredChoices}
 * and {@link ModelRefit} learn from. Immutable.
 */
public record MeasuredTimes(List<Row> rows) {
    /**
     * The suffix of an algorithm's name in a row timed with the caller's buffers in direct memory instead of Java
     * arrays: the same algorithm, not one of its own, and the selector does not choose between memories (the caller
     * does), so its choices and fits leave such rows out.
     */
    public static final String DIRECT_MEMORY = "@direct";
    /**
     * The collectives that {@code mpi_time} times with {@value #DIRECT_MEMORY} (those the Open MPI reference program
     * times into receive buffers): where such rows can appear.
     */
    public static final Set<Collective> DIRECT_MEMORY_COLLECTIVES = Collections.unmodifiableSet(EnumSet.of(
            Collective.BCAST, Collective.REDUCE, Collective.ALLREDUCE, Collective.SCAN, Collective.ALLGATHER,
            Collective.ALLTOALL));

    /** One measured median: {@code algorithm} of {@code collective} on {@code p} ranks at {@code bytes}. */
    public record Row(Collective collective, String algorithm, int p, long bytes, double seconds) {
    }

    public MeasuredTimes {
        rows = List.copyOf(rows);
    }

    /** The rows of a benchmark CSV; {@link IOException} naming the file and line for a malformed one. */
    public static MeasuredTimes read(Path file) throws IOException {
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
        List<Row> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",", -1);
            Optional<Collective> c = f.length < header.size() ? Optional.empty() : Collective.fromName(f[coll]);
            if (c.isEmpty() || f[alg].endsWith(DIRECT_MEMORY)) {
                continue; // ping-pong, direct memory and blank lines
            }
            try {
                double t = Double.parseDouble(f[median]);
                if (t > 0) {
                    rows.add(new Row(c.get(), f[alg], Integer.parseInt(f[size]), Long.parseLong(f[bytes]), t));
                }
            } catch (NumberFormatException e) {
                throw new IOException(file + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return new MeasuredTimes(rows);
    }

    private static int column(List<String> header, String name, Path file) throws IOException {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new IOException(file + ": no column " + name + " in " + header);
        }
        return i;
    }
}
