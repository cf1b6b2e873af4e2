package org.ox4j.benchmarks.soak;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * {@code bin/ox-bench soak}: the reliability campaigns, bounded and self-stopping, each printed as a Markdown table
 * (the form of benchmarks/results/reliability.md); the exit status is the number of campaigns that failed.
 *
 * <pre>
 *   bin/ox-bench soak [fuzz FRAMES] [fuzz-server FRAMES OPENINGS] [resets N] [soak MASTERS SECONDS]
 *                     [peers GROUP_SIZE] [resets102 N] [--seed S] [--parallel P] [--hostfile FILE --cluster-tool PATH]
 * </pre>
 * With {@code --hostfile} every campaign runs in the emulated cluster (run the tool inside its master namespace,
 * {@code ox-cluster exec master bin/ox-bench soak … --hostfile … --cluster-tool …/ox-cluster}): the daemon and the
 * single servers on the first host, groups one rank per host, a member killed with {@code ox-cluster kill} or cut
 * off with {@code ox-cluster link HOST down} ({@link Placement}). Without campaign arguments: the full forms, fuzz
 * 1 000 000 frames against the daemon, 1 000 000 frames against one server of launch form b and 2000 openings of
 * such servers, resets 1000, soak 64 masters × 600 s, dying peers in groups of 4, 200 resets of a group during a
 * broadcast.
 */
public final class SoakBench {
    private SoakBench() {
    }

    public static void main(String[] args) throws Exception {
        long fuzz = -1;
        long serverFrames = -1;
        long serverOpenings = 0;
        int resets = -1;
        int masters = -1;
        long seconds = 0;
        long seed = 22;
        int parallel = 4;
        int peers = -1;
        int groupResets = -1;
        Path hostfile = null;
        Path clusterTool = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "fuzz" -> fuzz = Long.parseLong(args[++i]);
                case "fuzz-server" -> {
                    serverFrames = Long.parseLong(args[++i]);
                    serverOpenings = Long.parseLong(args[++i]);
                }
                case "resets" -> resets = Integer.parseInt(args[++i]);
                case "soak" -> {
                    masters = Integer.parseInt(args[++i]);
                    seconds = Long.parseLong(args[++i]);
                }
                case "peers" -> peers = Integer.parseInt(args[++i]);
                case "resets102" -> groupResets = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--parallel" -> parallel = Integer.parseInt(args[++i]);
                case "--hostfile" -> hostfile = Path.of(args[++i]).toAbsolutePath();
                case "--cluster-tool" -> clusterTool = Path.of(args[++i]).toAbsolutePath();
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (fuzz < 0 && serverFrames < 0 && resets < 0 && masters < 0 && peers < 0 && groupResets < 0) {
            peers = 4;
            groupResets = 200;
            fuzz = 1_000_000;
            serverFrames = 1_000_000;
            serverOpenings = 2000;
            resets = 1000;
            masters = 64;
            seconds = 600;
        }
        Path home = Path.of(System.getProperty("ox4j.home", "."));
        if ((hostfile == null) != (clusterTool == null)) {
            throw new IllegalArgumentException("--hostfile and --cluster-tool go together");
        }
        Placement placement = hostfile == null ? Placement.local()
                : Placement.cluster(hostfile, clusterTool, home.toAbsolutePath(), Duration.ofSeconds(15));
        int failed = run(System.out, placement, home, fuzz, resets, masters, Duration.ofSeconds(seconds), seed,
                parallel);
        if (serverFrames >= 0) {
            failed += serverFuzz(System.out, placement, serverFrames, serverOpenings, seed);
        }
        if (peers > 0) {
            failed += dyingPeers(System.out, peers, seed, placement);
        }
        if (groupResets >= 0) {
            failed += groupResets(System.out, groupResets, seed, placement);
        }
        System.exit(failed);
    }

    /** Runs the requested campaigns (a negative count skips one) where {@code placement} says; returns how many failed. */
    static int run(PrintStream out, Placement placement, Path home, long fuzz, int resets, int masters, Duration soak,
            long seed, int parallel) throws Exception {
        int failed = 0;
        if (fuzz >= 0) {
            try (DaemonProcess d = placement.startDaemon(home, 1024)) {
                FuzzCampaign.Result r = new FuzzCampaign(d, fuzz, parallel, seed).run();
                failed += r.failures() == 0 ? 0 : 1;
                out.printf("### fuzz: %d hostile frames against the daemon (%d in parallel, seed %d)%n%n", r.frames(),
                        parallel, seed);
                table(out, List.of(
                        row("where", placement.describe()),
                        row("frames by kind", r.perKind().toString()),
                        row("frames by channel", r.perChannel().toString()),
                        row("connections neither answered nor closed (hangs)", Long.toString(r.hangs())),
                        row("probe round trips / failures", r.probes() + " / " + r.probeFailures()),
                        row("daemon alive at the end", Boolean.toString(r.alive())),
                        row("highest sample", r.samples().max().toString()),
                        row("flat", flatText(r.samples(), 64, DaemonProcess.RSS_LIMIT_KIB)),
                        row("first failure", r.firstFailure().isEmpty() ? "none" : r.firstFailure()),
                        row("time", r.millis() / 1000 + " s (" + (r.millis() == 0 ? 0 : r.frames() * 1000 / r.millis())
                                + " frames/s)")));
            }
        }
        if (resets >= 0) {
            ResetCampaign.Result r = new ResetCampaign(resets, seed, placement).run();
            failed += r.failures() == 0 ? 0 : 1;
            out.printf("### resets: %d resets at random moments (0–300 ms) of %d long computations%n%n", r.resets(),
                    ResetCampaign.COMPUTATIONS.size());
            table(out, List.of(
                    row("where", placement.describe()),
                    row("resets / failures", r.resets() + " / " + r.failures()),
                    row("failures by computation", r.failuresPerComputation().toString()),
                    row("reset latency p50 / p99 / max", micros(r.resetMicros())),
                    row("highest sample", r.samples().max().toString()),
                    row("flat (threads, descriptors)", flatText(r.samples(), 16, 0)),
                    row("first failure", r.firstFailure() == null ? "none" : r.firstFailure()),
                    row("time", r.millis() / 1000 + " s")));
        }
        if (masters >= 0) {
            try (DaemonProcess d = placement.startDaemon(home, 4 * masters + 64)) {
                SoakCampaign.Result r = new SoakCampaign(d, masters, soak, seed).run();
                failed += r.failures() == 0 && r.alive() ? 0 : 1;
                out.printf("### soak: %d concurrent masters on the daemon for %d s%n%n", r.masters(), r.seconds());
                table(out, List.of(
                        row("where", placement.describe()),
                        row("requests / failures", r.requests() + " / " + r.failures()),
                        row("sessions opened / connections dropped mid-message", r.sessions() + " / " + r.drops()),
                        row("statement latency p50 / p99 / max", micros(r.statementMicros())),
                        row("highest sample", r.samples().max().toString()),
                        row("samples (first, last)", r.samples().all().get(0) + "; "
                                + r.samples().all().get(r.samples().all().size() - 1)),
                        row("flat", flatText(r.samples(), 2 * masters + 32, DaemonProcess.RSS_LIMIT_KIB)),
                        row("first failure", r.firstFailure().isEmpty() ? "none" : r.firstFailure()),
                        row("daemon alive at the end", Boolean.toString(r.alive()))));
            }
        }
        return failed;
    }

