package org.ox4j.benchmarks.rfc102;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.group.LinkAddressing;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoPolynomialInOneVariable.Term;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.protocol.SmCommand;

/**
 * {@code bin/ox-bench rfc102 [terms] [bits] [reps]}: time of one {@code SM_bcast_102} and one
 * {@code SM_reduce_102 "+"} of a polynomial with {@code terms} terms (default 10^4, in x and y) and
 * {@code bits}-bit coefficients (default 200) over groups of 2, 4 and 8 real {@code bin/ox-server} processes.
 *
 * <p>One group of 8 is launched and wired once; a group of s uses ranks 0..s−1 after {@code SM_set_rank_102(s, r)}
 * (the mesh is complete, so every sub-group is linked). A collective is timed from the master's first command to
 * the last member's answer to {@code SM_getsp}, so it includes the master's command round trip but not moving the
 * polynomial to or from the master (the root's copy is pushed before the clock starts; results are dropped with
 * {@code SM_pops}). Not a JMH benchmark: each measurement spans 2-8 processes; the minimum and median of
 * {@code reps} runs after one warm-up are printed.
 */
public final class Rfc102Bench {
    private Rfc102Bench() {
    }

    public static void main(String[] args) {
        int terms = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int bits = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Cmo poly = polynomial(terms, bits, new Random(102));
        int bytes = CmoWriter.toBytes(poly, java.nio.ByteOrder.LITTLE_ENDIAN).length;
        System.out.printf("rfc102 bench: polynomial with %d terms, %d-bit coefficients, %d bytes as CMO; %d reps%n",
                terms, bits, bytes, reps);
        OxClientOptions options = OxClientOptions.defaults().withRequestTimeout(Duration.ofMinutes(10));
        // eight JVMs starting at once on a small machine need more than the default minute to be ready
        LocalProcessLauncher launcher = LocalProcessLauncher.builder().readinessTimeout(Duration.ofMinutes(5)).build();
        try (ServerGroup group = ServerGroup.launch(Collections.nCopies(8, launcher),
                Collections.nCopies(8, "127.0.0.1"), LinkAddressing.tcp(), options, OxClientResources.shared())) {
            System.out.printf("%-8s %-22s %10s %10s%n", "servers", "collective", "min ms", "median ms");
            for (int s : new int[] {2, 4, 8}) {
                setSize(group, s);
                long[] bcast = new long[reps];
                long[] reduce = new long[reps];
                for (int k = -1; k < reps; k++) {
                    long b = timeBcast(group, s, poly);
                    long r = timeReduce(group, s);
                    if (k >= 0) {
                        bcast[k] = b;
                        reduce[k] = r;
                    }
                }
                print(s, "SM_bcast_102", bcast);
                print(s, "SM_reduce_102 \"+\"", reduce);
            }
        }
    }

    /** x^i·y^j·c(i,j) for i, j below ⌈√terms⌉, as a recursive polynomial in x over y, first {@code terms} terms. */
    static Cmo polynomial(int terms, int bits, Random random) {
        int side = (int) Math.ceil(Math.sqrt(terms));
        List<Term> xs = new ArrayList<>();
        int left = terms;
        for (int i = side - 1; i >= 0 && left > 0; i--) {
            List<Term> ys = new ArrayList<>();
            for (int j = side - 1; j >= 0 && left > 0; j--, left--) {
                BigInteger c = new BigInteger(bits, random).setBit(bits - 1);
                ys.add(new Term(j, new CmoZZ(random.nextBoolean() ? c : c.negate())));
            }
            xs.add(new Term(i, new CmoPolynomialInOneVariable(1, ys)));
        }
        return new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y")),
                new CmoPolynomialInOneVariable(0, xs));
    }

    private static void setSize(ServerGroup group, int s) {
        group.all((r, m) -> {
            if (r < s) {
                m.push(CmoZZ.of(s), r == 0 ? CmoNull.INSTANCE : CmoZZ.of(r));
                m.execute(SmCommand.SET_RANK_102);
            }
            return m.stackSizeAsync();
        }, "set_rank");
    }

    private static long timeBcast(ServerGroup group, int s, Cmo poly) {
        group.member(0).push(poly);
        group.member(0).stackSize();
        long t = System.nanoTime();
        sub(group, s, m -> {
            m.push(CmoNull.INSTANCE);
            m.execute(SmCommand.BCAST_102);
        });
        long ms = (System.nanoTime() - t) / 1_000_000;
        return ms;
    }

    /** Uses the bcast result left on every member's stack as its operand. */
    private static long timeReduce(ServerGroup group, int s) {
        long t = System.nanoTime();
        sub(group, s, m -> {
            m.push(CmoNull.INSTANCE, CmoString.of("+"));
            m.execute(SmCommand.REDUCE_102);
        });
        long ms = (System.nanoTime() - t) / 1_000_000;
        group.all((r, m) -> r < s ? m.popsAsync(1).thenCompose(v -> m.stackSizeAsync())
                : m.stackSizeAsync(), "drop");
        for (int r = 0; r < s; r++) {
            int left = group.member(r).stackSize();
            if (left != 0) {
                throw new IllegalStateException("rank " + r + " has " + left + " objects left (an error?)");
            }
        }
        return ms;
    }

    private static void sub(ServerGroup group, int s, java.util.function.Consumer<OxClient> commands) {
        group.all((r, m) -> {
            if (r >= s) {
                return java.util.concurrent.CompletableFuture.completedFuture(0);
            }
            commands.accept(m);
            return m.stackSizeAsync();
        }, "collective");
    }

    private static void print(int s, String what, long[] ms) {
        long[] sorted = ms.clone();
        Arrays.sort(sorted);
        System.out.printf("%-8d %-22s %10d %10d%n", s, what, sorted[0], sorted[sorted.length / 2]);
    }
}
