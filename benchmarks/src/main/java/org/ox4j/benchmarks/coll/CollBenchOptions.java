package org.ox4j.benchmarks.coll;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ox4j.mpi.coll.MeasuredChoices;

/**
 * Options of {@code bin/ox-bench coll}.
 *
 * @param groupSizes  p values (default 2, 4, 8)
 * @param sizes       message sizes in bytes (default 8, 64 KiB, 1 MiB, 16 MiB)
 * @param reps        repetitions per measurement, or 0 for the size-dependent default ({@link #repsFor})
 * @param csv         CSV output file, or null
 * @param svg         SVG chart file, or null
 * @param calibrateMax largest ping-pong size of the calibration
 * @param openMpi     whether to run the Open MPI reference
 * @param only        collectives to measure (empty = all)
 * @param hostfile    place the servers by this host file and start them over ssh (null: local processes)
 * @param ssh         the ssh command for {@code hostfile}
 * @param linkRate    the nominal link rate in bit/s (0 if unknown): the m/β bound uses its TCP goodput
 * @param algorithms  algorithms to measure (empty = all)
 * @param warmUpSeconds longest JIT warm-up before each measurement (mpi_time's WarmUpSeconds)
 * @param choices     CSVs of earlier runs whose pooled fastest algorithm per cell the selector prefers to the model
 *                    ({@link org.ox4j.mpi.coll.MeasuredChoices}), in the servers and in the report; empty for none.
 *                    Without {@code --choices} the runs saved by {@code --save-choices}, with {@code --choices none}
 *                    none
 * @param model       a cost model file ({@code bin/ox-bench refit --save}) the servers and the report select with
 *                    instead of calibrating; null to calibrate
 * @param settleSeconds every group first runs its collective cells untimed, pass after pass until this long has
 *                    passed (at least one pass; {@code --settle 0}: none)
 * @param saveChoices whether to add this run's CSV to the saved runs ({@link
 *                    org.ox4j.mpi.coll.MeasuredChoices#directory()}) that servers and later runs select with
 */
