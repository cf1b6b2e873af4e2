package org.ox4j.it;

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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code bin/ox-server} process started by a test. Its log goes to {@code target/it-logs/NAME.log}, its stderr
 * to {@code NAME.stderr}. {@link #close()} destroys it and every descendant, also when the test failed.
 */
final class ServerProcess implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("OX4J READY (.*)");

    private final Process process;
    private final Path log;
    private final Map<String, String> ready = new HashMap<>();

    private ServerProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static Path home() {
        return Path.of(System.getProperty("ox4j.home", "..")).toAbsolutePath().normalize();
    }

    static Path bin() {
        return home().resolve("bin/ox-server");
    }

    static Path logs() throws IOException {
        Path p = Path.of(System.getProperty("ox4j.itLogs", "target/it-logs")).toAbsolutePath();
        Files.createDirectories(p);
        return p;
    }

    /** Starts {@code bin/ox-server ARGS} and waits for its readiness line. */
    static ServerProcess startReady(String name, String... args) throws IOException {
        return startReady(name, Map.of(), args);
    }

    /** Starts {@code bin/ox-server ARGS} with extra environment (e.g. JAVA_OPTS) and waits for readiness. */
    static ServerProcess startReady(String name, Map<String, String> env, String... args) throws IOException {
        return startReady(bin(), name, env, args);
    }

    /** Starts {@code script ARGS} (an {@code ox-server} script, possibly of another home) and waits for readiness. */
    static ServerProcess startReady(Path script, String name, Map<String, String> env, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(script.toString());
        cmd.addAll(List.of(args));
        cmd.add("--diagnostics");
        cmd.add("--log-file");
        cmd.add(logs().resolve(name + ".log").toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(logs().resolve(name + ".stderr").toFile());
        pb.environment().putAll(env);
        ServerProcess sp = new ServerProcess(pb.start(), logs().resolve(name + ".log"));
        sp.awaitReady();
        return sp;
    }

    /**
     * Starts a command the way Asir's launcher starts an engine (form a): stdout/stderr discarded, SIGUSR1 ignored,
     * the diagnostic functions enabled through the environment, the log in it-logs.
     */
    static ServerProcess startLaunched(String name, List<String> command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("OX4J_DIAGNOSTICS", "true");
        pb.environment().put("OX4J_LOG_FILE", logs().resolve(name + ".log").toString());
        return new ServerProcess(pb.start(), logs().resolve(name + ".log"));
    }

    private void awaitReady() throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            Matcher m = READY.matcher(line);
            if (m.find()) {
                for (String kv : m.group(1).trim().split("\\s+")) {
                    String[] p = kv.split("=", 2);
                    ready.put(p[0], p[1]);
                }
                return;
            }
        }
        throw new IOException("server exited before its readiness line; see " + log);
    }

    /** The started process (bin/ox-server execs the JVM, so this is the JVM itself once it runs). */
    ProcessHandle handle() {
        return process.toHandle();
    }

    /** A value of the readiness line, e.g. {@code control}, {@code data}, {@code daemon}. */
    String ready(String key) {
        return ready.get(key);
    }

    int readyPort(String key) {
        return Integer.parseInt(ready(key));
    }

    long pid() {
        return process.pid();
    }

    Process process() {
        return process;
    }

    /** Sends a signal with {@code kill}. */
    void signal(String sig) throws IOException, InterruptedException {
        Process k = new ProcessBuilder("kill", "-" + sig, Long.toString(process.pid())).inheritIO().start();
        if (k.waitFor() != 0) {
            throw new IOException("kill -" + sig + " failed");
        }
    }

    /** Waits for the process to exit; returns its status. */
    int awaitExit(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            throw new AssertionError("server did not exit within " + seconds + " s; see " + log);
        }
        return process.exitValue();
    }

    Path log() {
        return log;
    }

    @Override
    public void close() {
        process.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
