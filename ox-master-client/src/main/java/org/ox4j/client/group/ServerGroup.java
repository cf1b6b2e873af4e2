package org.ox4j.client.group;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.OxConnectionClosedException;
import org.ox4j.client.core.Futures;
import org.ox4j.client.core.OxClientException;
import org.ox4j.client.launch.Hostfile;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.client.launch.ServerLauncher;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/**
 * N OX servers with ranks 0..N−1, wired into a full RFC-102 mesh exactly as an Asir master wires them
 * (spec §8.3, §9): {@code SM_set_rank_102} on every member, then for each pair i &lt; j
 * {@code SM_tcp_accept_102} on i and {@code SM_tcp_connect_102} on j. Collectives are driven by the master:
 * {@link #bcast}, {@link #reduce}, {@link #reset}. {@link #close()} shuts down and stops every server the group
 * launched and leaves no process behind.
 *
 * <p>Failures name the member: {@link GroupMemberFailedException#rank()}.
 */
public final class ServerGroup implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger();

    private final List<OxClient> members;
    private final List<String> hosts;
    private final OxClientOptions options;
    private final Set<Integer> failed = ConcurrentHashMap.newKeySet();
    private volatile boolean wired;
    private static final int CONNECT_ATTEMPTS = 10;
    private static final long RETRY_DELAY_MS = 300;

    private ServerGroup(List<OxClient> members, List<String> hosts, OxClientOptions options) {
        this.members = List.copyOf(members);
        this.hosts = List.copyOf(hosts);
        this.options = options;
        for (int r = 0; r < members.size(); r++) {
            int rank = r;
            members.get(r).closeFuture().whenComplete((v, e) -> {
                if (failed.add(rank)) {
                    LOG.debug("rank {}: data connection closed", rank);
                }
            });
        }
    }

    /** {@code n} local {@code bin/ox-server} processes, wired over TCP. */
    public static ServerGroup launchLocal(int n) {
        LocalProcessLauncher launcher = LocalProcessLauncher.create();
        List<ServerLauncher> launchers = Collections.nCopies(n, launcher);
        return launch(launchers, Collections.nCopies(n, "127.0.0.1"), LinkAddressing.tcp(),
                OxClientOptions.defaults(), OxClientResources.shared());
    }

    /**
     * One local server per entry of {@code commands}, rank r started by {@code commands.get(r)}: an {@code ox}-style
     * command ({@code ox -ox ox_asir}, {@code bin/ox-server}, ...) to which the launcher appends
     * {@code -host 127.0.0.1 -control 0 -data 0 -portfile F -pass PW}. Members may differ, so a group can mix
     * ox_asir and ox4j servers; every pair is wired with RFC-102 as an Asir master does it.
     */
    public static ServerGroup launchCommands(List<List<String>> commands, OxClientOptions options,
            OxClientResources resources) {
        List<ServerLauncher> launchers = new ArrayList<>();
        for (List<String> c : commands) {
            launchers.add(LocalProcessLauncher.builder().command(c).build());
        }
        return launch(launchers, Collections.nCopies(commands.size(), "127.0.0.1"), LinkAddressing.tcp(), options,
                resources);
    }

    /** {@code n} servers placed by {@code hostfile} (rank r on {@code hostfile.place(n).get(r)}). */
    public static ServerGroup launchFromHostfile(Hostfile hostfile, int n, Function<String, ServerLauncher> launcherForHost,
            OxClientOptions options, OxClientResources resources) {
        List<String> placed = hostfile.place(n);
        List<ServerLauncher> launchers = new ArrayList<>();
        for (String h : placed) {
            launchers.add(launcherForHost.apply(h));
        }
        return launch(launchers, placed, LinkAddressing.tcp(), options, resources);
    }

    /**
     * Launches one server per launcher (in parallel), connects, sets ranks and wires the mesh. {@code hosts.get(r)}
     * is the address other members use to reach rank r. On any failure every server started so far is stopped.
     */
    public static ServerGroup launch(List<ServerLauncher> launchers, List<String> hosts, LinkAddressing links,
            OxClientOptions options, OxClientResources resources) {
        if (launchers.isEmpty() || launchers.size() != hosts.size()) {
            throw new IllegalArgumentException("launchers: " + launchers.size() + ", hosts: " + hosts.size()
                    + " (expected: the same positive number)");
        }
        int n = launchers.size();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(n, 8), r -> {
            Thread t = new Thread(r, "ox-group-launch");
            t.setDaemon(true);
            return t;
        });
        List<CompletableFuture<OxClient>> starting = new ArrayList<>();
        try {
            for (int r = 0; r < n; r++) {
                ServerLauncher l = launchers.get(r);
                int rank = r;
                starting.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return OxClient.launch(l, options, resources);
                    } catch (RuntimeException e) {
                        throw new GroupMemberFailedException(rank, "launch failed: " + e.getMessage(), e);
                    }
                }, pool));
            }
            List<OxClient> clients = new ArrayList<>();
            RuntimeException failure = null;
            for (CompletableFuture<OxClient> f : starting) {
                try {
                    clients.add(f.join());
                } catch (RuntimeException e) {
                    failure = failure != null ? failure : (RuntimeException) Futures.unwrap(e);
                }
            }
            if (failure != null) {
                clients.forEach(OxClient::close);
                throw failure;
            }
            ServerGroup g = new ServerGroup(clients, hosts, options);
            try {
                g.wire(links);
            } catch (RuntimeException e) {
                g.close();
                throw e;
            }
            return g;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Wraps already connected clients (not launched by the group; {@link #close()} only disconnects them). */
    public static ServerGroup of(List<OxClient> clients, List<String> hosts, LinkAddressing links) {
        ServerGroup g = new ServerGroup(clients, hosts, clients.get(0).options());
        g.wire(links);
        return g;
    }

    /** True when the RFC-102 mesh is set up (every member's mathcap lists the RFC-102 commands). */
    public boolean isWired() {
        return wired;
    }

    private void requireWired(String what) {
        if (!wired) {
            throw new OxClientException(what + ": the group is not wired (its servers do not implement RFC-102)");
        }
    }

    /** Number of members. */
    public int size() {
        return members.size();
    }

    /** The client of rank {@code rank}, for point-to-point work. */
    public OxClient member(int rank) {
        return members.get(rank);
    }

    /** Ranks whose data connection has closed. */
    public Set<Integer> failedRanks() {
        return Set.copyOf(failed);
    }

    /** The launched server of each rank (empty entries for members that were not launched by this JVM). */
    public List<LaunchedServer> launchedServers() {
        List<LaunchedServer> l = new ArrayList<>();
        members.forEach(m -> m.launchedServer().ifPresent(l::add));
        return l;
    }

    /** An Asir integer argument: 0 goes out as CMO_NULL, every other value as CMO_ZZ (spec §8.3). */
    static Cmo asirInteger(long v) {
        return v == 0 ? CmoNull.INSTANCE : CmoZZ.of(v);
    }

    // ------------------------------------------------------------- wiring

    private void wire(LinkAddressing links) {
        int n = size();
        for (int r = 0; r < n; r++) {
            boolean capable = members.get(r).serverMathcap().map(mc -> mc.allowsCommand(SmCommand.SET_RANK_102.code())
                    && mc.allowsCommand(SmCommand.TCP_ACCEPT_102.code())
                    && mc.allowsCommand(SmCommand.TCP_CONNECT_102.code())).orElse(true);
            if (!capable) {
                LOG.warn("rank {} does not list SM_set_rank_102/tcp_accept_102/tcp_connect_102 in its mathcap;"
                        + " the group is not wired (point-to-point use only)", r);
                return;
            }
        }
        all((rank, m) -> m.executeAsync(SmCommand.SET_RANK_102, asirInteger(n), asirInteger(rank))
                .thenCompose(v -> m.stackSizeAsync()), "set_rank");
        // Every pair i < j gets SM_tcp_accept_102 on i and SM_tcp_connect_102 on j, with Asir's argument encodings.
        // Accept blocks server i until j connects, and ox_asir-style connect gives up after about a second, so a
        // loaded machine could leave i waiting forever. The master therefore keeps each member in one pair at a time,
        // taking the pairs in the rounds of a round-robin tournament, and repeats a connect that failed while the
        // accept is pending. There is no barrier between rounds: a pair starts as soon as both of its members are
        // done with their previous pairs, so a slow link delays only the pairs that wait for its members (with a
        // barrier, each of the n-1 rounds took as long as its slowest pair).
        // A pair's port is found when the pair starts, off the clients' event loops (finding one binds a socket), so
        // that no connection made meanwhile can take it.
        List<CompletableFuture<Void>> free = new ArrayList<>(Collections.nCopies(n,
                CompletableFuture.completedFuture(null)));
        Set<Cmo> ports = ConcurrentHashMap.newKeySet();
        for (List<int[]> round : Rounds.of(n)) {
            for (int[] pair : round) {
                int i = pair[0];
                int j = pair[1];
                CompletableFuture<Void> linked = CompletableFuture.allOf(free.get(i), free.get(j))
                        .thenComposeAsync(v -> link(i, j, distinctPort(links, hosts.get(i), ports)));
                free.set(i, linked);
                free.set(j, linked);
            }
        }
        all((rank, m) -> free.get(rank), "wiring");
        // A reply from every member proves it executed every wiring command; errors would be on its stack.
        List<Cmo> errors = all((rank, m) -> {
            boolean dup = m.serverMathcap().map(mc -> mc.allowsCommand(SmCommand.DUP_ERRORS.code())).orElse(true);
            return dup ? m.executeAndPopAsync(SmCommand.DUP_ERRORS)
                    : m.stackSizeAsync().thenApply(sp -> (Cmo) CmoList.EMPTY);
        }, "wiring");
        for (int r = 0; r < n; r++) {
            if (errors.get(r) instanceof CmoList l && l.size() > 0) {
                throw new GroupMemberFailedException(r, "wiring failed: " + l, null);
            }
        }
        wired = true;
        LOG.debug("group of {} wired", n);
    }

    /**
     * A port for a link accepted on {@code host} that no other pair of this wiring has: pairs start concurrently,
     * and a port found free twice before either accept binds it would make the later accept fail.
     */
    private static Cmo distinctPort(LinkAddressing links, String host, Set<Cmo> taken) {
        for (int attempt = 0; ; attempt++) {
            Cmo port = links.nextPort(host);
            if (taken.add(port) || attempt >= 100) {
                return port;
            }
        }
    }

    /**
     * Links rank {@code i} (accepting on {@code port}) and rank {@code j} (connecting): done when both have replied
     * after their command, i's reply coming once its accept has returned.
     */
    private CompletableFuture<Void> link(int i, int j, Cmo port) {
        OxClient a = members.get(i);
        CompletableFuture<Void> accepted = a.executeAsync(SmCommand.TCP_ACCEPT_102, port, asirInteger(j));
        CompletableFuture<Integer> acceptReturned = accepted.thenCompose(v -> a.stackSizeAsync());
        return accepted.thenCompose(v -> connect(j, i, port, 1)).thenCombine(acceptReturned, (x, y) -> null);
    }

    /** Connect rank {@code j} to rank {@code i}; a failed attempt (error on j's stack) is popped and repeated. */
    private CompletableFuture<Void> connect(int j, int i, Cmo port, int attempt) {
        OxClient c = members.get(j);
        return c.executeAsync(SmCommand.TCP_CONNECT_102, CmoString.of(hosts.get(i)), port, asirInteger(i))
                .thenCompose(v -> c.executeAndPopAsync(SmCommand.DUP_ERRORS))
                .thenCompose(errors -> {
                    if (!(errors instanceof CmoList l) || l.size() == 0) {
                        return CompletableFuture.completedFuture(null);
                    }
                    if (attempt >= CONNECT_ATTEMPTS) {
                        return CompletableFuture.failedFuture(new GroupMemberFailedException(j,
                                "cannot connect to rank " + i + ": " + l, null));
                    }
                    LOG.debug("rank {} could not connect to rank {} (attempt {}): {}", j, i, attempt, l);
                    return c.popsAsync(1).thenComposeAsync(v -> connect(j, i, port, attempt + 1),
                            CompletableFuture.delayedExecutor(RETRY_DELAY_MS, TimeUnit.MILLISECONDS));
                });
    }

    // ------------------------------------------------------------- collectives

    /**
     * {@code SM_bcast_102}: pushes {@code data} on the root, then the root's rank on every member, then the command
     * on every member. Afterwards every member has {@code data} on top of its stack.
     */
    public void bcast(Cmo data, int root) {
        requireWired("bcast");
        checkRank(root);
        all((rank, m) -> {
            Cmo[] args = rank == root ? new Cmo[] {data, asirInteger(root)} : new Cmo[] {asirInteger(root)};
            return m.executeAsync(SmCommand.BCAST_102, args).thenCompose(v -> m.stackSizeAsync());
        }, "bcast");
    }

    /**
     * {@code SM_reduce_102} over values already on top of every member's stack: pushes root and {@code op}
     * ({@code "+"} or {@code "*"} on ox_asir), runs the command everywhere, pops the result at the root and the
     * zero every other member pushes.
     */
    public Cmo reduceStacked(int root, String op) {
        requireWired("reduce");
        checkRank(root);
        Objects.requireNonNull(op, "op");
        List<Cmo> popped = all((rank, m) -> m.executeAndPopAsync(SmCommand.REDUCE_102, asirInteger(root),
                CmoString.of(op)), "reduce");
        return popped.get(root);
    }

    /** Pushes {@code values.get(r)} on rank r, then {@link #reduceStacked}. */
    public Cmo reduce(List<? extends Cmo> values, int root, String op) {
        requireWired("reduce");
        if (values.size() != size()) {
            throw new IllegalArgumentException("values: " + values.size() + " (expected: one per member, " + size()
                    + ")");
        }
        all((rank, m) -> m.pushAsync(values.get(rank)), "reduce");
        return reduceStacked(root, op);
    }

    /** {@link #groebner(Cmo, Cmo, int)} in grevlex (order 0). */
    public DistributedGroebner.Result groebner(Cmo f, Cmo v) {
        return groebner(f, v, 0);
    }

    /**
     * The certified reduced Gröbner basis over Q of {@code f} in the variables {@code v} in the term order
     * {@code order} (Asir's number, as nd_gr takes it: 0 grevlex, 1 glex, 2 lex), computed by the whole group:
     * input broadcast, modular images per rank, {@code SM_reduce_102 "crt"}, reconstruction on rank 0, the
     * certificate split over the ranks, and in another order than grevlex the conversion of the certified grevlex
     * basis on rank 0 (see {@link DistributedGroebner}). The basis is listed as nd_gr lists it.
     */
    public DistributedGroebner.Result groebner(Cmo f, Cmo v, int order) {
        if (size() > 1) {
            requireWired("groebner");
        }
        return DistributedGroebner.run(this, f, v, order, 1);
    }

    /**
     * Resets the group: the reset protocol on every master channel, then {@code SM_reset_102} on every member
     * to drain the server-to-server links (spec §8.5), then a round trip to each member to know it is done.
     */
    public void reset() {
        all((rank, m) -> m.resetAsync(), "reset");
        if (!wired) {
            return;
        }
        all((rank, m) -> m.executeAsync(SmCommand.RESET_102).thenCompose(v -> m.stackSizeAsync()), "reset_102");
    }

    /**
     * Runs {@code op} on every member concurrently and waits (bounded by the request timeout) for all; a failure is
     * reported as {@link GroupMemberFailedException} of the lowest failing rank.
     */
    public <T> List<T> all(BiFunction<Integer, OxClient, CompletableFuture<T>> op, String what) {
        List<CompletableFuture<T>> fs = new ArrayList<>();
        for (int r = 0; r < size(); r++) {
            try {
                fs.add(op.apply(r, members.get(r)));
            } catch (RuntimeException e) {
                fs.add(CompletableFuture.failedFuture(e));
            }
        }
        CompletableFuture<Void> allDone = CompletableFuture.allOf(fs.toArray(CompletableFuture[]::new));
        // A member that dies makes the others wait for it (a collective blocks); stop waiting at once then.
        CompletableFuture<Integer> death = new CompletableFuture<>();
        for (int r = 0; r < size(); r++) {
            int rank = r;
            fs.get(r).whenComplete((v, e) -> {
                if (e != null && isDeath(rank, Futures.unwrap(e))) {
                    death.complete(rank);
                }
            });
        }
        try {
            OxClient.await(CompletableFuture.anyOf(allDone, death), options.requestTimeout(), what);
        } catch (RuntimeException ignored) {
            // reported per rank below
        }
        if (death.isDone()) {
            int rank = death.join();
            // the connection's own close callback may not have run yet: the caller must see the rank as failed now
            failed.add(rank);
            Throwable c = Futures.unwrap(fs.get(rank).handle((v, e) -> e).join());
            throw new GroupMemberFailedException(rank, what + ": server died or closed its connection", c);
        }
        List<T> results = new ArrayList<>();
        for (int r = 0; r < size(); r++) {
            CompletableFuture<T> f = fs.get(r);
            if (!f.isDone()) {
                throw new GroupMemberFailedException(r, what + ": no answer within " + options.requestTimeout(), null);
            }
            if (f.isCompletedExceptionally()) {
                Throwable c = Futures.unwrap(f.handle((v, e) -> e).join());
                Integer named = failedRankNamedBy(c);
                if (named != null) {
                    // an RFC-102 collective failed because of another member: report that one
                    throw new GroupMemberFailedException(named, what + ": " + c.getMessage() + " (reported by rank "
                            + r + ")", c);
                }
                throw new GroupMemberFailedException(r, what + ": " + c.getMessage(), c);
            }
            results.add(f.join());
        }
        return results;
    }

    private static final java.util.regex.Pattern FAILED_RANK =
            java.util.regex.Pattern.compile("rfc102: rank (\\d+) failed");

    /** The rank an ox4j server names in an RFC-102 failure error ("rfc102: rank N failed: ..."), or null. */
    static Integer failedRankNamedBy(Throwable c) {
        if (c instanceof org.ox4j.client.OxServerErrorException e) {
            java.util.regex.Matcher m = FAILED_RANK.matcher(e.error().message().orElse(""));
            if (m.find()) {
                return Integer.valueOf(m.group(1));
            }
        }
        return null;
    }

    private boolean isDeath(int rank, Throwable c) {
        return c instanceof OxConnectionClosedException || failed.contains(rank);
    }

    private void checkRank(int root) {
        if (root < 0 || root >= size()) {
            throw new IllegalArgumentException("root: " + root + " (expected: 0.." + (size() - 1) + ")");
        }
    }

    /** Shuts down and stops every launched server (in parallel), disconnects the others. Leaves no process behind. */
    @Override
    public void close() {
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (OxClient m : members) {
            closing.add(CompletableFuture.runAsync(m::close));
        }
        try {
            OxClient.await(CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new)), Duration.ofSeconds(30),
                    "closing the group");
        } catch (OxClientException e) {
            LOG.warn("closing the group: {}", e.getMessage());
            for (LaunchedServer s : launchedServers()) {
                s.close();
            }
        }
    }
}
