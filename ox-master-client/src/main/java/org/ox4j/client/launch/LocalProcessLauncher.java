package org.ox4j.client.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.client.core.Futures;
import org.ox4j.client.core.OxServerAddress;
import org.ox4j.client.core.PortFileAddress;
import org.ox4j.protocol.handshake.OneTimePassword;

/**
 * Starts {@code <ox4j home>/bin/ox-server} on this machine in {@code ox} style: TCP ports chosen by the OS
 * ({@code -control 0 -data 0 -portfile F}) on 127.0.0.1, or AF_UNIX sockets ({@code -unix PREFIX}), always with
 * a fresh one-time password ({@code -pass}); then waits (bounded) for the readiness line
 * {@code OX4J READY control=C data=D} on the server's stdout. Any other {@code ox}-style command works too
 * ({@link Builder#command}): OpenXM's {@code ox -ox ox_asir} takes the same options and is ready when it has
 * written its control port file.
 */
public final class LocalProcessLauncher implements ServerLauncher {
    private static final Logger LOG = LogManager.getLogger();

    /** How the server listens. */
    public enum Transport { TCP, UNIX }

    private final List<String> serverCommand;
    private final Transport transport;
    private final Duration readinessTimeout;
    private final List<String> extraArgs;
    /** ox4j's own server: its readiness line is the answer, no port file is watched. */
    private final boolean ownServer;

    private LocalProcessLauncher(List<String> serverCommand, Transport transport, Duration readinessTimeout,
            List<String> extraArgs, boolean ownServer) {
        this.serverCommand = List.copyOf(serverCommand);
        this.transport = transport;
        this.readinessTimeout = readinessTimeout;
        this.extraArgs = List.copyOf(extraArgs);
        this.ownServer = ownServer;
    }

    /**
     * TCP on loopback, home found by {@link OxHome#locate()}, up to 180 s to become ready (a bound, not a wait: a
     * JVM starting on a heavily loaded machine can take a minute).
     */
    public static LocalProcessLauncher create() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Settings of a {@link LocalProcessLauncher}. */
    public static final class Builder {
        private Path home;
        private List<String> command;
        private Transport transport = Transport.TCP;
        private Duration readinessTimeout = Duration.ofSeconds(180);
        private final List<String> extraArgs = new ArrayList<>();

        /** The ox4j checkout or distribution (default: {@link OxHome#locate()}). */
        public Builder home(Path home) {
            this.home = home;
            return this;
        }

        /**
         * Another {@code ox}-style server command instead of {@code bin/ox-server}; the launcher appends the
         * same options and expects the same readiness line.
         */
        public Builder command(List<String> command) {
            if (command.isEmpty()) {
                throw new IllegalArgumentException("command: empty");
            }
            this.command = List.copyOf(command);
            return this;
        }

        /** {@link #command(List)} of a command line split at white space ({@code "ox -ox ox_asir"}). */
        public Builder commandLine(String line) {
            return command(splitCommandLine(line));
        }

        public Builder transport(Transport t) {
            this.transport = Objects.requireNonNull(t);
            return this;
        }

        public Builder readinessTimeout(Duration d) {
            this.readinessTimeout = Objects.requireNonNull(d);
            return this;
        }

        /** More server options, appended to the command line. */
        public Builder extraArgs(String... args) {
            extraArgs.addAll(List.of(args));
            return this;
        }

        public LocalProcessLauncher build() {
            if (command != null) {
                return new LocalProcessLauncher(command, transport, readinessTimeout, extraArgs, false);
            }
            Path h = home != null ? home : OxHome.locate();
            return new LocalProcessLauncher(List.of(OxHome.serverScript(h).toString()), transport,
                    readinessTimeout, extraArgs, true);
        }
    }

