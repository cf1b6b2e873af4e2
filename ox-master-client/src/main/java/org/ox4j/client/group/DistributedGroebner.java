package org.ox4j.client.group;

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
 * coefficients as a rule): the whole sets, megabytes of residues, are combined when its reconstruction settles, so
 * the ranks do the round-by-round combining side by side instead of rank 0 alone (on katsura-9, 2 servers: rank 0
 * spent 250-300 ms a round combining while rank 1 waited). Once the candidate is stable the whole group checks the
 * certificate, each rank its share ({@code ox4j_gr_check}, verdicts combined by {@code SM_reduce_102 "*"}), and
 * rank 0 makes the reduced basis ({@code ox4j_gr_finish}; in a group during the certificate, with a smaller share).
 * More rounds follow until the basis is certified. The phases are timed as the master sees them.
 */
public final class DistributedGroebner {
    /** Rounds before giving up (each adds {@code primesPerRank} primes per rank). */
    static final int MAX_ROUNDS = 100;

    /** Rounds in which the servers replay F4 traces ({@code ox4j_gr_images} decides by the round number). */
    static final int TRACED_ROUNDS = 8;

    /**
     * The basis (a CMO list of polynomials as nd_gr lists them: decreasing leading terms), rounds, primes and the
     * time per phase.
     */
    public record Result(Cmo basis, int rounds, int primes, Map<String, Long> phaseMillis) {
        public Result {
            phaseMillis = Collections.unmodifiableMap(new LinkedHashMap<>(phaseMillis));
        }
    }

    private DistributedGroebner() {
    }

    /**
     * The certified reduced basis of {@code f} (a CMO list of polynomials) in the variables {@code v} (a CMO list
     * of indeterminates), each rank taking {@code primesPerRank} primes per round.
     */
    public static Result run(ServerGroup group, Cmo f, Cmo v, int primesPerRank) {
        Objects.requireNonNull(f, "f");
        Objects.requireNonNull(v, "v");
        if (primesPerRank < 1) {
            throw new IllegalArgumentException("primesPerRank " + primesPerRank);
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
        boolean probing = true;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            int r = round;
            if (round == TRACED_ROUNDS) {
                // from here the ranks compute every image in full (no F4 trace): drop what the traced rounds gave,
                // in case a trace misled them (the certificate has refused every candidate so far)
                group.all((rank, m) -> m.executeStringAsync("Ox4jGbAcc = 0; Ox4jGbPrev = 0; 0;"), "start afresh");
                probing = true;
            }
            group.all((rank, m) -> m.executeStringAsync("Ox4jGbAcc = crt(Ox4jGbAcc, ox4j_gr_images(Ox4jGbF, Ox4jGbV, 0, "
                    + rank + ", " + size + ", " + r + ", " + primesPerRank + ")); 0;"), "modular images");
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
            combineAtRoot(group, "Ox4jGbAcc;", "Ox4jGbAll");
            t = phase(phases, "reduce", t);
            Cmo stable = root.executeStringAsync(
                    "C = ox4j_gr_candidate(Ox4jGbAll, Ox4jGbPrev); Ox4jGbPrev = C[1]; C[0];").join();
            t = phase(phases, "reconstruction", t);
            if (isOne(stable)) {
                Cmo basis;
                if (size == 1) {
                    boolean holds = isOne(root.executeStringAsync(
                            "ox4j_gr_check(Ox4jGbPrev, Ox4jGbF, Ox4jGbV, 0, 0, 1);").join());
                    t = phase(phases, "certificate", t);
                    basis = holds ? root.executeStringAsync("ox4j_gr_finish(Ox4jGbPrev, Ox4jGbF, Ox4jGbV, 0);").join()
                            : null;
                } else {
                    // rank 0 makes the reduced basis during the certificate (see certify)
                    basis = certify(group);
                    t = phase(phases, "certificate", t);
                }
                if (basis != null) {
                    phase(phases, "reduced basis", t);
                    return new Result(basis, round + 1, (round + 1) * size * primesPerRank, phases);
                }
            }
        }
        throw new IllegalStateException("no certified basis after " + MAX_ROUNDS + " rounds");
    }