    /** Hostile frames against single servers of launch form b; returns 1 if it failed. */
    static int serverFuzz(PrintStream out, Placement placement, long frames, long openings, long seed)
            throws Exception {
        ServerFuzzCampaign.Result r = new ServerFuzzCampaign(placement, frames, openings, 2, seed).run();
        out.printf("### fuzz-server: %d well-framed hostile frames in one session of a launch-form-b server, %d"
                + " openings of fresh servers (seed %d)%n%n", r.frames(), r.openings(), seed);
        table(out, List.of(
                row("where", placement.describe()),
                row("session frames by kind", r.perKind().toString()),
                row("probes unanswered (hangs) / sessions closed", r.hangs() + " / " + r.closes()),
                row("highest sample of the session's server", r.samples().max().toString()),
                row("flat", flatText(r.samples(), 16, DaemonProcess.RSS_LIMIT_KIB)),
                row("openings by channel", r.perOpening().toString()),
                row("openings not closed, or whose server did not end", Long.toString(r.openingFailures())),
                row("first failure", r.firstFailure().isEmpty() ? "none" : r.firstFailure()),
                row("time", r.millis() / 1000 + " s")));
        return r.failures() == 0 ? 0 : 1;
    }

    /** The dying-peer campaign on groups of {@code size}; returns 1 if it failed. */
    static int dyingPeers(PrintStream out, int size, long seed, Placement placement) throws Exception {
        DyingPeerCampaign.Result r = new DyingPeerCampaign(size, seed, placement).run();
        out.printf("### dying peers: a member of a group of %d killed (SIGKILL) or cut off at every rank"
                + " position, during five collectives%n%n", size);
        table(out, List.of(
                row("where", r.where()),
                row("cases (fault × collective × rank) / failures", r.cases() + " / " + r.failures()),
                row("of them link cuts", r.skippedCuts() == null ? String.valueOf(r.cuts())
                        : "none: " + r.skippedCuts()),
                row("slowest case (launch, fault, errors, master's view, reset_102)", r.slowestMillis() + " ms"),
                row("first failure", r.firstFailure() == null ? "none" : r.firstFailure()),
                row("time", r.millis() / 1000 + " s")));
        return r.failures() == 0 ? 0 : 1;
    }

    /** Resets of a group of 3 during an RFC-102 broadcast; returns 1 if it failed. */
    static int groupResets(PrintStream out, int resets, long seed, Placement placement) throws Exception {
        Rfc102ResetCampaign.Result r = new Rfc102ResetCampaign(3, resets, seed, placement).run();
        out.printf("### resets during ox_bcast_102: a group of %d reset (reset + SM_reset_102) while a 3 MB"
                + " integer is broadcast%n%n", r.size());
        table(out, List.of(
                row("where", placement.describe()),
                row("resets planned / done / failures", r.resets() + " / " + r.done() + " / " + r.failures()),
                row("resets that landed while the broadcast was in flight", String.valueOf(r.interrupted())),
                row("first failure (the campaign stops there)", r.firstFailure() == null ? "none" : r.firstFailure()),
                row("time", r.millis() / 1000 + " s")));
        return r.failures() == 0 ? 0 : 1;
    }

    private static String flatText(Samples s, int slack, long rssLimitKib) {
        String why = s.notFlat(slack, rssLimitKib);
        return why == null ? "yes (" + s.all().size() + " samples)" : "NO: " + why;
    }

    private static String micros(Histogram h) {
        return h.getTotalCount() == 0 ? "–" : String.format("%.2f / %.2f / %.2f ms (%d)",
                h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0,
                h.getTotalCount());
    }

    private static String[] row(String what, String value) {
        return new String[] {what, value};
    }

    private static void table(PrintStream out, List<String[]> rows) {
        List<String> lines = new ArrayList<>();
        lines.add("| measure | value |");
        lines.add("|---|---|");
        for (String[] r : rows) {
            lines.add("| " + r[0] + " | " + r[1].replace("|", "/") + " |");
        }
        lines.forEach(out::println);
        out.println();
        out.flush();
    }
}
