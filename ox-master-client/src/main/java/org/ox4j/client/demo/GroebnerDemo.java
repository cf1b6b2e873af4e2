package org.ox4j.client.demo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.core.OxClientException;
import org.ox4j.client.group.GroupMemberFailedException;
import org.ox4j.client.group.LinkAddressing;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.text.AsirNotation;
import org.ox4j.protocol.SmCommand;

/**
 * The distributed Gröbner-basis check that RFC-102 was made for, on a local group of ox4j servers:
 * <ol>
 *   <li>rank 0 computes G (or takes the input as G);</li>
 *   <li>G goes to every member with {@code SM_bcast_102} from rank 0 (the master never carries it);</li>
 *   <li>the master splits the S-pairs (i, j) of G round-robin over the ranks;</li>
 *   <li>each rank computes {@code p_nf(sp(G[i], G[j]), G)} for its pairs, locally, in parallel;</li>
 *   <li>the non-zero remainders are gathered at rank 0 with {@code SM_reduce_102 "append"}.</li>
 * </ol>
 * G is a Gröbner basis iff no remainder is left. {@code --compute} repeats this in rounds from the input, adding
 * the remainders to G and checking only the new pairs, until none is left (Buchberger's algorithm with the
 * reduction step distributed).
 */
public final class GroebnerDemo {
    /** The server-side program each rank runs on its pairs P of G (local language, Asir syntax). */
    static final String PAIRS_PROGRAM = String.join("\n",
            "def ox4j_nth(L, K) { while (K > 0) { L = cdr(L); K = K - 1; } return car(L); }",
            "def ox4j_pairs_nf(G, P, V, O) {",
            "  R = [];",
            "  while (length(P) > 0) {",
            "    Q = car(P); P = cdr(P);",
            "    H = p_nf(sp(ox4j_nth(G, car(Q)), ox4j_nth(G, car(cdr(Q))), V, O), G, V, O);",
            "    if (H != 0) R = append(R, [H]);",
            "  }",
            "  return R;",
            "}",
            "ox4j_pairs_nf(G, P, V, O);");

    /**
     * Rank 0 adds a round's remainders R to G one by one, each first reduced modulo the current G, so remainders of
     * the same round that reduce each other are not all added (keeps G and the next round's pairs small).
     */
    static final String ADD_PROGRAM = String.join("\n",
            "def ox4j_add(G, R, V, O) {",
            "  while (length(R) > 0) { H = p_nf(car(R), G, V, O); R = cdr(R); if (H != 0) G = append(G, [H]); }",
            "  return G;",
            "}",
            "G = ox4j_add(G, R, V, O); length(G);");

    private final PrintStream out;
    private final Options options;
    private final Map<String, Long> phaseMillis = new LinkedHashMap<>();