    private static boolean isOne(Cmo c) {
        return c instanceof CmoZZ z && z.value().signum() > 0;
    }

    /** Slots per rank in the split of the certificate (positions of inputs and pairs modulo slots · size). */
    static final int CERTIFICATE_SLOTS_PER_RANK = 32;

    /**
     * The certificate split over the group, and the reduced basis when it holds (else null). Rank 0's stable
     * candidate goes to every rank (SM_bcast_102 from its stack, in ox4j_gr_packed's byte form: as CMO the
     * katsura-8 candidate is 2.2 MB of monomial and rational objects that took 210-460 ms to convert and send), each
     * checks its share (inputs and pairs at its slots, positions modulo 32 per rank), and SM_reduce_102 "*" of the
     * 1s and 0s tells rank 0 whether all held. Rank 0's share is one slot smaller: in the time that frees, it makes
     * the reduced basis (ox4j_gr_finish) and sends it to the master while the others still check, so the basis is
     * there when the verdict comes (on katsura-9 the basis took 0.6-0.8 s after the certificate, one core idle);
     * a candidate the other ranks refuse costs that work, a rare event.
     */
    private static Cmo certify(ServerGroup group) {
        int size = group.size();
        int parts = CERTIFICATE_SLOTS_PER_RANK * size;
        List<Cmo> bases = group.all((rank, m) -> {
            CompletableFuture<Void> sent = rank == 0
                    ? m.executeAsync(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER,
                            CmoString.of("ox4j_gr_packed(Ox4jGbPrev);"))
                            .thenCompose(x -> m.executeAsync(SmCommand.BCAST_102, ServerGroup.asirInteger(0)))
                    : m.executeAsync(SmCommand.BCAST_102, ServerGroup.asirInteger(0));
            CompletableFuture<Cmo> checked = sent
                    .thenCompose(x -> m.executeAsync(SmCommand.SET_NAME, CmoString.of("Ox4jGbCand")))
                    .thenCompose(x -> m.executeStringAsync("Ox4jGbOk = ox4j_gr_check(Ox4jGbCand, Ox4jGbF, Ox4jGbV, 0, "
                            + slots(rank, size) + ", " + parts + "); 0;"));
            return rank != 0 ? checked.thenApply(x -> null)
                    : checked.thenCompose(x -> m.executeStringAsync("Ox4jGbBasis = 0; if (Ox4jGbOk) Ox4jGbBasis = "
                            + "ox4j_gr_finish(Ox4jGbPrev, Ox4jGbF, Ox4jGbV, 0); Ox4jGbBasis;"));
        }, "certificate shares");
        List<Cmo> verdicts = group.all((rank, m) -> m.executeAsync(SmCommand.EVAL_NAME, CmoString.of("Ox4jGbOk"))
                .thenCompose(x -> m.executeAndPopAsync(SmCommand.REDUCE_102, ServerGroup.asirInteger(0),
                        CmoString.of("*"))), "certificate verdict");
        return isOne(verdicts.get(0)) ? bases.get(0) : null;
    }

    /**
     * Rank's slots among {@code CERTIFICATE_SLOTS_PER_RANK · size}, as a list for ox4j_gr_check: those ≡ rank
     * (mod size), but rank 0's last one goes to rank 1.
     */
    static String slots(int rank, int size) {
        int parts = CERTIFICATE_SLOTS_PER_RANK * size;
        int given = parts - size; // rank 0's last slot
        StringBuilder sb = new StringBuilder("[");
        for (int s = 0; s < parts; s++) {
            boolean mine = s == given ? rank == 1 : s % size == rank;
            if (mine) {
                sb.append(sb.length() > 1 ? ", " : "").append(s);
            }
        }
        return sb.append(']').toString();
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
