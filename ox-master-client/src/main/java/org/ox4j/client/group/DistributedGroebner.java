package org.ox4j.client.group;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.ox4j.client.OxClient;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/**
 * A Gröbner basis over Q (grevlex) computed by a wired group, the multi-modular way RFC-102 fits: the master
 * broadcasts [F, V] from rank 0 with {@code SM_bcast_102}; in each round every rank computes the basis modulo its
 * own primes (dealt by rank, so no two ranks share one) with {@code ox4j_gr_images} and adds them to its own
 * (with {@code crt}); the images are combined along the binomial tree by {@code SM_reduce_102} with the operator
 * {@code crt}, and rank 0 reconstructs ({@code ox4j_gr_candidate}). Until the modulus is large enough, only a probe
 * goes up the tree each round, the images of the last element ({@code ox4j_gr_image_last}, the one with the largest
 * coefficients as a rule): the whole sets, megabytes of residues, are combined when its reconstruction settles (on
 * katsura-9, 2 servers, rank 0 had spent 250-300 ms a round combining whole sets while rank 1 waited). A rank keeps
 * its images as word residues and they travel as such, so every combining on the way is appending (ModularImages,
 * ModularImagesCodec) and the root makes integers of them once, when it reconstructs. Once the candidate is stable
 * the whole group checks the certificate, the master handing out batches of it to the ranks as they become free
 * ({@code ox4j_gr_check}), and rank 0 makes the reduced basis ({@code ox4j_gr_finish}; in a group before it joins
 * the certificate), in the order asked for: everything before is grevlex, and for glex or lex rank 0 converts the
 * certified grevlex basis. More rounds follow until the basis is certified. The phases are timed as the master sees
 * them.
 */
public final class DistributedGroebner {
    /** Rounds before giving up (each adds {@code primesPerRank} primes per rank). */
    static final int MAX_ROUNDS = 100;

    /**
     * Primes (over all ranks) whose images may come from replayed F4 traces; from the round that reaches this budget
     * on, or from the first candidate the certificate refuses, every image is a full F4 run and the images collected
     * so far are dropped, in case a trace misled them. A budget in primes, not rounds: with rounds, one server taking
     * 2 primes a round dropped its 16 traced images of katsura-9 (which needs 28) and computed 28 more in full, and
     * 8 servers could collect 128 misled images first. Twice what katsura-9 needs on any group.
     */
    static final int TRACED_PRIMES = 64;

    /**
     * The basis (a CMO list of polynomials as nd_gr lists them: decreasing leading terms), rounds, primes, the time
     * per phase, and what each rank did (index = rank).
     */
    public record Result(Cmo basis, int rounds, int primes, Map<String, Long> phaseMillis, List<RankWork> ranks) {
        public Result {
            phaseMillis = Collections.unmodifiableMap(new LinkedHashMap<>(phaseMillis));
            ranks = List.copyOf(ranks);
        }
    }

    /**
     * One rank's work as the master saw it: the time its modular images took (sum over the rounds, request to
     * reply), and the time its batches of the certificate took with the number of slots they covered (a server
     * alone checks the whole certificate as one slot). Beside the phase times it shows how evenly the ranks were
     * loaded and how much slower each one ran than a server alone.
     */
    public record RankWork(long modularMillis, long certificateMillis, int certificateSlots) {
    }

    /** Per-rank accumulators, filled from the replies' threads. */
    private static final class RankClock {
        private final long[] modular;
        private final long[] certificate;
        private final int[] slots;

        RankClock(int size) {
            modular = new long[size];
            certificate = new long[size];
            slots = new int[size];
        }

        synchronized void modular(int rank, long since) {
            modular[rank] += (System.nanoTime() - since) / 1_000_000;
        }

        synchronized void certificate(int rank, long since, int batchSlots) {
            certificate[rank] += (System.nanoTime() - since) / 1_000_000;
            slots[rank] += batchSlots;
        }

        synchronized List<RankWork> work() {
            List<RankWork> out = new ArrayList<>();
            for (int r = 0; r < modular.length; r++) {
                out.add(new RankWork(modular[r], certificate[r], slots[r]));
            }
            return out;
        }
    }

    private DistributedGroebner() {
    }

    /** The term orders nd_gr takes, at their Asir numbers: 0 grevlex, 1 glex (degree lexicographic), 2 lex. */
    public static final List<String> ORDERS = List.of("grevlex", "glex", "lex");

