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
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.client.launch.OxHome;
import org.ox4j.client.launch.ServerLauncher;
import org.ox4j.client.launch.SshLauncher;

/**
 * Where the campaigns' servers run and how a member is lost there: on this machine (TCP on loopback; processes
 * killed with SIGKILL, connections cut with {@link LinkCutter}) or in the emulated cluster of
 * {@code integration-tests/cluster/ox-cluster} (single servers and daemons on its first host, groups one rank per
 * host, servers started over ssh by a host file or in the host's namespace by that tool; a host's processes
 * killed, or its link taken down, by that tool). The campaign itself runs where its master is: in the cluster,
 * inside the master namespace.
 */
interface Placement {
    /** A fresh, wired group of {@code size}. */
    ServerGroup launch(int size);

    /**
     * Launches single servers of launch form b (the {@code ox} launcher's form) with the daemon's heap bound (in the
     * cluster, bring it up with {@code --env JAVA_OPTS=-Xmx512m}: the hosts' sshd hands that to every server).
     */
    ServerLauncher serverLauncher();

    /** The processes of a server from {@link #serverLauncher}: the JVM is the largest. */
    List<ProcessHandle> processes(LaunchedServer server) throws IOException;

    /** Starts a daemon of {@code home} that allows {@code maxSessions} concurrent sessions. */
    DaemonProcess startDaemon(Path home, int maxSessions) throws IOException;

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
    static Placement local() {
        return new Placement() {
            @Override
            public ServerGroup launch(int size) {
                return ServerGroup.launchLocal(size);
            }

            @Override
            public ServerLauncher serverLauncher() {
                // the heap bounded as the daemon's, so that resident memory has a bound to be checked against
                return LocalProcessLauncher.builder().command(List.of("env", "JAVA_OPTS=-Xmx" + DaemonProcess.HEAP_MIB
                        + "m", OxHome.serverScript(OxHome.locate()).toString())).build();
            }

            @Override
            public List<ProcessHandle> processes(LaunchedServer server) {
                return server.pids().stream().map(ProcessHandle::of).flatMap(Optional::stream).toList();
            }

            @Override
            public DaemonProcess startDaemon(Path home, int maxSessions) throws IOException {
                return DaemonProcess.start(home, maxSessions, List.of(), "127.0.0.1");
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
     * The emulated cluster: groups one rank per host of {@code hostfile} (started over the cluster's ssh, checkout at
     * {@code home}), single servers over ssh and daemons by {@code tool exec} on its first host, faults by
     * {@code tool} ({@code ox-cluster kill HOST}, {@code ox-cluster link HOST down}). {@code requestTimeout} bounds
     * the master's wait for a host whose link is down.
     */
    static Placement cluster(Path hostfile, Path tool, Path home, Duration requestTimeout) {
        Hostfile hosts = Hostfile.read(hostfile);
        String first = hosts.place(1).get(0);
        return new Placement() {
            @Override
            public ServerGroup launch(int size) {
                return ServerGroup.launchFromHostfile(hosts, size, this::sshLauncher,
                        OxClientOptions.defaults().withRequestTimeout(requestTimeout), OxClientResources.shared());
            }

            private SshLauncher sshLauncher(String host) {
                return new SshLauncher(host, host, home.toString(), List.of("ssh", "-o", "BatchMode=yes"),
                        Duration.ofSeconds(180));
            }

            @Override
            public ServerLauncher serverLauncher() {
                return sshLauncher(first);
            }

            @Override
            public List<ProcessHandle> processes(LaunchedServer server) throws IOException {
                // the server runs under the host's sshd, not under this JVM: the tool lists the host's processes
                return run(List.of(tool.toString(), "pids", first)).lines().map(String::strip)
                        .filter(l -> !l.isEmpty()).map(Long::parseLong).map(ProcessHandle::of)
                        .flatMap(Optional::stream).toList();
            }

            @Override
            public DaemonProcess startDaemon(Path checkout, int maxSessions) throws IOException {
                return DaemonProcess.start(checkout, maxSessions, List.of(tool.toString(), "exec", first), first);
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
                return "the emulated cluster of " + hostfile + " (single servers and daemons on " + first
                        + ", groups one rank per host, faults by " + tool.getFileName() + ")";
            }
        };
    }

    private static String run(List<String> command) throws IOException {
        return ShellCommand.run(command, Duration.ofSeconds(60));
    }
}
