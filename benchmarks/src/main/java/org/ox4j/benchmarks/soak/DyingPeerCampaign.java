package org.ox4j.benchmarks.soak;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.ox4j.client.OxClient;
import org.ox4j.client.group.GroupMemberFailedException;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/**
 * A member of a group killed (SIGKILL), or cut off with its process alive (locally every TCP connection of it
 * destroyed, {@link LinkCutter}; in the emulated cluster its host's link taken down), at every rank position, at a random moment after the others entered a collective
 * it never enters: broadcast, reduction and allreduce of the messaging layer and RFC-102's broadcast and
 * reduction. Every survivor must answer within the timeout: with an error naming the killed rank, or, where its
 * part of the collective never involves the killed member, with its local result; at least one must report the
 * failure; the master must name the killed rank too (a group operation fails with {@link GroupMemberFailedException}
 * of that rank, and the group lists it as failed); and after a reset and {@code SM_reset_102} each survivor must
 * answer again. Each case runs on a fresh group.
 */
final class DyingPeerCampaign {
    /**
     * A collective as each survivor calls it, given its rank and the root, and what a survivor whose part does not
     * involve the killed member may answer instead of the error (a broadcast's root or a reduction's leaf completes
     * locally, as in MPI): empty if it must fail.
     */
    private record Collective(String name, CallAt call, LocalSuccess success) {
    }

    @FunctionalInterface
    private interface LocalSuccess {
        java.util.Optional<Cmo> at(int rank, int root);
    }

    private static final CmoZZ BIG = new CmoZZ(BigInteger.valueOf(7).pow(3000));
    private static final LocalSuccess BROADCAST = (r, root) -> java.util.Optional.of(BIG);
    private static final LocalSuccess REDUCTION = (r, root) -> r == root ? java.util.Optional.empty()
            : java.util.Optional.of(CmoNull.INSTANCE);
    private static final LocalSuccess NONE = (r, root) -> java.util.Optional.empty();

    @FunctionalInterface
    private interface CallAt {
        CompletableFuture<Cmo> call(OxClient member, int rank, int root);
    }

    private static final List<Collective> COLLECTIVES = List.of(
            new Collective("mpi_bcast", (m, r, root) -> m.callRawAsync("mpi_bcast", CmoZZ.of(root), BIG), BROADCAST),
            new Collective("mpi_reduce", (m, r, root) -> m.callRawAsync("mpi_reduce", CmoZZ.of(root),
                    CmoString.of("+"), BIG), REDUCTION),
            new Collective("mpi_allreduce", (m, r, root) -> m.callRawAsync("mpi_allreduce", CmoString.of("+"), BIG),
                    NONE),
            new Collective("ox_bcast_102", (m, r, root) -> m.callRawAsync("ox_bcast_102", CmoZZ.of(root), BIG),
                    BROADCAST),
            new Collective("ox_reduce_102", (m, r, root) -> m.callRawAsync("ox_reduce_102", CmoZZ.of(root),
                    CmoString.of("+"), BIG), REDUCTION));

    /** How the member is lost. */
    enum Fault {
        /** The process is killed with SIGKILL. */
        KILL("killed"),
        /**
         * Every TCP connection of the process is destroyed by the kernel ({@code ss -K}: the peers get a reset), the
         * process itself lives on: a link cut, as a failed switch port or a firewall would do it.
         */
        CUT("cut off");

        final String verb;

        Fault(String verb) {
            this.verb = verb;
        }
    }

    /** The figures of one run; {@code skippedCuts} says why the link cuts were not run, or is null. */
    record Result(int cases, int failures, String firstFailure, long slowestMillis, long millis, int cuts,
            String skippedCuts, String where) {
    }

    private final int size;
    private final long seed;
    private final Placement placement;

    DyingPeerCampaign(int size, long seed) {
        this(size, seed, Placement.local());
    }

    DyingPeerCampaign(int size, long seed, Placement placement) {
        this.size = size;
        this.seed = seed;
        this.placement = placement;
    }

