package org.ox4j.benchmarks.rpc;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoZZ;

/**
 * {@code bin/ox-bench gb [reps] [systems] [primes]}: {@code nd_gr(F, V, P, 0)} (graded reverse lexicographic) of
 * the systems (default katsura6,cyclic6) for each P (default 0 and 32003), through a freshly started {@code bin/ox-server} over AF_UNIX: the time
 * from the first push of the call to the reply of SM_popCMO. Prints the median (and all runs) and the basis size.
 */
public final class GroebnerBench {
    private GroebnerBench() {
    }

    /** A polynomial system: variables and polynomials in Asir syntax. */
    record PolySystem(String name, List<String> vars, List<String> polys) {
    }

    /** Katsura-n: n+1 unknowns u0..un (the demo's generator). */
    static PolySystem katsura(int n) {
        org.ox4j.client.demo.PolynomialSystem k = org.ox4j.client.demo.PolynomialSystem.katsura(n);
        return new PolySystem("katsura-" + n, k.variables(), k.polynomials());
    }

    /** Cyclic-n: n unknowns c0..c(n-1) (the demo's generator). */
    static PolySystem cyclic(int n) {
        org.ox4j.client.demo.PolynomialSystem c = org.ox4j.client.demo.PolynomialSystem.cyclic(n);
        return new PolySystem("cyclic-" + n, c.variables(), c.polynomials());
    }

    public static void main(String[] args) throws Exception {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        List<PolySystem> systems = new ArrayList<>();
        for (String name : (args.length > 1 ? args[1] : "katsura6,cyclic6").split(",")) {
            int n = Integer.parseInt(name.replaceAll("[^0-9]", ""));
            systems.add(name.startsWith("katsura") ? katsura(n) : cyclic(n));
        }
        int[] primes = Arrays.stream((args.length > 2 ? args[2] : "0,32003").split(","))
                .mapToInt(Integer::parseInt).toArray();
        Path home = Path.of(System.getProperty("ox4j.rpc.serverHome", System.getProperty("ox4j.home", ".")));
        System.out.printf("ox-bench gb: nd_gr(F,V,P,0) through %s/bin/ox-server over AF_UNIX, %d runs each "
                + "(after one warm-up)%n", home, reps);
        System.out.printf("%-10s %-6s %8s %12s   %s%n", "system", "P", "|G|", "median ms", "runs ms");
        try (ServerUnderTest server = ServerUnderTest.start(home, true, List.of("-Xmx4g"))) {
            for (PolySystem sys : systems) {
                Cmo f = AsirValueParser.parse("[" + String.join(",", sys.polys()) + "]");
                Cmo v = AsirValueParser.parse("[" + String.join(",", sys.vars()) + "]");
                for (int p : primes) {
                    BlockingOxSession s = server.data();
                    Cmo g = run(s, f, v, p);
                    int size = g instanceof CmoList l ? l.size() : -1;
                    double[] ms = new double[reps];
                    for (int i = 0; i < reps; i++) {
                        long t0 = System.nanoTime();
                        run(s, f, v, p);
                        ms[i] = (System.nanoTime() - t0) / 1e6;
                    }
                    double[] sorted = ms.clone();
                    Arrays.sort(sorted);
                    StringBuilder all = new StringBuilder();
                    for (double x : ms) {
                        all.append(String.format(" %.1f", x));
                    }
                    System.out.printf("%-10s %-6d %8d %12.1f  %s%n", sys.name(), p, size, sorted[reps / 2], all);
                    if (size < 0) {
                        System.out.println("  note: nd_gr returned " + g);
                    }
                }
            }
        }
    }

    private static Cmo run(BlockingOxSession s, Cmo f, Cmo v, int p) {
        s.call("nd_gr", f, v, CmoZZ.of(p), CmoZZ.of(0));
        return s.popCmo();
    }
}