    /**
     * The certified reduced basis of {@code f} (a CMO list of polynomials) in the variables {@code v} (a CMO list
     * of indeterminates) in the term order {@code order} (Asir's number: 0 grevlex, 1 glex, 2 lex), each rank taking
     * {@code primesPerRank} primes per round. The group computes and certifies the grevlex basis; in another order
     * rank 0 then converts it (FGLM for a zero-dimensional ideal in lex, else Buchberger from the grevlex basis),
     * within the phase "reduced basis".
     */
    public static Result run(ServerGroup group, Cmo f, Cmo v, int order, int primesPerRank) {
        Objects.requireNonNull(f, "f");
        Objects.requireNonNull(v, "v");
        if (primesPerRank < 1) {
            throw new IllegalArgumentException("primesPerRank " + primesPerRank);
        }
        if (order < 0 || order >= ORDERS.size()) {
            throw new IllegalArgumentException("order " + order + " (expected: 0 grevlex, 1 glex or 2 lex)");
        }
        Map<String, Long> phases = new LinkedHashMap<>();
        int size = group.size();
        long t = System.nanoTime();
        if (size > 1) {
            group.bcast(CmoList.of(f, v), 0);
        } else {
            group.member(0).push(CmoList.of(f, v));
        }
        group.all((rank, m) -> m.executeAsync(SmCommand.SET_NAME, CmoString.of("Ox4jGbInput"))
                .thenCompose(x -> m.executeStringAsync("Ox4jGbF = Ox4jGbInput[0]; Ox4jGbV = Ox4jGbInput[1]; "
                        + "Ox4jGbAcc = 0; Ox4jGbPrev = 0; 0;")), "distribute the input");
        t = phase(phases, "bcast", t);
        OxClient root = group.member(0);
        RankClock clock = new RankClock(size);
        boolean probing = true;
        boolean replaying = true;
        boolean refused = false;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            int r = round;
            if (replaying && (refused || (long) round * size * primesPerRank >= TRACED_PRIMES)) {
                // from here the ranks compute every image in full (no F4 trace): drop what the replays gave
                replaying = false;
                group.all((rank, m) -> m.executeStringAsync("Ox4jGbAcc = 0; Ox4jGbPrev = 0; 0;"), "start afresh");
                probing = true;
            }
            int replay = replaying ? 1 : 0;
            long sent = System.nanoTime();
            group.all((rank, m) -> m.executeStringAsync("Ox4jGbAcc = crt(Ox4jGbAcc, ox4j_gr_images(Ox4jGbF, Ox4jGbV, 0, "
                    + rank + ", " + size + ", " + r + ", " + primesPerRank + ", " + replay + ")); 0;")
                    .whenComplete((x, e) -> clock.modular(rank, sent)), "modular images");
            t = phase(phases, "modular work", t);
            if (probing) {
                combineAtRoot(group, "ox4j_gr_image_last(Ox4jGbAcc);", "Ox4jGbProbe");
                t = phase(phases, "reduce", t);
                Cmo ready = root.executeStringAsync("C = ox4j_gr_candidate(Ox4jGbProbe, 0); C[0];").join();
                t = phase(phases, "reconstruction", t);
                if (!isOne(ready)) {
                    continue;
                }
                probing = false;
            }
            // the word residues travel as words, and rank 0 combines all of them in one Garner step when it
            // reconstructs (ModularImagesCodec)
            combineAtRoot(group, "Ox4jGbAcc;", "Ox4jGbAll");
            t = phase(phases, "reduce", t);
            Cmo stable = root.executeStringAsync(
                    "C = ox4j_gr_candidate(Ox4jGbAll, Ox4jGbPrev); Ox4jGbPrev = C[1]; C[0];").join();
            t = phase(phases, "reconstruction", t);
            if (isOne(stable)) {
                Cmo basis;
                if (size == 1) {
                    long checking = System.nanoTime();
                    boolean holds = isOne(root.executeStringAsync(
                            "ox4j_gr_check(Ox4jGbPrev, Ox4jGbF, Ox4jGbV, 0, 0, 1);").join());
                    clock.certificate(0, checking, 1);
                    t = phase(phases, "certificate", t);
                    basis = holds ? root.executeStringAsync(finish(order)).join() : null;
                } else {
                    // rank 0 makes the reduced basis during the certificate (see certify)
                    basis = certify(group, clock, order);
                    t = phase(phases, "certificate", t);
                }
                if (basis != null) {
                    phase(phases, "reduced basis", t);
                    return new Result(basis, round + 1, (round + 1) * size * primesPerRank, phases, clock.work());
                }
                refused = true;
            }
        }
        throw new IllegalStateException("no certified basis after " + MAX_ROUNDS + " rounds");
    }

    private static boolean isOne(Cmo c) {
        return c instanceof CmoZZ z && z.value().signum() > 0;
    }

    /**
     * Slots per rank in the split of the certificate (runs of the pairs of about equal cost, and the inputs at a
     * remainder: {@code ModularGroebner.Problem#checkShare}): katsura-9's 1970 pairs make slots of about 15 pairs,
     * 70 ms of work each, on 2 servers.
     */
    static final int CERTIFICATE_SLOTS_PER_RANK = 64;

    /**
     * The certificate split over the group, and the reduced basis when it holds (else null). Rank 0's stable
     * candidate goes to every rank (SM_bcast_102 from its stack, in ox4j_gr_packed's byte form: as CMO the
     * katsura-8 candidate is 2.2 MB of monomial and rational objects that took 210-460 ms to convert and send), each
     * rank prepares it once (ox4j_gr_packed of the bytes: decoded, its pairs listed), and the master hands the slots
     * out in batches as ranks become free ({@link GuidedSlots}); each batch's verdict comes back to the master, and
     * the first refusal stops the handing out. Rank 0 first makes the reduced basis (ox4j_gr_finish) and sends it
     * to the master, then joins in, so the basis is there when the last verdict comes. Why batches, not one share per
     * rank: fixed shares of 32 slots each differed by up to 1.5 s on katsura-9 (the rank that finished first then
     * idled), and rank 0's extra work had to be guessed as a number of slots. A candidate the ranks refuse costs the
     * reduced basis made for nothing, a rare event.
     */
    private static Cmo certify(ServerGroup group, RankClock clock, int order) {
        int size = group.size();
        int parts = CERTIFICATE_SLOTS_PER_RANK * size;
        GuidedSlots slots = new GuidedSlots(parts, size);
        List<Cmo> bases = group.all((rank, m) -> {
            CompletableFuture<Void> sent = rank == 0
                    ? m.executeAsync(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER,
                            CmoString.of("ox4j_gr_packed(Ox4jGbPrev);"))
                            .thenCompose(x -> m.executeAsync(SmCommand.BCAST_102, ServerGroup.asirInteger(0)))
                    : m.executeAsync(SmCommand.BCAST_102, ServerGroup.asirInteger(0));
            CompletableFuture<Cmo> prepared = sent
                    .thenCompose(x -> m.executeAsync(SmCommand.SET_NAME, CmoString.of("Ox4jGbCand")))
                    .thenCompose(x -> m.executeStringAsync("Ox4jGbCand = ox4j_gr_packed(Ox4jGbCand); 0;"));
            CompletableFuture<Cmo> basis = rank != 0 ? prepared.thenApply(x -> null)
                    : prepared.thenCompose(x -> m.executeStringAsync(finish(order)));
            return basis.thenCompose(b -> checkSlots(rank, m, slots, parts, clock).thenApply(x -> b));
        }, "certificate shares");
        return slots.allFinished() ? bases.get(0) : null;
    }

    /** The program that makes the reduced basis in {@code order} from the certified candidate. */
    private static String finish(int order) {
        return "ox4j_gr_finish(Ox4jGbPrev, Ox4jGbF, Ox4jGbV, " + order + ");";
    }

    /** Checks batches of slots on member m (rank {@code rank}) until none is left or one is refused. */
    private static CompletableFuture<Void> checkSlots(int rank, OxClient m, GuidedSlots slots, int parts,
            RankClock clock) {
        int[] batch = slots.take();
        if (batch.length == 0) {
            return CompletableFuture.completedFuture(null);
        }
        StringBuilder list = new StringBuilder();
        for (int s : batch) {
            list.append(list.length() == 0 ? "" : ", ").append(s);
        }
        long sent = System.nanoTime();
        return m.executeStringAsync("ox4j_gr_check(Ox4jGbCand, Ox4jGbF, Ox4jGbV, 0, [" + list + "], " + parts + ");")
                .thenCompose(verdict -> {
                    clock.certificate(rank, sent, batch.length);
                    if (!isOne(verdict)) {
                        slots.stop();
                        return CompletableFuture.completedFuture(null);
                    }
                    slots.finished(batch);
                    return checkSlots(rank, m, slots, parts, clock);
                });
    }

    /**
     * Each rank pushes the value of {@code expression} (an image set); SM_reduce_102 "crt" to rank 0, which keeps the
     * result as {@code rootVariable}.
     */
    private static void combineAtRoot(ServerGroup group, String expression, String rootVariable) {
        if (group.size() == 1) {
            group.member(0).executeStringAsync(rootVariable + " = " + expression + " 0;").join();
            return;
        }
        group.all((rank, m) -> {
            CompletableFuture<Void> reduce = m.executeAsync(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER,
                            CmoString.of(expression))
                    .thenCompose(x -> m.executeAsync(SmCommand.REDUCE_102, ServerGroup.asirInteger(0),
                            CmoString.of("crt")));
            CompletableFuture<Void> keep = rank == 0
                    ? reduce.thenCompose(x -> m.executeAsync(SmCommand.SET_NAME, CmoString.of(rootVariable)))
                    : reduce.thenCompose(x -> m.popsAsync(1));
            // a round trip: the reply comes after the reduce has finished on this member; an error left on the
            // stack (a failed reduce) is the popped value and fails the call
            return keep.thenCompose(x -> m.executeStringAsync("0;"));
        }, "reduce crt");
    }

    private static long phase(Map<String, Long> phases, String name, long since) {
        long now = System.nanoTime();
        phases.merge(name, (now - since) / 1_000_000, Long::sum);
        return now;
    }
}
