package org.ox4j.benchmarks.soak;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.client.launch.Hostfile;
import org.ox4j.client.launch.SshLauncher;

/**
 * Where the dying-peer campaign's groups run and how it loses a member there: on this machine (processes killed
 * with SIGKILL, connections cut with {@link LinkCutter}) or in the emulated cluster of
 * {@code integration-tests/cluster/ox-cluster} (servers started over ssh by a host file; a host's processes
 * killed, or its link taken down, by that tool).
 */
interface GroupPlacement {
    /** A fresh, wired group of {@code size}. */
    ServerGroup launch(int size);

    /** Kills the server of {@code rank}. */
    void kill(ServerGroup group, int rank) throws Exception;

    /** Cuts {@code rank} off with its process alive; false if nothing could be cut. */
    boolean cut(ServerGroup group, int rank) throws Exception;

    /** Undoes what {@link #cut} did to the surroundings (a link taken down), once the case is over. */
    void restore(int size, int rank) throws Exception;

    /** Why members cannot be cut off here, or empty. */
    Optional<String> cutsUnavailable();

    /** What the figures say about the place. */
    String describe();

    /** Local processes on this machine. */
    static GroupPlacement local() {
        return new GroupPlacement() {
            @Override
            public ServerGroup launch(int size) {
                return ServerGroup.launchLocal(size);
            }

            @Override
            public void kill(ServerGroup group, int rank) throws Exception {
                group.member(rank).launchedServer().orElseThrow().process().destroyForcibly().onExit()
                        .get(DaemonProcess.ANSWER_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }

            @Override
            public boolean cut(ServerGroup group, int rank) throws IOException {
                return LinkCutter.cutAll(group.member(rank).launchedServer().orElseThrow().process().pid()) > 0;
            }

            @Override
            public void restore(int size, int rank) {
                // the cut connections are gone with the group
            }

            @Override
            public Optional<String> cutsUnavailable() {
                return LinkCutter.unavailable();
            }

            @Override
            public String describe() {
                return "local processes, TCP on loopback";
            }
        };
    }

    /**
     * The emulated cluster: one rank per host of {@code hostfile} (started over the cluster's ssh, checkout at
     * {@code home}), faults by {@code tool} ({@code ox-cluster kill HOST}, {@code ox-cluster link HOST down}).
     * {@code requestTimeout} bounds the master's wait for a host whose link is down.
     */
    static GroupPlacement cluster(Path hostfile, Path tool, Path home, Duration requestTimeout) {
        Hostfile hosts = Hostfile.read(hostfile);
        return new GroupPlacement() {
            @Override
            public ServerGroup launch(int size) {
                return ServerGroup.launchFromHostfile(hosts, size, host -> new SshLauncher(host, host,
                        home.toString(), List.of("ssh", "-o", "BatchMode=yes"), Duration.ofSeconds(180)),
                        OxClientOptions.defaults().withRequestTimeout(requestTimeout), OxClientResources.shared());
            }

            @Override
            public void kill(ServerGroup group, int rank) throws IOException {
                run(List.of(tool.toString(), "kill", hosts.place(group.size()).get(rank), "KILL"));
            }

            @Override
            public boolean cut(ServerGroup group, int rank) throws IOException {
                run(List.of(tool.toString(), "link", hosts.place(group.size()).get(rank), "down"));
                return true;
            }

            @Override
            public void restore(int size, int rank) throws IOException {
                String host = hosts.place(size).get(rank);
                run(List.of(tool.toString(), "link", host, "up"));
                run(List.of(tool.toString(), "kill", host, "KILL")); // the server that was cut off
            }

            @Override
            public Optional<String> cutsUnavailable() {
                return Optional.empty();
            }

            @Override
            public String describe() {
                return "the emulated cluster of " + hostfile + " (one rank per host, faults by " + tool.getFileName()
                        + ")";
            }
        };
    }

    private static void run(List<String> command) throws IOException {
        ShellCommand.run(command, Duration.ofSeconds(60));
    }
}
