package org.ox4j.benchmarks.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.ox4j.client.launch.OxHome;
import org.junit.jupiter.api.Test;

/**
 * The short forms of the daemon fuzz, the form-b fuzz, the resets, the soak and the group resets in the emulated
 * cluster ({@code integration-tests/cluster/ox-cluster}, 3 hosts): the campaigns run in the master namespace with
 * {@link Placement#cluster}, so every frame, reset and request crosses the emulated network to servers on the hosts.
 * Needs root and network namespaces; skipped with the reason otherwise. The dying-peer campaign's cluster form is
 * not repeated here (a case takes up to 40 s there; {@code ClusterIT} kills and cuts hosts in the cluster).
 */
class ClusterSoakShortFormTest {
    private static final Duration LIMIT = Duration.ofMinutes(10);

    @Test
    void theCampaignsFindNoFailureWithTheServersOnClusterHosts() throws Exception {
        Path home = OxHome.locate();
        Path tool = home.resolve("integration-tests/cluster/ox-cluster");
        String why = unavailable();
        Assumptions.assumeTrue(why == null, why);
        Path state = Files.createTempDirectory("ox4j-cluster-");
        Files.delete(state); // the tool creates it (mode 700) and removes it on down
        try {
            run(state, List.of(tool.toString(), "up", "3", "--rate", "1gbit", "--env",
                    "JAVA_OPTS=-Xmx" + DaemonProcess.HEAP_MIB + "m -Dox.rfc102.timeout=PT8S"));
            List<String> campaign = new ArrayList<>(List.of(tool.toString(), "exec", "master",
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Dox4j.home=" + home,
                    "-cp", System.getProperty("java.class.path"), SoakBench.class.getName(),
                    "fuzz", "600", "fuzz-server", "400", "8", "resets", "6", "soak", "2", "10", "resets102", "10",
                    "--seed", "7", "--hostfile", state.resolve("hostfile").toString(), "--cluster-tool",
                    tool.toString()));
            Finished r = run(state, campaign);
            String out = r.output();
            assertThat(r.status()).as("failed campaigns; output:%n%s", out).isZero();
            assertThat(Pattern.compile("\\| where \\| the emulated cluster").matcher(out).results().count())
                    .as("every campaign ran in the cluster:%n%s", out).isEqualTo(5);
            assertThat(row(out, "connections neither answered nor closed \\(hangs\\)")).isEqualTo("0");
            assertThat(row(out, "probe round trips / failures")).matches("[1-9]\\d* / 0");
            assertThat(row(out, "probes unanswered \\(hangs\\) / sessions closed")).isEqualTo("0 / 0");
            assertThat(row(out, "openings not closed, or whose server did not end")).isEqualTo("0");
            assertThat(row(out, "resets / failures")).isEqualTo("6 / 0");
            assertThat(row(out, "requests / failures")).matches("[1-9]\\d* / 0");
            assertThat(row(out, "resets planned / done / failures")).isEqualTo("10 / 10 / 0");
        } finally {
            Finished down = run(state, List.of(tool.toString(), "down"));
            assertThat(down.status()).as(down.output()).isZero();
        }
    }

    private static String row(String out, String measure) {
        Matcher m = Pattern.compile("\\| " + measure + " \\| ([^|\\n]*) \\|").matcher(out);
        assertThat(m.find()).as("row '%s' in:%n%s", measure, out).isTrue();
        return m.group(1).strip();
    }

    /** Why the cluster cannot run here, or null. */
    private static String unavailable() throws Exception {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return "the emulated cluster needs Linux network namespaces";
        }
        Finished id = run(null, List.of("id", "-u"));
        if (!id.output().strip().equals("0")) {
            return "the emulated cluster needs root";
        }
        Finished netns = run(null, List.of("ip", "netns", "list"));
        if (netns.status() != 0) {
            return "'ip netns list' failed: " + netns.output().strip();
        }
        if (netns.output().lines().anyMatch(l -> l.startsWith("ox4j-"))) {
            return "ox4j-* namespaces exist (another cluster run?)";
        }
        return null;
    }

    private record Finished(int status, String output) {
    }

    /** Runs {@code command} with the cluster's state directory, output to a file, killed at {@link #LIMIT}. */
    private static Finished run(Path state, List<String> command) throws IOException, InterruptedException {
        Path output = Files.createTempFile("ox4j-cluster-command", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        if (state != null) {
            pb.environment().put("OX4J_CLUSTER_STATE", state.toString());
        }
        Process p = pb.start();
        try {
            if (!p.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                return new Finished(-1, "not done within " + LIMIT + ": " + Files.readString(output));
            }
            return new Finished(p.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            p.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Files.deleteIfExists(output);
        }
    }
}