    Result run() throws Exception {
        long t0 = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        int cases = 0;
        int failures = 0;
        String first = null;
        long slowest = 0;
        int cuts = 0;
        String skippedCuts = placement.cutsUnavailable().orElse(null);
        for (Fault fault : Fault.values()) {
            if (fault == Fault.CUT && skippedCuts != null) {
                continue;
            }
            for (Collective c : COLLECTIVES) {
                for (int victim = 0; victim < size; victim++) {
                    cases++;
                    cuts += fault == Fault.CUT ? 1 : 0;
                    // a surviving root: someone waits for data
                    int root = (victim + 1 + random.nextInt(size - 1)) % size;
                    String why;
                    long t = System.nanoTime();
                    try (ServerGroup group = placement.launch(size)) {
                        why = loseDuring(group, c, victim, root, random.nextInt(100), fault);
                    } finally {
                        if (fault == Fault.CUT) {
                            placement.restore(size, victim);
                        }
                    }
                    slowest = Math.max(slowest, (System.nanoTime() - t) / 1_000_000);
                    if (why != null) {
                        failures++;
                        first = first != null ? first
                                : c.name() + " with rank " + victim + " " + fault.verb + ": " + why;
                    }
                }
            }
        }
        return new Result(cases, failures, first, slowest, (System.nanoTime() - t0) / 1_000_000, cuts, skippedCuts,
                placement.describe());
    }

    private String loseDuring(ServerGroup group, Collective c, int victim, int root, int delayMillis, Fault fault)
            throws Exception {
        List<CompletableFuture<Cmo>> calls = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            calls.add(r == victim ? null : c.call().call(group.member(r), r, root));
        }
        CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(delayMillis, TimeUnit.MILLISECONDS))
                .join();
        if (fault == Fault.KILL) {
            placement.kill(group, victim);
        } else if (!placement.cut(group, victim)) {
            return "nothing of the member found to cut";
        }
        String named = "rfc102: rank " + victim + " failed";
        int errors = 0;
        for (int r = 0; r < size; r++) {
            if (r == victim) {
                continue;
            }
            Cmo got;
            try {
                got = calls.get(r).get(DaemonProcess.ANSWER_TIMEOUT.toSeconds() * 3, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                return "rank " + r + " did not answer";
            }
            boolean namesTheVictim = got instanceof CmoError2 err
                    && err.message().filter(m -> m.startsWith(named)).isPresent();
            if (namesTheVictim) {
                errors++;
            } else if (!c.success().at(r, root).map(got::equals).orElse(false)) {
                return "rank " + r + " answered " + (got instanceof CmoError2 e ? e.message().orElse("?") : got);
            }
        }
        if (errors == 0 && c.success() != BROADCAST) {
            // a reduction's root needs every member's value; a broadcast may lose only a leaf nobody waits for
            return "no survivor reported the failure";
        }
        String masterView = masterNamesTheVictim(group, victim, fault);
        if (masterView != null) {
            return masterView;
        }
        for (int r = 0; r < size; r++) {
            if (r == victim) {
                continue;
            }
            OxClient m = group.member(r);
            m.reset();
            m.executeAsync(SmCommand.RESET_102).get(DaemonProcess.ANSWER_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            Cmo rank = m.callRawAsync("mpi_rank").get(DaemonProcess.ANSWER_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (!rank.equals(r == 0 ? CmoNull.INSTANCE : CmoZZ.of(r))) {
                return "after reset_102 rank " + r + " answered mpi_rank() = " + rank;
            }
        }
        return null;
    }

    /**
     * The master's view: a group operation after the fault must fail with {@link GroupMemberFailedException} naming
     * the lost rank, and the group's failed ranks (those whose connection has closed) must be that rank — after a
     * kill — or nothing else (a host whose link is down closes nothing; the master names it by the missed answer).
     * Null if so, else what went wrong.
     */
    private static String masterNamesTheVictim(ServerGroup group, int victim, Fault fault) {
        try {
            group.all((r, m) -> m.stackSizeAsync(), "probe");
            return "the master's group probe succeeded with rank " + victim + " killed";
        } catch (GroupMemberFailedException e) {
            if (e.rank() != victim) {
                return "the master's group probe named rank " + e.rank() + ": " + e.getMessage();
            }
        }
        Set<Integer> failed = group.failedRanks();
        if (fault == Fault.KILL ? !failed.equals(Set.of(victim)) : !Set.of(victim).containsAll(failed)) {
            return "the master lists failed ranks " + group.failedRanks();
        }
        return null;
    }
}
