package org.ox4j.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Groups across hosts on the emulated cluster ({@code integration-tests/cluster/ox-cluster}): 3 hosts in network
 * namespaces with 200 Mbit/s links and an sshd each; the master ({@link ClusterMasterDriver}) runs in the master
 * namespace and launches {@code bin/ox-server} on the hosts over ssh from the hostfile. Needs root and
 * {@code ip netns}; skipped with the reason otherwise. The cluster is always taken down, and the last test checks
 * that no {@code ox4j-*} namespace is left.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {
    private static final Logger LOG = LogManager.getLogger();
    private static final int HOSTS = 3;
    private static final int VICTIM = HOSTS - 1;
    /** The master's request timeout; the servers' RFC-102 timeout (set through the hosts' ssh environment) is 8 s. */
    private static final int MASTER_TIMEOUT_S = 25;
    private static final Duration DRIVER_DEADLINE = Duration.ofSeconds(240);

    private EmulatedCluster cluster;

    @BeforeAll
    void up() {
        Optional<String> why = EmulatedCluster.unavailableReason();
        if (why.isPresent()) {
            System.out.println("ClusterIT skipped: " + why.get());
            Assumptions.assumeTrue(false, why.get());
        }
        cluster = EmulatedCluster.up(HOSTS, List.of("--rate", "200mbit",
                "--env", "JAVA_OPTS=-Xmx1g -Dox.rfc102.timeout=PT8S"));
    }

    @AfterAll
    void down() {
        if (cluster != null) {
            cluster.close();
            assertThat(EmulatedCluster.namespaces()).as("ox4j namespaces after down").isEmpty();
        }
    }

    @AfterEach
    void healLinks() {
        if (cluster != null) {
            cluster.link(VICTIM, true);
        }
    }

    @Test
    @Order(1)
    void eachHostHasItsOwnAddressAndSshAndTheRootNamespaceNone() {
        for (int i = 0; i < HOSTS; i++) {
            EmulatedCluster.Result r = cluster.exec("master", List.of(cluster.ssh().toString(),
                    EmulatedCluster.address(i), "ip -4 -o addr show dev eth0"));
            assertThat(r.status()).as(r.out()).isZero();
            assertThat(r.out()).contains("inet " + EmulatedCluster.address(i) + "/24");
        }
        EmulatedCluster.Result root = EmulatedCluster.run(List.of("ip", "-4", "-o", "addr"), Duration.ofSeconds(10));
        assertThat(root.out()).doesNotContain("10.77.0.");
        assertThat(readLines(cluster.hostfile())).containsExactly("10.77.0.1 slots=1", "10.77.0.2 slots=1",
                "10.77.0.3 slots=1");
    }

    @Test
    @Order(2)
    void groupLaunchedOverSshBindsHostAddressesWithPasswordsAndRunsCollectives() throws Exception {
        Driver d = Driver.start(cluster, "collectives", HOSTS, MASTER_TIMEOUT_S);
        try {
            d.awaitLine("LAUNCHED");
            for (int i = 0; i < HOSTS; i++) {
                String addr = EmulatedCluster.address(i);
                EmulatedCluster.Result ss = cluster.exec("h" + i, List.of("ss", "-Htnlp"));
                List<String> java = ss.out().lines().filter(l -> l.contains("\"java\"")).toList();
                // columns: State Recv-Q Send-Q Local Peer Process; the local address must be the host's own
                assertThat(java).as("listeners of the server on h%d", i).isNotEmpty()
                        .allSatisfy(l -> assertThat(mentions(l.trim().split("\\s+")[3], addr))
                                .as("bound to %s: %s", addr, l).isTrue());
                EmulatedCluster.Result est = cluster.exec("h" + i, List.of("ss", "-Htn", "state", "established"));
                assertThat(est.out()).as("h%d talks to other hosts, not loopback", i).doesNotContain("127.0.0.1");
                for (int j = 0; j < HOSTS; j++) {
                    if (j != i) {
                        assertThat(mentions(est.out(), EmulatedCluster.address(j)))
                                .as("RFC-102 link h%d-h%d in %s", i, j, est.out()).isTrue();
                    }
                }
                // the RFC-102 links (host to host) have TCP keepalive: a cut-off host is noticed within the timeout
                EmulatedCluster.Result timers = cluster.exec("h" + i, List.of("ss", "-Htno", "state", "established"));
                int host = i;
                List<String> links = timers.out().lines().filter(l -> isLinkToOtherHost(l, host)).toList();
                assertThat(links).as("RFC-102 links of h%d in %s", i, timers.out()).hasSize(HOSTS - 1)
                        .allSatisfy(l -> assertThat(l).contains("timer:(keepalive"));
                List<String> servers = cluster.commandLinesOn(i).stream().filter(c -> c.contains("ox4j")).toList();
                assertThat(servers).as("server command line on h%d", i).isNotEmpty()
                        .allSatisfy(c -> assertThat(c).contains("-pass ").contains("-host " + addr));
            }
            d.send("GO");
            List<String> out = d.awaitExit();
            List<String> results = out.stream().filter(l -> l.startsWith("RESULT ")).toList();
            // 2 rounds × (HOSTS bcasts × HOSTS ranks + 1 string bcast × HOSTS ranks + 2 reduces)
            assertThat(results).hasSize(2 * (HOSTS * HOSTS + HOSTS + 2)).allSatisfy(l -> assertThat(l).endsWith(" ok"));
            assertThat(out).contains("DONE").noneMatch(l -> l.startsWith("ERROR"));
            assertThat(d.exitStatus()).isZero();
        } finally {
            d.close();
        }
        assertNoServerLeft();
    }

    @ParameterizedTest(name = "server killed during {0}")
    @ValueSource(strings = {"bcast", "reduce", "allreduce", "p2p"})
    @Order(3)
    void killedServerIsNamedByMasterAndSurvivorsWhoRecover(String op) throws Exception {
        faultScenario(op, () -> cluster.kill(VICTIM));
    }

    @ParameterizedTest(name = "link down during {0}")
    @ValueSource(strings = {"bcast", "reduce", "allreduce", "p2p"})
    @Order(4)
    void linkDownIsNamedByMasterAndSurvivorsWhoRecover(String op) throws Exception {
        faultScenario(op, () -> cluster.link(VICTIM, false));
        // the victim's server is cut off: stop it (its master connection is dead) before the next test
        cluster.kill(VICTIM);
    }

    @Test
    @Order(5)
    void collectivesStayCorrectWithOnePercentLossOnEveryLink() throws Exception {
        EmulatedCluster.Result r = cluster.loss("1%");
        Assumptions.assumeTrue(r.status() == 0, "this kernel cannot emulate loss: " + r.out());
        try {
            Driver d = Driver.start(cluster, "collectives", HOSTS, MASTER_TIMEOUT_S);
            try {
                d.awaitLine("LAUNCHED");
                d.send("GO");
                List<String> out = d.awaitExit();
                assertThat(out.stream().filter(l -> l.startsWith("RESULT ")).toList())
                        .hasSize(2 * (HOSTS * HOSTS + HOSTS + 2)).allSatisfy(l -> assertThat(l).endsWith(" ok"));
                assertThat(d.exitStatus()).isZero();
            } finally {
                d.close();
            }
        } finally {
            cluster.loss("0%");
        }
        assertNoServerLeft();
    }

    /**
     * Runs a fault scenario: the master must name the victim, every survivor's error must name the victim (never a
     * live peer it happened to wait for), and every survivor must answer again after reset.
     *
     * <p>A killed server's links close at once. A silent victim (link down) is found by TCP keepalive on every
     * idle link to it (the servers derive it from their RFC-102 timeout: closed within 4 s of 8 s), and a member
     * blocked sending to it by its send timeout, which names it too; once any link of a member has failed, every
     * collective wait of the group ends naming that member (RFC-102 layer), and the messaging layer also tells the
     * other ranks at once. A survivor may also finish its part normally (its call returns a value), which ULFM
     * allows: an operation may succeed at some ranks and fail at others, e.g. a bcast leaf that had its data
     * before the victim failed, or a reduce member whose send was done. At least one survivor names the victim.
     */
    private void faultScenario(String op, Runnable breakVictim) throws Exception {
        Driver d = Driver.start(cluster, "fault-" + op, HOSTS, MASTER_TIMEOUT_S);
        try {
            d.awaitLine("LAUNCHED");
            d.send("GO");
            d.awaitLine("STARTED " + op);
            long t0 = System.nanoTime();
            breakVictim.run();
            String failed = d.awaitLine("FAILED " + op);
            long seen = (System.nanoTime() - t0) / 1_000_000;
            List<String> out = d.awaitExit();
            LOG.info("{}: master saw the failure after {} ms: {}", op, seen, failed);
            String[] f = failed.split(" ", 5);
            assertThat(Integer.parseInt(f[2])).as("rank named by the master: %s", failed).isEqualTo(VICTIM);
            assertThat(seen).as("failure reported within the master's timeout")
                    .isLessThan(TimeUnit.SECONDS.toMillis(MASTER_TIMEOUT_S + 10));
            List<String> survivors = out.stream().filter(l -> l.startsWith("SURVIVOR ")).toList();
            survivors.forEach(l -> LOG.info("{}: {}", op, l));
            assertThat(survivors).as("no survivor hangs: every call returned within the master's timeout")
                    .allSatisfy(l -> assertThat(Long.parseLong(l.split(" ", 4)[2]))
                            .isLessThan(TimeUnit.SECONDS.toMillis(MASTER_TIMEOUT_S)));
            String victimNamed = "rfc102: rank " + VICTIM + " failed";
            assertThat(survivors).as("what the survivors' calls returned").isNotEmpty()
                    .anySatisfy(l -> assertThat(l).contains(victimNamed))
                    .allSatisfy(l -> {
                        if (l.contains("ERROR2")) {
                            assertThat(l).contains(victimNamed);
                        }
                    });
            for (int r = 0; r < VICTIM; r++) {
                String prefix = "RECOVERED " + r + " ";
                assertThat(out).as("rank %d answers after reset", r)
                        .anySatisfy(l -> assertThat(l).startsWith(prefix).doesNotContain("ERROR"));
            }
            assertThat(d.exitStatus()).as(String.join("\n", out)).isZero();
        } finally {
            d.close();
        }
    }

    /** No server process is left on any host (only the hosts' sshd). */
    private void assertNoServerLeft() {
        Awaitility.await("servers gone").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            for (int i = 0; i < HOSTS; i++) {
                assertThat(cluster.commandLinesOn(i)).as("processes on h%d", i)
                        .allSatisfy(c -> assertThat(c).contains("sshd"));
            }
        });
    }

    /** An {@code ss} line of a connection between host {@code i} and another host (not the master). */
    private static boolean isLinkToOtherHost(String ssLine, int i) {
        for (int j = 0; j < HOSTS; j++) {
            if (j != i && mentions(ssLine, EmulatedCluster.address(j))) {
                return true;
            }
        }
        return false;
    }

    /** {@code text} names {@code address} as an address (plain or IPv4-mapped, followed by a port). */
    private static boolean mentions(String text, String address) {
        return java.util.regex.Pattern.compile("(^|[^0-9.])" + java.util.regex.Pattern.quote(address) + "\\]?:\\d+")
                .matcher(text).find();
    }

    private static List<String> readLines(java.nio.file.Path p) {
        try {
            return java.nio.file.Files.readAllLines(p);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A {@link ClusterMasterDriver} running in the master namespace, its stdout read line by line. */
    private static final class Driver implements AutoCloseable {
        private final Process process;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final List<String> all = Collections.synchronizedList(new ArrayList<>());
        private final Thread reader;

        private Driver(Process process) {
            this.process = process;
            this.reader = new Thread(() -> pump(line -> {
                System.out.println("driver: " + line);
                all.add(line);
                lines.add(line);
            }), "cluster-driver-out");
            reader.setDaemon(true);
            reader.start();
        }

        static Driver start(EmulatedCluster c, String scenario, int n, int timeoutS) throws IOException {
            String java = ProcessHandle.current().info().command().orElse("java");
            List<String> cmd = List.of(java, "-Xmx2g", "-cp", System.getProperty("java.class.path"),
                    ClusterMasterDriver.class.getName(), scenario, c.hostfile().toString(),
                    EmulatedCluster.oxHome().toString(), c.ssh().toString(), Integer.toString(n),
                    Integer.toString(timeoutS));
            return new Driver(c.processIn("master", cmd).redirectErrorStream(true).start());
        }

        private void pump(Consumer<String> sink) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    sink.accept(l);
                }
            } catch (IOException e) {
                sink.accept("ERROR reading driver output: " + e);
            }
        }

        /** The first line starting with {@code prefix}; fails on the deadline or when the driver ends first. */
        String awaitLine(String prefix) throws InterruptedException {
            long deadline = System.nanoTime() + DRIVER_DEADLINE.toNanos();
            while (true) {
                String l = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (l == null) {
                    throw new AssertionError("no '" + prefix + "' from the driver within " + DRIVER_DEADLINE
                            + "; output:\n" + String.join("\n", all));
                }
                if (l.startsWith(prefix)) {
                    return l;
                }
                if (l.equals("DONE")) {
                    throw new AssertionError("driver ended before '" + prefix + "'; output:\n"
                            + String.join("\n", all));
                }
            }
        }

        void send(String line) throws IOException {
            OutputStream os = process.getOutputStream();
            os.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            os.flush();
        }

        List<String> awaitExit() throws InterruptedException {
            if (!process.waitFor(DRIVER_DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("driver did not exit within " + DRIVER_DEADLINE + "; output:\n"
                        + String.join("\n", all));
            }
            reader.join(TimeUnit.SECONDS.toMillis(10));
            synchronized (all) {
                return List.copyOf(all);
            }
        }

        int exitStatus() {
            return process.exitValue();
        }

        @Override
        public void close() {
            if (process.isAlive()) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }
}