public record CollBenchOptions(List<Integer> groupSizes, List<Long> sizes, int reps, Path csv, Path svg,
        long calibrateMax, boolean openMpi, List<String> only, Path hostfile, List<String> ssh, double linkRate,
        List<String> algorithms, int warmUpSeconds, List<Path> choices, Path model, int settleSeconds,
        boolean saveChoices) {
    static final String USAGE = "usage: bin/ox-bench [coll] [--csv FILE] [--svg FILE] [--p 2,4,8]"
            + " [--sizes 8,65536,1048576,16777216] [--reps N] [--calibrate-max BYTES] [--no-mpi]"
            + " [--only bcast,allreduce,...] [--algorithms stream_chain,...]"
            + " [--hostfile FILE [--ssh 'ssh -o BatchMode=yes']] [--link-rate 1gbit] [--warmup SECONDS]"
            + " [--choices EARLIER.csv[,EARLIER2.csv...]|none] [--save-choices] [--model REFIT.properties]"
            + " [--settle SECONDS]";

    public CollBenchOptions {
        groupSizes = List.copyOf(groupSizes);
        sizes = List.copyOf(sizes);
        only = List.copyOf(only);
        ssh = List.copyOf(ssh);
        algorithms = List.copyOf(algorithms);
        choices = List.copyOf(choices);
    }

    /** Parses the command line; {@link IllegalArgumentException} with the usage on an error. */
    public static CollBenchOptions parse(String[] args) {
        List<Integer> ps = List.of(2, 4, 8);
        List<Long> sizes = List.of(8L, 65536L, 1L << 20, 16L << 20);
        int reps = 0;
        Path csv = Path.of("ox-bench-coll.csv");
        Path svg = Path.of("ox-bench-coll.svg");
        long calMax = 16L << 20;
        boolean mpi = true;
        List<String> only = List.of();
        Path hostfile = null;
        List<String> ssh = List.of("ssh", "-o", "BatchMode=yes");
        double linkRate = 0;
        List<String> algorithms = List.of();
        int warmUp = 5;
        List<Path> choices = null;
        boolean save = false;
        Path model = null;
        int settle = 60;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--p" -> ps = ints(value(args, ++i, a));
                case "--sizes" -> sizes = longs(value(args, ++i, a));
                case "--reps" -> reps = Integer.parseInt(value(args, ++i, a));
                case "--csv" -> csv = Path.of(value(args, ++i, a));
                case "--svg" -> svg = Path.of(value(args, ++i, a));
                case "--calibrate-max" -> calMax = Long.parseLong(value(args, ++i, a));
                case "--no-mpi" -> mpi = false;
                case "--only" -> only = Arrays.asList(value(args, ++i, a).split(","));
                case "--hostfile" -> hostfile = Path.of(value(args, ++i, a));
                case "--ssh" -> ssh = Arrays.asList(value(args, ++i, a).trim().split("\\s+"));
                case "--link-rate" -> linkRate = bitRate(value(args, ++i, a));
                case "--algorithms" -> algorithms = Arrays.asList(value(args, ++i, a).split(","));
                case "--warmup" -> warmUp = Integer.parseInt(value(args, ++i, a));
                case "--choices" -> {
                    String list = value(args, ++i, a);
                    choices = list.equals("none") ? List.of() : paths(list);
                }
                case "--save-choices" -> save = true;
                case "--model" -> model = Path.of(value(args, ++i, a)).toAbsolutePath();
                case "--settle" -> settle = Integer.parseInt(value(args, ++i, a));
                default -> throw new IllegalArgumentException("unknown option " + a + "\n" + USAGE);
            }
        }
        if (ps.stream().anyMatch(p -> p < 2 || p > 64) || sizes.stream().anyMatch(s -> s < 1 || s > (64L << 20))
                || reps < 0 || warmUp < 0 || settle < 0) {
            throw new IllegalArgumentException("--p values 2..64, --sizes 1..67108864, --reps >= 0, --warmup >= 0,"
                    + " --settle >= 0\n"
                    + USAGE);
        }
        // without --choices: the saved runs, named here so that the report and the servers select with the same ones
        return new CollBenchOptions(ps, sizes, reps, csv, svg, calMax, mpi, only, hostfile, ssh, linkRate, algorithms,
                warmUp, choices == null ? MeasuredChoices.savedRuns() : choices, model, settle, save);
    }

    /** A comma-separated list of files ({@code --choices}, and the runs of {@code refit}), made absolute. */
    static List<Path> paths(String list) {
        return Arrays.stream(list.split(",")).filter(f -> !f.isBlank()).map(f -> Path.of(f.trim()).toAbsolutePath())
                .toList();
    }

    /** {@code 1gbit}, {@code 100mbit}, {@code 2.5gbit}, {@code 1e9} → bit/s (the units of {@code tc}). */
    static double bitRate(String s) {
        String t = s.trim().toLowerCase(java.util.Locale.ROOT);
        double unit = 1;
        for (String[] u : new String[][] {{"gbit", "1e9"}, {"mbit", "1e6"}, {"kbit", "1e3"}, {"bit", "1"}}) {
            if (t.endsWith(u[0])) {
                unit = Double.parseDouble(u[1]);
                t = t.substring(0, t.length() - u[0].length());
                break;
            }
        }
        double v = Double.parseDouble(t) * unit;
        if (!(v > 0)) {
            throw new IllegalArgumentException("--link-rate: " + s + " (expected e.g. 1gbit)\n" + USAGE);
        }
        return v;
    }

    /**
     * Seconds per payload byte on a link of {@link #linkRate}: TCP over 1500-byte-MTU Ethernet carries 1448
     * payload bytes per 1514-byte frame (Ethernet, IP and TCP headers with timestamps), which is what a
     * {@code tc} rate limits; a physical link also spends 24 bytes of preamble, FCS and gap per frame. NaN when
     * no rate was given.
     */
    public double linkBeta() {
        return linkRate > 0 ? 1514.0 / 1448.0 * 8 / linkRate : Double.NaN;
    }

    private static String value(String[] args, int i, String opt) {
        if (i >= args.length) {
            throw new IllegalArgumentException(opt + " needs a value\n" + USAGE);
        }
        return args[i];
    }

    private static List<Integer> ints(String s) {
        List<Integer> out = new ArrayList<>();
        for (String x : s.split(",")) {
            out.add(Integer.parseInt(x.trim()));
        }
        return out;
    }

    private static List<Long> longs(String s) {
        List<Long> out = new ArrayList<>();
        for (String x : s.split(",")) {
            out.add(Long.parseLong(x.trim()));
        }
        return out;
    }

    /**
     * Samples at {@code bytes}: the --reps value, else 200 / 60 / 20 / 9 for ≤1 KiB / ≤64 KiB / ≤1 MiB / more — the
     * counts of the Open MPI reference ({@code benchmarks/mpi/ox4j_mpi_bench.c}), so both medians are taken over
     * the same number of samples (each bounded by mpi_time's 10 s). With a tenth of them (20 at 8 bytes), a
     * ping-pong's median still held samples timed before its last compilations: 16–22 µs against 11–14 µs.
     */
    public int repsFor(long bytes) {
        if (reps > 0) {
            return reps;
        }
        return bytes <= 1024 ? 200 : bytes <= 65536 ? 60 : bytes <= (1 << 20) ? 20 : 9;
    }

    /** Samples per algorithm of a cell's untimed settling run. */
    public static final int SETTLE_REPS = 3;

    /** Whether {@code algorithm} is selected by --algorithms (the selector's pick is always measured). */
    public boolean wantsAlgorithm(String algorithm, boolean picked) {
        return picked || algorithms.isEmpty() || algorithms.contains(algorithm);
    }

    /** Whether {@code collective} is selected by --only. */
    public boolean wants(String collective) {
        return only.isEmpty() || only.contains(collective);
    }
}