    /** Command-line options. */
    record Options(int servers, String system, boolean compute, boolean checkInput, boolean printBasis, int order,
            List<String> serverCommands) {
        static Options parse(String[] args) {
            int servers = 4;
            String system = "katsura4";
            boolean compute = false;
            boolean checkInput = false;
            boolean printBasis = false;
            int order = 0;
            List<String> serverCommands = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--compute" -> compute = true;
                    case "--check-input" -> checkInput = true;
                    case "--print-basis" -> printBasis = true;
                    case "--servers", "-n" -> servers = Integer.parseInt(args[++i]);
                    case "--system", "--input" -> system = args[++i];
                    case "--order" -> order = Integer.parseInt(args[++i]);
                    case "--groebner" -> { }
                    case "--server-cmd" -> serverCommands.add(args[++i]);
                    default -> {
                        if (args[i].matches("\\d+")) {
                            servers = Integer.parseInt(args[i]);
                        } else {
                            throw new IllegalArgumentException("unknown option " + args[i] + " (expected: [--compute]"
                                    + " [--check-input] [--print-basis] [--servers N] [--system katsura3|katsura4|cyclic4|FILE]"
                                    + " [--order 0|1|2] [--server-cmd CMD ...])");
                        }
                    }
                }
            }
            if (servers < 1 || servers > 64) {
                throw new IllegalArgumentException("--servers " + servers + " (expected: 1..64)");
            }
            return new Options(servers, system, compute, checkInput, printBasis, order, List.copyOf(serverCommands));
        }
    }

    GroebnerDemo(PrintStream out, Options options) {
        this.out = out;
        this.options = options;
    }

    public static void main(String[] args) {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("ox-demo: " + e.getMessage());
            System.exit(2);
            return;
        }
        System.exit(new GroebnerDemo(System.out, o).run());
    }

    int run() {
        long t0 = System.nanoTime();
        PolynomialSystem sys = PolynomialSystem.load(options.system());
        out.printf("ox-demo: distributed Groebner basis %s of %s (%d polynomials in %s) on %d %s%n",
                options.compute() ? "computation" : "check", sys.name(), sys.polynomials().size(),
                sys.variableList(), options.servers(), DemoLaunchers.describe(options.serverCommands()));
        long t = System.nanoTime();
        int n = options.servers();
        // local reductions of a big round may take minutes: a long request timeout (the servers keep their own)
        OxClientOptions clientOptions = OxClientOptions.defaults().withRequestTimeout(Duration.ofMinutes(30));
        try (ServerGroup group = ServerGroup.launch(DemoLaunchers.forRanks(n, options.serverCommands()),
                Collections.nCopies(n, "127.0.0.1"), LinkAddressing.tcp(), clientOptions,
                OxClientResources.shared())) {
            phase("launch + RFC-102 wiring", t);
            int code = options.compute() ? compute(group, sys) : check(group, sys);
            printPhases();
            return code;
        } catch (GroupMemberFailedException e) {
            out.printf("ox-demo: server of rank %d failed: %s%n", e.rank(), e.getMessage());
            return 1;
        } catch (OxClientException e) {
            out.printf("ox-demo: %s%n", e.getMessage());
            return 1;
        } finally {
            out.printf("ox-demo: total %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        }
    }

    /** Check mode: G = the reduced basis computed on rank 0 (or the input itself with --check-input). */
    private int check(ServerGroup group, PolynomialSystem sys) {
        OxClient root = group.member(0);
        defineEverywhere(group, sys);
        long t = System.nanoTime();
        String g = options.checkInput() ? "F" : "nd_gr(F, V, 0, O)";
        int m = intOf(root.executeString("G = " + g + "; length(G);"));
        phase(options.checkInput() ? "G = input (rank 0)" : "G = nd_gr(F) on rank 0", t);
        out.printf("  G: %d polynomials, %d S-pairs%n", m, m * (m - 1) / 2);
        if (options.printBasis()) {
            for (Cmo element : ((CmoList) root.executeString("G;")).elements()) {
                out.printf("  basis element: %s%n", AsirNotation.readable(element));
            }
        }
        bcastG(group);
        List<Cmo> remainders = checkPairs(group, allPairs(0, m));
        if (remainders.isEmpty()) {
            out.printf("ox-demo: answer: G is a Groebner basis (all %d S-pairs reduce to 0)%n", m * (m - 1) / 2);
        } else {
            out.printf("ox-demo: answer: G is NOT a Groebner basis: %d non-zero remainder(s):%n", remainders.size());
            for (Cmo r : remainders.subList(0, Math.min(remainders.size(), 5))) {
                out.printf("    %s%n", abbreviate(AsirNotation.readable(r)));
            }
            if (remainders.size() > 5) {
                out.printf("    ... and %d more%n", remainders.size() - 5);
            }
        }
        return 0;
    }

    /** Compute mode: rounds of the distributed check, adding the remainders, until none is left. */
    private int compute(ServerGroup group, PolynomialSystem sys) {
        OxClient root = group.member(0);
        defineEverywhere(group, sys);
        int m = intOf(root.executeString("G = F; length(G);"));
        int checkedUpTo = 0;
        for (int round = 1; ; round++) {
            List<int[]> pairs = newPairs(checkedUpTo, m);
            out.printf("  round %d: G has %d polynomials, %d new S-pairs%n", round, m, pairs.size());
            if (pairs.isEmpty()) {
                break;
            }
            bcastG(group);
            List<Cmo> remainders = checkPairs(group, pairs);
            out.printf("  round %d: %d non-zero remainder(s)%n", round, remainders.size());
            checkedUpTo = m;
            if (remainders.isEmpty()) {
                break;
            }
            long t = System.nanoTime();
            root.push(new CmoList(remainders), CmoString.of("R"));
            root.execute(SmCommand.SET_NAME);
            m = intOf(root.executeString(ADD_PROGRAM));
            phase("add remainders to G on rank 0", t);
        }
        long t = System.nanoTime();
        int reduced = intOf(root.executeString("length(nd_gr(G, V, 0, O));"));
        Cmo isGb = root.executeString("is_gb(G, V, O);");
        phase("verification on rank 0 (is_gb, nd_gr)", t);
        out.printf("ox-demo: answer: computed a Groebner basis of %d polynomials (reduced basis: %d); is_gb: %s%n",
                m, reduced, AsirNotation.readable(isGb).equals("1") ? "yes" : "NO");
        return AsirNotation.readable(isGb).equals("1") ? 0 : 1;
    }

    private void defineEverywhere(ServerGroup group, PolynomialSystem sys) {
        long t = System.nanoTime();
        String setup = "V = " + sys.variableList() + "; O = " + options.order() + "; F = " + sys.polynomialList()
                + "; 0;";
        group.all((r, m) -> m.executeStringAsync(setup), "setup");
        phase("define V, O, F on every rank", t);
    }

    /** G (a variable on rank 0) to every rank's variable G, with SM_bcast_102 from root 0. */
    private void bcastG(ServerGroup group) {
        long t = System.nanoTime();
        group.all((r, m) -> {
            if (r == 0) {
                m.push(CmoString.of("G;"));
                m.execute(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER);
            }
            m.push(CmoNull.INSTANCE);
            m.execute(SmCommand.BCAST_102);
            m.push(CmoString.of("G"));
            m.execute(SmCommand.SET_NAME);
            return m.stackSizeAsync();
        }, "bcast G");
        phase("SM_bcast_102 of G", t);
    }

    /** Splits the pairs round-robin, lets every rank reduce its share, gathers the remainders at rank 0. */
    private List<Cmo> checkPairs(ServerGroup group, List<int[]> pairs) {
        int n = group.size();
        List<List<Cmo>> share = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            share.add(new ArrayList<>());
        }
        for (int k = 0; k < pairs.size(); k++) {
            int[] p = pairs.get(k);
            share.get(k % n).add(CmoList.of(asirInt(p[0]), asirInt(p[1])));
        }
        long t = System.nanoTime();
        long[] localMillis = new long[n];
        List<CompletableFuture<Integer>> running = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            OxClient m = group.member(r);
            m.push(new CmoList(share.get(r)), CmoString.of("P"));
            m.execute(SmCommand.SET_NAME);
            m.push(CmoString.of(PAIRS_PROGRAM));
            m.execute(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER);
            long start = System.nanoTime();
            int rank = r;
            running.add(m.stackSizeAsync().whenComplete((v, e) ->
                    localMillis[rank] = (System.nanoTime() - start) / 1_000_000));
        }
        group.all((r, m) -> running.get(r), "local reduction");
        phase("local p_nf(sp(.,.)) on every rank", t);
        for (int r = 0; r < n; r++) {
            out.printf("    rank %d: %d pairs, %d ms%n", r, share.get(r).size(), localMillis[r]);
        }
        t = System.nanoTime();
        Cmo gathered = group.reduceStacked(0, "append");
        phase("SM_reduce_102 \"append\" to rank 0", t);
        if (gathered instanceof CmoList l) {
            return l.elements();
        }
        if (gathered instanceof CmoNull) {
            return List.of();
        }
        throw new OxClientException("reduce returned " + gathered.type() + " (expected: a list)");
    }

    private static List<int[]> allPairs(int from, int m) {
        return newPairs(from, m);
    }

    /** Pairs (i, j), i &lt; j &lt; m, with j ≥ {@code from} (the pairs not checked in an earlier round). */
    private static List<int[]> newPairs(int from, int m) {
        List<int[]> out = new ArrayList<>();
        for (int j = Math.max(from, 1); j < m; j++) {
            for (int i = 0; i < j; i++) {
                out.add(new int[] {i, j});
            }
        }
        return out;
    }

    private void phase(String name, long startNanos) {
        phaseMillis.merge(name, (System.nanoTime() - startNanos) / 1_000_000, Long::sum);
    }

    private void printPhases() {
        out.println("ox-demo: time per phase (ms):");
        phaseMillis.forEach((k, v) -> out.printf("    %-42s %8d%n", k, v));
    }

    private static Cmo asirInt(int v) {
        return v == 0 ? CmoNull.INSTANCE : CmoZZ.of(v);
    }

    private static int intOf(Cmo c) {
        return OxClient.integerOf(c).intValueExact();
    }

    private static String abbreviate(String s) {
        return s.length() <= 160 ? s : s.substring(0, 150) + " ... (" + s.length() + " chars)";
    }
}
