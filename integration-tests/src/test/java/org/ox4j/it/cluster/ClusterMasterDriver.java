package org.ox4j.it.cluster;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.group.GroupMemberFailedException;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.client.launch.Hostfile;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.SshLauncher;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/**
 * The master of {@link ClusterIT}, run inside the cluster's master namespace (a JVM cannot enter a network
 * namespace itself): launches a {@link ServerGroup} over ssh from the cluster's hostfile, exactly as on a real
 * cluster, and reports on stdout, one fact per line, for the test to check:
 * <pre>
 *   ADDRESS rank host            where rank's server was reached
 *   LAUNCHED                     then waits for a line on stdin (the test inspects the hosts meanwhile)
 *   RESULT what value            a collective's result at a rank, e.g. "RESULT bcast-1 ok"
 *   FAILED what rank millis msg  a collective failed; rank named by the master's exception
 *   SURVIVOR rank millis top     what a surviving rank's call returned, and when (from the start)
 *   RECOVERED rank value         a survivor answered again after reset
 *   DONE                         the group is closed
 * </pre>
 * Usage: {@code ClusterMasterDriver SCENARIO HOSTFILE OXHOME SSH N TIMEOUT_S} with SCENARIO one of
 * {@code collectives}, {@code fault-bcast}, {@code fault-reduce}, {@code fault-allreduce}, {@code fault-p2p}. In the
 * fault scenarios the driver prints {@code STARTED what} right after starting the operation and the test breaks
 * rank N−1 then.
 */
public final class ClusterMasterDriver {
    private ClusterMasterDriver() {
    }

    public static void main(String[] args) throws Exception {
        String scenario = args[0];
        Hostfile hostfile = Hostfile.read(Path.of(args[1]));
        String home = args[2];
        String ssh = args[3];
        int n = Integer.parseInt(args[4]);
        Duration timeout = Duration.ofSeconds(Long.parseLong(args[5]));
        OxClientOptions options = OxClientOptions.defaults().withRequestTimeout(timeout);
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int status = 0;
        try (ServerGroup group = ServerGroup.launchFromHostfile(hostfile, n,
                host -> new SshLauncher(host, host, home, List.of(ssh), Duration.ofSeconds(120)), options,
                OxClientResources.shared())) {
            for (int r = 0; r < n; r++) {
                String host = group.member(r).launchedServer().map(LaunchedServer::address)
                        .map(a -> a.control().toString()).orElse("?");
                say("ADDRESS " + r + " " + host);
            }
            say("LAUNCHED");
            stdin.readLine();
            switch (scenario) {
                case "collectives" -> collectives(group);
                case "fault-bcast", "fault-reduce", "fault-allreduce", "fault-p2p" ->
                        fault(group, scenario.substring(6), timeout);
                default -> throw new IllegalArgumentException("unknown scenario " + scenario);
            }
        } catch (RuntimeException e) {
            say("ERROR " + e);
            e.printStackTrace(System.out);
            status = 1;
        }
        say("DONE");
        System.out.flush();
        System.exit(status);
    }

    /** A number of {@code bits} bits different for every seed (big enough to need many TCP segments). */
    static BigInteger big(int bits, int seed) {
        return BigInteger.ONE.shiftLeft(bits).add(BigInteger.valueOf(seed).multiply(BigInteger.valueOf(1_000_003)))
                .add(BigInteger.valueOf(seed).pow(7));
    }

    /** bcast from every root and reduce to two roots; prints each rank's result. */
    private static void collectives(ServerGroup group) {
        int n = group.size();
        for (int round = 0; round < 2; round++) {
            for (int root = 0; root < n; root++) {
                BigInteger value = big(400_000 + root, root + round);
                group.bcast(new CmoZZ(value), root);
                List<Cmo> tops = group.all((r, m) -> m.popCmoAsync(), "bcast result");
                for (int r = 0; r < n; r++) {
                    say("RESULT bcast-" + root + " rank=" + r + " "
                            + (tops.get(r) instanceof CmoZZ z && z.value().equals(value) ? "ok" : "WRONG " + tops.get(r)));
                }
            }
            CmoString text = CmoString.of("x".repeat(1 << 20) + round);
            group.bcast(text, n - 1);
            List<Cmo> tops = group.all((r, m) -> m.popCmoAsync(), "bcast string");
            for (int r = 0; r < n; r++) {
                say("RESULT bcast-string rank=" + r + " "
                        + (tops.get(r) instanceof CmoString s && s.value().equals(text.value()) ? "ok" : "WRONG"));
            }
            for (int root : new int[] {0, n - 1}) {
                List<Cmo> values = new ArrayList<>();
                BigInteger expected = BigInteger.ZERO;
                for (int r = 0; r < n; r++) {
                    BigInteger v = big(200_000, 17 * r + round + 1);
                    values.add(new CmoZZ(v));
                    expected = expected.add(v);
                }
                Cmo sum = group.reduce(values, root, "+");
                say("RESULT reduce-" + root + " " + (sum instanceof CmoZZ z && z.value().equals(expected)
                        ? "ok" : "WRONG " + sum));
            }
        }
    }