    /** The words of an {@code ox}-style command line (white space separates them; no quoting). */
    public static List<String> splitCommandLine(String line) {
        String t = line.strip();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("server command: empty");
        }
        return List.of(t.split("\\s+"));
    }

    @Override
    public String describe() {
        return "local " + serverCommand.get(0) + " (" + transport + ")";
    }

    @Override
    public LaunchedServer launch() {
        OneTimePassword password = OneTimePassword.generate();
        Path dir;
        try {
            dir = Files.createTempDirectory("ox4j-launch-");
        } catch (IOException e) {
            throw new OxLaunchException("cannot create a temporary directory: " + e.getMessage(), e);
        }
        Path base = dir.resolve("ox");
        List<String> cmd = new ArrayList<>();
        cmd.addAll(serverCommand);
        if (transport == Transport.TCP) {
            cmd.addAll(List.of("-host", "127.0.0.1", "-control", "0", "-data", "0", "-portfile", base.toString()));
        } else {
            cmd.addAll(List.of("-unix", base.toString()));
        }
        cmd.addAll(List.of("-pass", password.reveal()));
        cmd.addAll(extraArgs);
        List<Path> temporary = List.of(Path.of(base + ".control"), Path.of(base + ".data"), dir);
        Process process = start(cmd);
        String name = "ox-server-" + process.pid();
        ProcessOutput<ReadinessLine> out = new ProcessOutput<>(process, name, ReadinessLine::parse);
        try {
            OxServerAddress address = awaitReady(process, out, readiness(out, base), readinessTimeout, describe());
            LOG.debug("{} ready: {}", name, address);
            return new LaunchedServer(process, address.withPassword(password), name, temporary, Optional.empty());
        } catch (RuntimeException e) {
            new LaunchedServer(process, OxServerAddress.tcp("127.0.0.1", 0, 0), name, temporary, Optional.empty())
                    .close();
            throw e;
        }
    }

    /**
     * Where the server listens, from whichever comes first: ox4j's readiness line on stdout, or (TCP only) the
     * control port file that OpenXM's {@code ox} and other {@code ox}-style servers write once they listen. Such a
     * server writes its data port file only after it has accepted the control connection (spec §2.3), so the data
     * endpoint is then a {@link PortFileAddress} that the client resolves when it connects.
     */
    private CompletableFuture<OxServerAddress> readiness(ProcessOutput<ReadinessLine> out, Path base) {
        CompletableFuture<OxServerAddress> fromLine = out.ready().thenApply(ready -> transport == Transport.TCP
                ? OxServerAddress.tcp("127.0.0.1", ready.controlPort(), ready.dataPort())
                : new OxServerAddress(java.net.UnixDomainSocketAddress.of(ready.control()),
                        java.net.UnixDomainSocketAddress.of(ready.data()), Optional.empty(), Optional.empty()));
        if (transport != Transport.TCP || ownServer) {
            // ox4j's server prints its line as soon as it listens; watching its port file as well cost a group of
            // eight about 1600 file lookups (and their compilation) in the master while the servers started
            return fromLine;
        }
        CompletableFuture<OxServerAddress> either = new CompletableFuture<>();
        fromLine.whenComplete((a, e) -> {
            if (e != null) {
                either.completeExceptionally(e);
            } else {
                either.complete(a);
            }
        });
        PortFileWatch.await(Path.of(base + ".control"), either).thenAccept(port -> either.complete(
                new OxServerAddress(new java.net.InetSocketAddress("127.0.0.1", port),
                        new PortFileAddress("127.0.0.1", Path.of(base + ".data")), Optional.empty(),
                        Optional.empty())));
        return either;
    }

    static Process start(List<String> cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        try {
            Process p = pb.start();
            // The server never reads stdin; closing it keeps it from inheriting a terminal.
            p.getOutputStream().close();
            return p;
        } catch (IOException e) {
            throw new OxLaunchException("cannot start " + cmd.get(0) + ": " + e.getMessage(), e);
        }
    }

    /** Waits for {@code ready}; fails early, with the process's last output, if the process exits first. */
    static <T> T awaitReady(Process process, ProcessOutput<?> out, CompletableFuture<T> ready, Duration timeout,
            String what) {
        process.onExit().thenRun(() -> ready.completeExceptionally(new OxLaunchException(what
                + " exited with status " + process.exitValue() + " before it was ready" + out.diagnostics())));
        try {
            return Futures.await(ready, timeout, what + " readiness");
        } catch (OxLaunchException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new OxLaunchException(what + " did not print its readiness line or write its port file: "
                    + e.getMessage() + out.diagnostics(), e);
        }
    }
}
