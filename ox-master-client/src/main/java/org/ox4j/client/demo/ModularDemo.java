package org.ox4j.client.demo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.group.DistributedGroebner;
import org.ox4j.client.group.LinkAddressing;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.text.AsirNotation;

/**
 * The main job of {@code bin/ox-demo}: a certified Gröbner basis over Q computed by a group of servers
 * ({@link ServerGroup#groebner}), and the same program on one server in the same run, so the report shows what the
 * group buys: time per phase, the speed-up (launch excluded), the basis size, "certified". The single server takes
 * as many primes per round as the whole group, so both runs do the same rounds. The two bases must be equal, or
 * the demo fails. With {@code --order 1} or {@code 2} the basis is in glex or lex (the group certifies the grevlex
 * basis and rank 0 converts it). With {@code --warm-up SYSTEM} both first compute another system, untimed, so the
 * job is timed on servers whose code is already compiled. With {@code --repeat N} the pair of runs is made N times on
 * fresh servers, the group first in odd repeats and the single server first in even ones, and the speed-up reported
 * is the median of the N pairs. Why: on a shared 2-core host one run's speed-up of katsura-9 moved between 1.05 and
 * 1.78 within an hour, as the host's speed drifted between the two runs of a pair; pairs that alternate and a median
 * show the trend.
 */
