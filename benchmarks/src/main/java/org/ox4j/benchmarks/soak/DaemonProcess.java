package org.ox4j.benchmarks.soak;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.ox4j.protocol.handshake.OneTimePassword;

/**
 * An {@code ox-server daemon} started from a checkout's {@code bin/ox-server} on a port the OS picks, with a fresh
 * password, its log in a temporary directory; stopped by process handle (the script and the JVM) on close. It binds
 * loopback, or in the emulated cluster a host's address, started in that host's namespace by a command prefix
 * ({@code ox-cluster exec HOST}, which hands its process over to the server, so the handle is still the server's).
 */
final class DaemonProcess implements AutoCloseable {
    private final Process process;
    private final Path tmp;
    private final String host;
    private final int port;
    private final OneTimePassword password;

    private DaemonProcess(Process process, Path tmp, String host, int port, OneTimePassword password) {
        this.process = process;
        this.tmp = tmp;
        this.host = host;
        this.port = port;
        this.password = password;
    }

    /**
     * Starts the daemon of {@code home}, allowing {@code maxSessions} concurrent sessions, bound to {@code host}, its
     * command line after {@code prefix} (empty: on this machine).
     */
    static DaemonProcess start(Path home, int maxSessions, List<String> prefix, String host) throws IOException {
        Path tmp = Files.createTempDirectory("ox4j-soak");
        OneTimePassword pw = OneTimePassword.generate();
        Path pwFile = tmp.resolve("password");
        Files.writeString(pwFile, pw.reveal() + "\n");
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(home.resolve("bin/ox-server").toString(), "daemon", "--host", host, "--port", "0",
                "--password-file", pwFile.toString(), "--max-sessions", Integer.toString(maxSessions),
                "--log-file", tmp.resolve("daemon.log").toString()));
        // the daemon reports every refused connection on stderr: thousands of lines in a fuzz run, kept with the log
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(tmp.resolve("stderr.txt").toFile());
        pb.environment().put("JAVA_OPTS", "-Xmx" + HEAP_MIB + "m");
        Process p = pb.start();
        try {
            return new DaemonProcess(p, tmp, host, awaitPort(p), pw);
        } catch (IOException | RuntimeException e) {
            stop(p);
            throw e;
        }
    }

    private static int awaitPort(Process p) throws IOException {
        CompletableFuture<Integer> port = CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                        StandardCharsets.UTF_8));
                for (String line; (line = r.readLine()) != null; ) {
                    int i = line.indexOf("OX4J READY daemon=");
                    if (i >= 0) {
                        return Integer.parseInt(line.substring(i + 18).trim());
                    }
                }
                throw new IllegalStateException("the daemon exited before its readiness line");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            return port.get(180, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("daemon not ready: " + e.getMessage(), e);
        }
    }

    InetSocketAddress address() {
        return new InetSocketAddress(host, port);
    }

    OneTimePassword password() {
        return password;
    }

    ProcessHandle handle() {
        return process.toHandle();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    Path log() {
        return tmp.resolve("daemon.log");
    }

    @Override
    public void close() throws IOException {
        stop(process);
        try (var s = Files.walk(tmp)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    private static void stop(Process p) {
        p.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.onExit().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the handle is gone or the wait was interrupted; nothing more to stop
        }
    }

    /** The daemon's configured heap. */
    static final int HEAP_MIB = 512;
    /** Resident memory the daemon may reach: its heap plus room for code, metaspace, thread stacks and buffers. */
    static final long RSS_LIMIT_KIB = (HEAP_MIB + 512L) * 1024;

    /** How long a campaign waits for any single answer before it counts a hang. */
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(20);
}