    /**
     * Starts {@code ox_bcast_102}, {@code ox_reduce_102}, the messaging layer's {@code mpi_allreduce} (its
     * collectives over the same RFC-102 links) or an {@code ox_send_102}/{@code ox_recv_102} pair (rank 0 to the
     * last rank) through executeFunction on every member involved, with payloads that take seconds on the shaped
     * links; prints {@code STARTED} so the test breaks the last rank; then reports what the master learns
     * ({@code FAILED}, the rank from {@link GroupMemberFailedException}) and what every survivor's call returned
     * ({@code SURVIVOR}); finally resets the survivors and checks that they answer again ({@code RECOVERED}).
     */
    private static void fault(ServerGroup group, String what, Duration timeout) {
        int n = group.size();
        int victim = n - 1;
        CmoString payload = CmoString.of("p".repeat(24 << 20));
        Map<Integer, CompletableFuture<Cmo>> calls = new ConcurrentHashMap<>();
        Map<Integer, Long> returnedAt = new ConcurrentHashMap<>();
        long t0 = System.nanoTime();
        CompletableFuture<List<Cmo>> op = CompletableFuture.supplyAsync(() -> group.all((r, m) -> {
            CompletableFuture<Cmo> f = switch (what) {
                case "bcast" -> r == 0 ? m.callRawAsync("ox_bcast_102", CmoZZ.of(0), payload)
                        : m.callRawAsync("ox_bcast_102", CmoZZ.of(0));
                case "reduce" -> m.callRawAsync("ox_reduce_102", CmoZZ.of(0), CmoString.of("+"),
                        new CmoZZ(big(64 << 20, r)));
                case "allreduce" -> m.callRawAsync("mpi_allreduce", CmoString.of("+"), new CmoZZ(big(128 << 20, r)));
                case "p2p" -> r == 0 ? m.callRawAsync("ox_send_102", CmoZZ.of(victim), payload)
                        : r == victim ? m.callRawAsync("ox_recv_102", CmoZZ.of(0))
                        : CompletableFuture.completedFuture((Cmo) CmoZZ.of(0));
                default -> throw new IllegalArgumentException(what);
            };
            calls.put(r, f.whenComplete((v, e) -> returnedAt.put(r, System.nanoTime())));
            return f;
        }, what));
        say("STARTED " + what);
        try {
            op.join();
            say("NOFAILURE " + what + " " + (System.nanoTime() - t0) / 1_000_000);
            return;
        } catch (RuntimeException e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            int rank = c instanceof GroupMemberFailedException g ? g.rank() : -1;
            say("FAILED " + what + " " + rank + " " + (System.nanoTime() - t0) / 1_000_000 + " "
                    + c.toString().replace('\n', ' '));
        }
        for (int r = 0; r < victim; r++) {
            OxClient m = group.member(r);
            if (!what.equals("p2p") || r == 0) {
                Cmo top = OxClient.await(calls.get(r), timeout, "survivor's call");
                say("SURVIVOR " + r + " " + (returnedAt.get(r) - t0) / 1_000_000 + " " + describe(top));
            }
            OxClient.await(m.resetAsync(), timeout, "reset");
            OxClient.await(m.executeAsync(SmCommand.RESET_102).thenCompose(v -> m.stackSizeAsync()), timeout,
                    "reset_102");
            Cmo answer = OxClient.await(m.callRawAsync("ox_get_rank_102"), timeout, "ox_get_rank_102");
            say("RECOVERED " + r + " " + describe(answer));
        }
    }

    private static String describe(Cmo c) {
        if (c instanceof CmoError2 e) {
            return "ERROR2 " + e.message().orElse(String.valueOf(e.body())).replace('\n', ' ');
        }
        String s = String.valueOf(c).replace('\n', ' ');
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    private static void say(String line) {
        synchronized (System.out) {
            System.out.println(line);
            System.out.flush();
        }
    }
}
