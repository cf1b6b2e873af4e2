package org.ox4j.benchmarks.rpc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@code ox-server} process in form b (TCP ports or AF_UNIX sockets), started from a checkout's
 * {@code bin/ox-server}, with its control connection held open; {@link #data()} is a fresh data session.
 */
final class ServerUnderTest implements AutoCloseable {
    private final Process process;
    private final Path tmp;
    private final BlockingOxSession control;
    private final BlockingOxSession data;

    private ServerUnderTest(Process process, Path tmp, Map<String, String> ready) throws IOException {
        this.process = process;
        this.tmp = tmp;
        this.control = BlockingOxSession.connect(ready.get("control"));
        this.data = BlockingOxSession.connect(ready.get("data"));
    }

    /** Starts {@code home/bin/ox-server}; {@code unix} picks AF_UNIX sockets instead of TCP. */
    static ServerUnderTest start(Path home, boolean unix, List<String> javaOpts) throws IOException {
        return start(home, unix, javaOpts, Map.of());
    }

    /** As {@link #start(Path, boolean, List)} with more environment (e.g. {@code JAVA_HOME} to pick the JDK). */
    static ServerUnderTest start(Path home, boolean unix, List<String> javaOpts, Map<String, String> env)
            throws IOException {
        Path tmp = Files.createTempDirectory("ox4j-bench");
        List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/ox-server").toString()));
        if (unix) {
            cmd.addAll(List.of("-unix", tmp.resolve("ox").toString()));
        } else {
            cmd.addAll(List.of("-data", "0", "-control", "0"));
        }
        cmd.addAll(List.of("--max-message-bytes", Long.toString(1L << 30), "--log-file",
                tmp.resolve("server.log").toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        // OX4J_BENCH_SERVER_OPTS adds JVM options to the server under test (a profiler, another collector, ...)
        String extra = System.getenv().getOrDefault("OX4J_BENCH_SERVER_OPTS", "");
        pb.environment().put("JAVA_OPTS", (String.join(" ", javaOpts) + " " + extra).strip());
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            return new ServerUnderTest(p, tmp, awaitReady(p));
        } catch (IOException | RuntimeException e) {
            p.destroyForcibly();
            throw e;
        }
    }

    private static Map<String, String> awaitReady(Process p) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            int i = line.indexOf("OX4J READY ");
            if (i >= 0) {
                Map<String, String> m = new HashMap<>();
                for (String kv : line.substring(i + 11).trim().split("\\s+")) {
                    String[] a = kv.split("=", 2);
                    m.put(a[0], a[1]);
                }
                return m;
            }
        }
        throw new IOException("ox-server exited before its readiness line");
    }

    BlockingOxSession data() {
        return data;
    }

    @Override
    public void close() throws IOException {
        try {
            data.close();
            control.close();
        } finally {
            process.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try (var s = Files.walk(tmp)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
