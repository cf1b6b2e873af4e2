package org.ox4j.it.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The emulated cluster of {@code integration-tests/cluster/ox-cluster} seen from a test: brings it up, runs
 * commands in its namespaces, injects faults and always takes it down ({@link #close()}). Every command runs as a
 * child process with a deadline; nothing outlives the test.
 */
public final class EmulatedCluster implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger();
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(120);

    private final Path script;
    private final Path state;
    private final int hosts;

    private EmulatedCluster(Path script, Path state, int hosts) {
        this.script = script;
        this.state = state;
        this.hosts = hosts;
    }

    /** The checkout's root (the directory holding {@code bin/ox-server}). */
    public static Path oxHome() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isRegularFile(p.resolve("bin/ox-server"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no bin/ox-server above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    /** Why the cluster cannot run here (not root, no {@code ip netns}, leftovers of another run), if so. */
    public static Optional<String> unavailableReason() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return Optional.of("the emulated cluster needs Linux network namespaces");
        }
        try {
            Result id = run(List.of("id", "-u"), Duration.ofSeconds(10));
            if (!id.out().strip().equals("0")) {
                return Optional.of("the emulated cluster needs root (uid " + id.out().strip() + ")");
            }
            Result netns = run(List.of("ip", "netns", "list"), Duration.ofSeconds(10));
            if (netns.status() != 0) {
                return Optional.of("'ip netns list' failed: " + netns.out().strip());
            }
            if (netns.out().lines().anyMatch(l -> l.startsWith("ox4j-"))) {
                return Optional.of("ox4j-* namespaces exist (another cluster run?): " + netns.out().strip());
            }
        } catch (IllegalStateException e) {
            return Optional.of("cannot run id/ip: " + e.getMessage());
        }
        return Optional.empty();
    }

    /**
     * {@code ox-cluster up hosts options...} with a private state directory; on failure whatever was created is
     * removed (the script's own trap) and an exception carries its output.
     */
    public static EmulatedCluster up(int hosts, List<String> options) {
        Path script = oxHome().resolve("integration-tests/cluster/ox-cluster");
        Path state;
        try {
            state = Files.createTempDirectory("ox4j-cluster-");
            Files.delete(state); // ox-cluster creates it (mode 700) and removes it on down
        } catch (IOException e) {
            throw new IllegalStateException("temporary state directory: " + e, e);
        }
        EmulatedCluster c = new EmulatedCluster(script, state, hosts);
        List<String> cmd = new ArrayList<>(List.of(script.toString(), "up", Integer.toString(hosts)));
        cmd.addAll(options);
        // the hosts' servers log to $TMPDIR as the test's own do (the build's target, see the root pom)
        String tmp = System.getenv("TMPDIR");
        if (tmp != null && !tmp.isEmpty()) {
            cmd.addAll(List.of("--env", "TMPDIR=" + tmp));
        }
        Result r = c.script(cmd, COMMAND_TIMEOUT);
        if (r.status() != 0) {
            c.close();
            throw new IllegalStateException("ox-cluster up failed (" + r.status() + "):\n" + r.out());
        }
        LOG.info("cluster of {} hosts up: {}", hosts, r.out().strip());
        return c;
    }

    public int hosts() {
        return hosts;
    }

    /** Address of host i (0-based). */
    public static String address(int i) {
        return "10.77.0." + (i + 1);
    }

    public Path hostfile() {
        return state.resolve("hostfile");
    }

    /** The ssh wrapper that knows the cluster's keys. */
    public Path ssh() {
        return state.resolve("bin/ssh");
    }

    /** A process builder for {@code cmd} in {@code host}'s namespace ({@code master}, {@code h0}, ...). */
    public ProcessBuilder processIn(String host, List<String> cmd) {
        List<String> full = new ArrayList<>(List.of(script.toString(), "exec", host));
        full.addAll(cmd);
        ProcessBuilder pb = new ProcessBuilder(full);
        pb.environment().put("OX4J_CLUSTER_STATE", state.toString());
        return pb;
    }

    /** Runs {@code cmd} in {@code host}'s namespace and returns its status and output (stderr merged). */
    public Result exec(String host, List<String> cmd) {
        List<String> full = new ArrayList<>(List.of(script.toString(), "exec", host));
        full.addAll(cmd);
        return script(full, COMMAND_TIMEOUT);
    }

    /** Command lines of the processes in host i's network namespace ({@code ip netns pids}). */
    public List<String> commandLinesOn(int host) {
        Result r = run(List.of("ip", "netns", "pids", "ox4j-h" + host), COMMAND_TIMEOUT);
        check(r);
        return r.out().lines().map(String::strip).filter(l -> !l.isEmpty()).map(Long::parseLong)
                .map(ProcessHandle::of).flatMap(Optional::stream)
                .map(h -> h.info().commandLine().orElse("(pid " + h.pid() + ")")).toList();
    }

    /** {@code ox-cluster link hI up|down}. */
    public void link(int host, boolean up) {
        check(script(List.of(script.toString(), "link", "h" + host, up ? "up" : "down"), COMMAND_TIMEOUT));
    }

    /** {@code ox-cluster loss P%}: the loss of every link; the result says why when the kernel cannot. */
    public Result loss(String percent) {
        return script(List.of(script.toString(), "loss", percent), COMMAND_TIMEOUT);
    }

    /** {@code ox-cluster kill hI}: SIGKILL to everything on host i except its sshd. */
    public void kill(int host) {
        check(script(List.of(script.toString(), "kill", "h" + host, "KILL"), COMMAND_TIMEOUT));
    }

    /** {@code ox-cluster down}: removes namespaces, processes and the state directory. */
    @Override
    public void close() {
        Result r = script(List.of(script.toString(), "down"), COMMAND_TIMEOUT);
        if (r.status() != 0) {
            LOG.error("ox-cluster down failed ({}): {}", r.status(), r.out());
        }
    }

    /** Names of the ox4j-* namespaces that exist now. */
    public static List<String> namespaces() {
        return run(List.of("ip", "netns", "list"), Duration.ofSeconds(10)).out().lines()
                .map(l -> l.split(" ")[0]).filter(n -> n.startsWith("ox4j-")).toList();
    }

    private Result script(List<String> cmd, Duration timeout) {
        return run(cmd, timeout, state);
    }

    private static void check(Result r) {
        if (r.status() != 0) {
            throw new IllegalStateException("command failed (" + r.status() + "): " + r.out());
        }
    }

    /** Exit status and merged output of a finished command. */
    public record Result(int status, String out) {
    }

    static Result run(List<String> cmd, Duration timeout) {
        return run(cmd, timeout, null);
    }

    private static Result run(List<String> cmd, Duration timeout, Path state) {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        if (state != null) {
            pb.environment().put("OX4J_CLUSTER_STATE", state.toString());
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IllegalStateException(cmd.get(0) + ": " + e.getMessage(), e);
        }
        try {
            p.getOutputStream().close();
            Process proc = p;
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return proc.getInputStream().readAllBytes();
                } catch (IOException e) {
                    return ("(output lost: " + e + ")").getBytes(StandardCharsets.UTF_8);
                }
            });
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IllegalStateException(cmd + ": no exit within " + timeout);
            }
            byte[] bytes;
            try {
                bytes = out.get(10, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                bytes = ("(output not complete: " + e + ")").getBytes(StandardCharsets.UTF_8);
            }
            return new Result(p.exitValue(), new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException e) {
            p.destroyForcibly();
            throw new IllegalStateException(cmd + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(cmd + ": interrupted", e);
        }
    }
}
