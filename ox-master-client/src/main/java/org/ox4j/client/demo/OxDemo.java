package org.ox4j.client.demo;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.ox4j.client.OxClient;
import org.ox4j.client.core.OxClientException;
import org.ox4j.client.group.GroupMemberFailedException;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.text.AsirNotation;
import org.ox4j.protocol.SmCommand;

/**
 * {@code bin/ox-demo}: launches a local group of ox4j servers, factors a different polynomial on each with
 * {@code fctr} in parallel, sums one polynomial per server with {@code SM_reduce_102 "+"} (or on the master when
 * the servers do not offer RFC-102 yet), checks the sum, prints a report and stops every server.
 *
 * <p>Each step is a method taking the group, so later demos (the distributed Gröbner basis) add steps.
 */
public final class OxDemo {
    /** One polynomial per rank to factor (more ranks reuse them cyclically). */
    static final List<String> TO_FACTOR = List.of("x^4-1", "x^6-y^6", "6*x^2+5*x+1", "x^3+2*x^2*y-x*y^2-2*y^3");

    private final PrintStream out;

    OxDemo(PrintStream out) {
        this.out = out;
    }

    /** What {@code bin/ox-demo --help} prints. */
    static final String USAGE = String.join(System.lineSeparator(),
            "usage: bin/ox-demo " + ModularDemo.Options.SYNOPSIS,
            "         the main job: a certified Groebner basis over Q (grevlex, or --order 1 glex, 2 lex) on a group",
            "         of N servers (default: one per core) and on one server, with the time per phase and the speed-up;",
            "         the system defaults to " + ModularDemo.Options.DEFAULT_SYSTEM + " (about 3.5 minutes on two cores;"
                    + " --system katsura9 about 25 s)",
            "         --warm-up has both compute SYSTEM first, untimed; --repeat N makes N pairs of runs on fresh",
            "         servers, in alternating order, and reports the median speed-up",
            "       bin/ox-demo --check|--compute [--system katsura3|katsura4|cyclic4|FILE] [--servers N]",
            "                   [--order 0|1|2] [--server-cmd CMD ...]",
            "         the S-pair demo: a distributed check (or completion) of a basis over RFC-102",
            "       bin/ox-demo --basic [N] [--server-cmd CMD ...]",
            "         the first demo: fctr on every server and a reduce \"+\"");