final class ModularDemo {
    /** Command-line options of the main job. */
    record Options(int servers, String system, boolean printBasis, List<String> serverCommands, String warmUp,
            int repeat, int order) {
        /** The options, as the usage and the refusal of an unknown one show them. */
        static final String SYNOPSIS = "[--servers N] [--system katsuraN|cyclicN|FILE] [--order 0|1|2] "
                + "[--warm-up SYSTEM] [--repeat N] [--print-basis] [--server-cmd CMD ...]";

        /** The most pairs of runs {@code --repeat} takes. */
        static final int MAX_REPEAT = 20;

        /**
         * The default system: katsura-10 over Q, about 2 minutes on one server. Why not a smaller one: each server
         * compiles the kernel for about 3 CPU-seconds, on the cores the group computes on, where a server alone
         * compiles on an idle core; on katsura-9 (about 10 s alone) that held two cold servers to a speed-up of
         * 1.1-1.35 on two cores, on katsura-10 it weighs a tenth as much (benchmarks/results/kernel.md).
         */
        static final String DEFAULT_SYSTEM = "katsura10";

        static Options parse(String[] args) {
            int servers = Math.max(2, Runtime.getRuntime().availableProcessors());
            String system = DEFAULT_SYSTEM;
            List<String> commands = new ArrayList<>();
            boolean printBasis = false;
            String warmUp = null;
            int repeat = 1;
            int order = 0;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--print-basis" -> printBasis = true;
                    case "--servers", "-n" -> servers = count(value(args, i++), "--servers", 64);
                    case "--repeat" -> repeat = count(value(args, i++), "--repeat", MAX_REPEAT);
                    case "--system", "--input" -> system = value(args, i++);
                    case "--server-cmd" -> commands.add(value(args, i++));
                    case "--warm-up" -> warmUp = value(args, i++);
                    case "--order" -> order = order(value(args, i++));
                    default -> throw new IllegalArgumentException("unknown option " + args[i] + " (expected: "
                            + SYNOPSIS + "; --check and --compute run the S-pair demo)");
                }
            }
            return new Options(servers, system, printBasis, List.copyOf(commands), warmUp, repeat, order);
        }

        /** Asir's order number given as itself (as the S-pair demo takes it) or by its name. */
        private static int order(String value) {
            int n = DistributedGroebner.ORDERS.indexOf(value);
            if (n < 0 && value.matches("[0-9]")) {
                n = Integer.parseInt(value);
            }
            if (n < 0 || n >= DistributedGroebner.ORDERS.size()) {
                throw new IllegalArgumentException("--order " + value + " (expected: 0 grevlex, 1 glex or 2 lex)");
            }
            return n;
        }

        /** The value of option {@code name}, a count from 1 to {@code max}. */
        private static int count(String value, String name, int max) {
            int n;
            try {
                n = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " " + value + " (expected: 1.." + max + ")", e);
            }
            if (n < 1 || n > max) {
                throw new IllegalArgumentException(name + " " + value + " (expected: 1.." + max + ")");
            }
            return n;
        }

        /** The value after option {@code args[at]}. */
        private static String value(String[] args, int at) {
            if (at + 1 >= args.length) {
                throw new IllegalArgumentException(args[at] + " needs a value (expected: " + SYNOPSIS + ")");
            }
            return args[at + 1];
        }
    }

    /** Primes per rank and round: fewer rounds (each costs a reduce and a reconstruction) for a little overshoot. */
    static final int PRIMES_PER_RANK = 2;

    private final PrintStream out;
    private final Options options;
    /** The system the job computes. */
    private final PolynomialSystem sys;
    /** The system the servers compute first, untimed (--warm-up), or null. */
    private final PolynomialSystem warmUp;

    /** Reads both systems first, so that one that cannot be read is refused before any server starts. */
    ModularDemo(PrintStream out, Options options) {
        this.out = out;
        this.options = options;
        this.sys = PolynomialSystem.load(options.system());
        this.warmUp = options.warmUp() == null ? null : PolynomialSystem.load(options.warmUp());
    }

    int run() {
        Cmo f = AsirValueParser.parse(sys.polynomialList());
        Cmo v = AsirValueParser.parse(sys.variableList());
        int n = options.servers();
        out.printf("ox-demo: Groebner basis over Q (%s, multi-modular, certified) of %s (%d polynomials in %s)"
                + " on %d %s, and on 1 for comparison%n", DistributedGroebner.ORDERS.get(options.order()),
                sys.name(), sys.polynomials().size(), sys.variableList(), n,
                DemoLaunchers.describe(options.serverCommands()));
        OxClientOptions clientOptions = OxClientOptions.defaults().withRequestTimeout(Duration.ofMinutes(30));
        List<double[]> pairs = new ArrayList<>();
        Run group = null;
        Run single = null;
        for (int i = 0; i < options.repeat(); i++) {
            // alternate which run goes first, so that a host getting slower or faster favours neither
            boolean groupFirst = i % 2 == 0;
            Run first = groupFirst ? run(n, f, v, clientOptions, PRIMES_PER_RANK)
                    : run(1, f, v, clientOptions, PRIMES_PER_RANK * n);
            Run second = n == 1 ? first : groupFirst ? run(1, f, v, clientOptions, PRIMES_PER_RANK * n)
                    : run(n, f, v, clientOptions, PRIMES_PER_RANK);
            Run g = groupFirst ? first : second;
            Run s = groupFirst ? second : first;
            if (!g.result().basis().equals(s.result().basis())
                    || group != null && !g.result().basis().equals(group.result().basis())) {
                out.println("ox-demo: FAILED: the group's basis differs from the single server's");
                return 1;
            }
            if (group == null) {
                group = g;
                single = s;
            }
            pairs.add(new double[] {g.computeMillis(), s.computeMillis()});
        }
        out.printf("ox-demo: time per phase (ms)     %8s %8s%n", n + " srv", "1 srv");
        out.printf("    %-30s %8d %8d%n", "launch + RFC-102 wiring", group.launchMillis(), single.launchMillis());
        if (warmUp != null) {
            out.printf("    %-30s %8d %8d%n", "warm-up: " + warmUp.name() + " (untimed)", group.warmUpMillis(),
                    single.warmUpMillis());
        }
        for (Map.Entry<String, Long> e : group.result().phaseMillis().entrySet()) {
            out.printf("    %-30s %8d %8d%n", e.getKey(), e.getValue(),
                    single.result().phaseMillis().getOrDefault(e.getKey(), 0L));
        }
        long tn = group.computeMillis();
        long t1 = single.computeMillis();
        out.printf("    %-30s %8d %8d%n", "total without launch", tn, t1);
        if (n > 1) {
            out.printf("    (the group's rank 0 makes the reduced basis%s during the certificate)%n",
                    options.order() == 0 ? "" : " in " + DistributedGroebner.ORDERS.get(options.order()));
            // each rank's share of the two parallel phases, to set beside the server alone's: how evenly the ranks
            // were loaded, and how much slower a rank computes than a server that has the machine to itself
            List<DistributedGroebner.RankWork> ranks = group.result().ranks();
            int slots = ranks.stream().mapToInt(DistributedGroebner.RankWork::certificateSlots).sum();
            out.printf("ox-demo: work per rank (ms)         modular   certificate%n");
            for (int r = 0; r < ranks.size(); r++) {
                out.printf("    rank %-25d %8d %8d (%d of %d slots)%n", r, ranks.get(r).modularMillis(),
                        ranks.get(r).certificateMillis(), ranks.get(r).certificateSlots(), slots);
            }
            DistributedGroebner.RankWork alone = single.result().ranks().get(0);
            out.printf("    %-30s %8d %8d (all)%n", "1 server", alone.modularMillis(), alone.certificateMillis());
        }
        double speedUp = tn == 0 ? 0.0 : (double) t1 / tn;
        if (pairs.size() > 1) {
            double[] speedUps = new double[pairs.size()];
            for (int i = 0; i < speedUps.length; i++) {
                double[] pair = pairs.get(i);
                speedUps[i] = pair[0] == 0 ? 0.0 : pair[1] / pair[0];
                out.printf("ox-demo: repeat %d (%s first): total without launch %d / %d ms, speed-up %.2f%n", i + 1,
                        i % 2 == 0 ? n + " srv" : "1 srv", (long) pair[0], (long) pair[1], speedUps[i]);
            }
            Arrays.sort(speedUps);
            int m = speedUps.length;
            speedUp = m % 2 == 1 ? speedUps[m / 2] : (speedUps[m / 2 - 1] + speedUps[m / 2]) / 2;
            out.printf("ox-demo: median of %d alternated pairs (the table above: the first pair); range %.2f-%.2f%n",
                    m, speedUps[0], speedUps[m - 1]);
        }
        out.printf("ox-demo: %d primes in %d rounds on %d %s; speed-up over 1 server: %.2f%n",
                group.result().primes(), group.result().rounds(), n, n == 1 ? "server" : "servers", speedUp);
        out.printf("ox-demo: basis of %d polynomials, certified%n", ((CmoList) group.result().basis()).size());
        if (options.printBasis()) {
            for (Cmo g : ((CmoList) group.result().basis()).elements()) {
                out.printf("  basis element: %s%n", AsirNotation.readable(g));
            }
        }
        return 0;
    }

    private record Run(DistributedGroebner.Result result, long launchMillis, long warmUpMillis, long computeMillis) {
    }

    /**
     * Launches {@code servers}, computes the warm-up system if there is one (untimed: servers that have already
     * worked, as a long-lived group's are), then with {@code primesPerRank} primes per rank and round, stops them.
     */
    private Run run(int servers, Cmo f, Cmo v, OxClientOptions clientOptions, int primesPerRank) {
        long t0 = System.nanoTime();
        try (ServerGroup group = ServerGroup.launch(DemoLaunchers.forRanks(servers, options.serverCommands()),
                Collections.nCopies(servers, "127.0.0.1"), LinkAddressing.tcp(), clientOptions,
                OxClientResources.shared())) {
            long t1 = System.nanoTime();
            if (warmUp != null) {
                DistributedGroebner.run(group, AsirValueParser.parse(warmUp.polynomialList()),
                        AsirValueParser.parse(warmUp.variableList()), options.order(), primesPerRank);
            }
            long t2 = System.nanoTime();
            DistributedGroebner.Result r = DistributedGroebner.run(group, f, v, options.order(), primesPerRank);
            long t3 = System.nanoTime();
            return new Run(r, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000);
        }
    }
}