    public static void main(String[] args) {
        List<String> all = List.of(args);
        if (all.contains("--help") || all.contains("-h")) {
            System.out.println(USAGE);
            return;
        }
        if (all.contains("--check") || all.contains("--compute")) {
            // the S-pair demo: a distributed check (or completion) of a basis over RFC-102
            GroebnerDemo.main(all.stream().filter(a -> !a.equals("--check")).toArray(String[]::new));
            return;
        }
        if (args.length == 0 || !args[0].equals("--basic")) {
            // the main job: a certified basis over Q computed by the group, beside one server
            ModularDemo demo;
            try {
                demo = new ModularDemo(System.out, ModularDemo.Options.parse(args));
            } catch (IllegalArgumentException | OxClientException e) {
                // an unknown option, a missing value, a system that cannot be read
                System.err.println("ox-demo: " + e.getMessage());
                System.exit(2);
                return;
            }
            System.exit(demo.run());
            return;
        }
        int n = 4;
        List<String> commands = new java.util.ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--server-cmd") && i + 1 < args.length) {
                commands.add(args[++i]);
            } else {
                n = Integer.parseInt(args[i]);
            }
        }
        int status = new OxDemo(System.out).run(n, commands);
        System.exit(status);
    }

    int run(int n, List<String> serverCommands) {
        long t0 = System.nanoTime();
        out.printf("ox-demo: launching %d local %s ...%n", n, DemoLaunchers.describe(serverCommands));
        try (ServerGroup group = ServerGroup.launch(DemoLaunchers.forRanks(n, serverCommands),
                java.util.Collections.nCopies(n, "127.0.0.1"), org.ox4j.client.group.LinkAddressing.tcp(),
                org.ox4j.client.OxClientOptions.defaults(), org.ox4j.client.OxClientResources.shared())) {
            List<LaunchedServer> servers = group.launchedServers();
            out.printf("ox-demo: group of %d ready in %d ms (pids %s)%s%n", group.size(),
                    (System.nanoTime() - t0) / 1_000_000, servers.stream().map(s -> s.process().pid()).toList(),
                    group.isWired() ? ", ranks wired with RFC-102" : "; servers without RFC-102: not wired");
            boolean algebra = hasFunction(group, "fctr");
            boolean ok = algebra ? factorEverywhere(group) : gcdEverywhere(group);
            ok &= sumOverGroup(group, algebra);
            out.printf("ox-demo: %s; stopping the servers%n", ok ? "all results checked" : "some steps FAILED");
            return ok ? 0 : 1;
        } catch (GroupMemberFailedException e) {
            out.printf("ox-demo: server of rank %d failed: %s%n", e.rank(), e.getMessage());
            return 1;
        } catch (OxClientException e) {
            out.printf("ox-demo: %s%n", e.getMessage());
            return 1;
        } finally {
            out.printf("ox-demo: done in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        }
    }

    /** True when rank 0 knows {@code function} (a call with a polynomial argument does not answer "not found"). */
    static boolean hasFunction(ServerGroup group, String function) {
        Cmo r = OxClient.await(group.member(0).callRawAsync(function, AsirValueParser.parse("x^2-1")),
                group.member(0).options().requestTimeout(), function + " probe");
        return !(r instanceof org.ox4j.cmo.CmoError2 e && e.message().orElse("").contains("not found"));
    }

    /** Step 1: {@code fctr} of a different polynomial on every server, concurrently. */
    boolean factorEverywhere(ServerGroup group) {
        List<CompletableFuture<Cmo>> results = new ArrayList<>();
        for (int r = 0; r < group.size(); r++) {
            Cmo p = AsirValueParser.parse(TO_FACTOR.get(r % TO_FACTOR.size()));
            results.add(group.member(r).callRawAsync("fctr", p));
        }
        boolean ok = true;
        for (int r = 0; r < group.size(); r++) {
            String input = TO_FACTOR.get(r % TO_FACTOR.size());
            try {
                Cmo f = OxClient.await(results.get(r), group.member(r).options().requestTimeout(), "fctr");
                String text = AsirNotation.readable(f);
                boolean error = f instanceof org.ox4j.cmo.CmoError2;
                ok &= !error;
                out.printf("  rank %d: fctr(%s) = %s%n", r, input, text);
            } catch (OxClientException e) {
                ok = false;
                out.printf("  rank %d: fctr(%s) failed: %s%n", r, input, e.getMessage());
            }
        }
        return ok;
    }

    /**
     * Step 1 on servers without polynomial algebra: {@code igcd(2^(60+r)-1, 2^90-1) = 2^gcd(60+r,90)-1} on rank r,
     * checked by the master.
     */
    boolean gcdEverywhere(ServerGroup group) {
        out.println("  (these servers have no fctr yet; computing igcd on every rank instead)");
        List<CompletableFuture<Cmo>> results = new ArrayList<>();
        for (int r = 0; r < group.size(); r++) {
            results.add(group.member(r).callRawAsync("igcd", AsirValueParser.parse("2^" + (60 + r) + "-1"),
                    AsirValueParser.parse("2^90-1")));
        }
        boolean ok = true;
        for (int r = 0; r < group.size(); r++) {
            Cmo g = OxClient.await(results.get(r), group.member(r).options().requestTimeout(), "igcd");
            java.math.BigInteger expected = java.math.BigInteger.TWO
                    .pow(java.math.BigInteger.valueOf(60 + r).gcd(java.math.BigInteger.valueOf(90)).intValue())
                    .subtract(java.math.BigInteger.ONE);
            boolean match = g instanceof org.ox4j.cmo.CmoZZ z && z.value().equals(expected);
            ok &= match;
            out.printf("  rank %d: igcd(2^%d-1, 2^90-1) = %s [%s]%n", r, 60 + r, AsirNotation.readable(g),
                    match ? "checked" : "WRONG, expected " + expected);
        }
        return ok;
    }

    /**
     * Step 2: rank r holds {@code (x+r+1)^(r+1)} (without polynomial algebra: {@code (r+2)^(40+r)}); the group adds them with {@code SM_reduce_102 "+"} at root 0 and
     * the master checks the sum against its own expansion. Servers without RFC-102 get a note instead.
     */
    boolean sumOverGroup(ServerGroup group, boolean polynomials) {
        List<Cmo> values = new ArrayList<>();
        StringBuilder expression = new StringBuilder();
        for (int r = 0; r < group.size(); r++) {
            String term = polynomials ? "(x+" + (r + 1) + ")^" + (r + 1) : (r + 2) + "^" + (40 + r);
            values.add(AsirValueParser.parse(term));
            expression.append(r > 0 ? "+" : "").append(term);
        }
        String expected = AsirNotation.readable(AsirValueParser.parse(expression.toString()));
        boolean rfc102 = group.isWired() && group.member(0).serverMathcap()
                .map(mc -> mc.allowsCommand(SmCommand.REDUCE_102.code())).orElse(false);
        if (!rfc102) {
            out.printf("  reduce: servers do not list SM_reduce_102 yet; master-side sum %s = %s%n", expression,
                    expected);
            return true;
        }
        Cmo sum = group.reduce(values, 0, "+");
        String got = AsirNotation.readable(sum);
        boolean ok = got.equals(expected);
        out.printf("  reduce \"+\" over %d servers of %s = %s [%s]%n", group.size(), expression, got,
                ok ? "matches the master's expansion" : "MISMATCH, expected " + expected);
        return ok;
    }
}
