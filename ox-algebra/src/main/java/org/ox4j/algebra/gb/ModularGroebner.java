package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import org.ox4j.algebra.Divisors;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.NormalForm;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.ZPoly;

/**
 * The reduced Gröbner basis over Q in degree reverse lexicographic order by multi-modular F4, certified.
 *
 * <p>The input is homogenised with a new lowest variable t, so that the modular images and the certificate work
 * with homogeneous ideals. Bases of F^h modulo 31-bit primes (from 2^31−1 downwards) are computed by {@link F4};
 * images are grouped by their leading monomials and the largest group is lifted (a prime whose leading monomials
 * disagree with the majority is unlucky and set aside, never merged); coefficients are combined by the Chinese
 * remainder theorem and rational reconstruction. A candidate goes to the certificate once it is stable: a
 * reconstruction with at least one prime's worth of modulus to spare, or a previous candidate that the new residues
 * still agree with.
 *
 * <p><b>Certificate</b> (Arnold's criterion for homogeneous ideals): the candidate G^h (1) is a Gröbner basis
 * over Q — every S-polynomial of a Gebauer–Möller-sufficient set of pairs reduces to 0, (2) contains the input —
 * every f^h reduces to 0, and (3) has the leading monomials of the reduced basis of F^h modulo a prime of its
 * group. (1) and (2) give ⟨F^h⟩ ⊆ ⟨G^h⟩ and lt⟨G^h⟩ = ⟨lt G^h⟩; in every degree d, reduction modulo p cannot raise
 * the rank of the d-part spanned by x^a·f^h, so ⟨lt G^h⟩ = lt(F^h mod p) has at most as many monomials of degree d
 * as lt⟨F^h⟩ ⊆ ⟨lt G^h⟩: the leading ideals are equal and hence ⟨G^h⟩ = ⟨F^h⟩. Dehomogenising (t = 1) a grevlex
 * basis of ⟨F^h⟩ with t lowest gives a basis of ⟨F⟩; it is made minimal and reduced, each element primitive with a
 * positive leading coefficient.
 *
 * <p>Cost: one F4 run per prime (the number of primes grows with the size of the coefficients), plus the
 * certificate: a normal form over Z per input polynomial and the pairs' S-polynomials reduced over Z as F4-style
 * matrices, one per degree ({@link PairReductionCheck}). Returns null (and the caller
 * uses its other method) when no certified basis is found within {@link #MAX_PRIMES} primes.
 */
public final class ModularGroebner {
    /** Primes tried before giving up. */
    static final int MAX_PRIMES = 200;

    private ModularGroebner() {
    }

    /** The certified reduced basis of {@code f} (grevlex polynomials over Z), sorted by increasing leading term. */
    public static List<ZPoly> basis(List<ZPoly> f, Interrupt interrupt, int threads) {
        Problem problem = Problem.of(f);
        if (problem == null) {
            return List.of();
        }
        ModularImages images = ModularImages.empty();
        List<QPoly> previous = null;
        // rounds of one prime per thread (two at least: the first round makes and checks the F4 trace): a
        // reconstruction attempt that fails costs little (the largest elements are tried first), so small rounds
        // waste no primes
        int batch = Math.max(2, threads);
        boolean replay = true;
        for (int first = 0; first < MAX_PRIMES; first += batch) {
            List<Long> primes = new ArrayList<>();
            for (int k = first; k < first + batch; k++) {
                primes.add(prime(k));
            }
            images = images.combine(problem.images(primes, interrupt, threads, replay));
            Lifted lifted = problem.lift(images, previous, interrupt, threads);
            if (lifted.basis() != null) {
                return lifted.basis();
            }
            previous = lifted.candidate();
            if (lifted.refuted() && replay) {
                // a stable candidate that is not the basis: rare, but replayed images could be the cause (a row
                // the trace dropped as zero need not vanish at every prime), so start again from full F4 runs
                problem.distrustTrace();
                replay = false;
                images = ModularImages.empty();
                previous = null;
            }
        }
        return null;
    }

    /**
     * The candidate of {@code images} and whether it is stable: {@code previous} when the images still agree with it
     * (no reconstruction needed), else the reconstruction, stable when it is settled
     * ({@link ModularImages.Reconstruction}).
     */
    public static ModularImages.Reconstruction candidate(ModularImages images, List<QPoly> previous) {
        if (previous != null && images.agrees(previous)) {
            return new ModularImages.Reconstruction(previous, true);
        }
        return images.reconstruction();
    }

    /** The k-th prime below 2^31 (k = 0 is 2^31 − 1), the same on every server. */
    public static synchronized long prime(int k) {
        while (PRIMES.size() <= k) {
            PRIMES.add(previousPrime(PRIMES.get(PRIMES.size() - 1)));
        }
        return PRIMES.get(k);
    }

    private static final List<Long> PRIMES = new ArrayList<>(List.of((long) Integer.MAX_VALUE));

    /** The outcome of one lifting attempt: the reconstructed candidate (or null) and, when certified, the basis. */
    public record Lifted(List<QPoly> candidate, List<ZPoly> basis, boolean refuted) {
        /** A candidate not certified yet (not stable, or none), or certified with its basis. */
        public Lifted(List<QPoly> candidate, List<ZPoly> basis) {
            this(candidate, basis, false);
        }
    }

    /** A problem prepared for the modular method: the primitive input and its homogenisation. */
    public static final class Problem {
        private final List<ZPoly> input;
        private final List<ZPoly> homogenized;

        private Problem(List<ZPoly> input, List<ZPoly> homogenized) {
            this.input = input;
            this.homogenized = homogenized;
        }

        /** The problem of {@code f} (grevlex, over Z), or null when f is all zero. */
        public static Problem of(List<ZPoly> f) {
            List<ZPoly> in = new ArrayList<>();
            for (ZPoly p : f) {
                if (!p.isZero()) {
                    in.add(p.primitivePart());
                }
            }
            if (in.isEmpty()) {
                return null;
            }
            int n = in.get(0).layout().variables();
            if (!in.get(0).layout().order().equals(MonomialOrder.grevlex(n))) {
                throw new IllegalArgumentException("multi-modular bases are computed in grevlex, not "
                        + in.get(0).layout().order());
            }
            long degree = 0;
            for (ZPoly p : in) {
                degree = Math.max(degree, p.totalDegree());
            }
            MonomialLayout hl = MonomialLayout.forDegree(MonomialOrder.grevlex(n + 1), Math.max(64, 4 * degree));
            List<ZPoly> fh = new ArrayList<>();
            for (ZPoly p : in) {
                fh.add(homogenize(p, hl));
            }
            return new Problem(in, fh);
        }

        /**
         * The images modulo {@code primes} (a prime that divides an input coefficient is skipped), computed
         * {@code parallel} at a time, replaying this input's F4 trace where there is one ({@link #images(List,
         * Interrupt, int, boolean)}).
         */
        public ModularImages images(List<Long> primes, Interrupt interrupt, int parallel) {
            return images(primes, interrupt, parallel, true);
        }

        /**
         * The images modulo {@code primes}, computed {@code parallel} at a time. With {@code replay}, the first two
         * primes of an input without a trace are computed in full, the first one traced ({@link F4Trace}); when
         * both give the same leading monomials the trace is kept (for this input, also by later problems of the same
         * input in this process) and every further prime replays it, falling back to a full F4 where a prime departs
         * from it. Different leading monomials (one of the two primes is unlucky) turn tracing off for the input.
         * Why a witness: a trace made at an unlucky prime would steer every replay down its path.
         */
        public ModularImages images(List<Long> primes, Interrupt interrupt, int parallel, boolean replay) {
            return images(primes, interrupt, parallel, replay, true);
        }

        /**
         * As {@link #images(List, Interrupt, int, boolean)}, but with {@code witness} false an input without a
         * trace gets one from its first prime alone, replayed from the second prime on. For a rank of a group: its
         * traced image meets the other ranks' traced images in {@code crt}, which groups images by leading monomials
         * and lifts the largest group, so the group witnesses each rank's trace and no rank computes a second prime
         * in full (two full F4 runs per rank were the larger part of a group's modular work).
         */
        public ModularImages images(List<Long> primes, Interrupt interrupt, int parallel, boolean replay,
                boolean witness) {
            List<Modulus> moduli = new ArrayList<>();
            List<List<ModPoly>> inputs = new ArrayList<>();
            for (long p : primes) {
                Modulus m = Modulus.of(p);
                List<ModPoly> im = ModularGroebner.images(homogenized, m);
                if (im != null) {
                    moduli.add(m);
                    inputs.add(im);
                }
            }
            int threads = Math.max(1, parallel);
            List<List<ModPoly>> results = new ArrayList<>();
            TraceState state = replay ? TraceState.of(homogenized) : null;
            int first = 0;
            if (state != null && state.undecided() && !witness && !inputs.isEmpty()) {
                F4Trace.Traced traced = F4.traced(inputs.get(0), interrupt);
                results.add(traced.basis());
                state.decide(traced, traced.basis());
                first = 1;
            } else if (state != null && state.undecided() && inputs.size() >= 2) {
                List<ModPoly> second = inputs.get(1);
                java.util.concurrent.CompletableFuture<List<ModPoly>> witnessRun = threads > 1
                        ? java.util.concurrent.CompletableFuture.supplyAsync(
                                () -> F4.randomizedBasis(second, interrupt),
                                KernelThreads.pool())
                        : null;
                F4Trace.Traced traced = F4.traced(inputs.get(0), interrupt);
                List<ModPoly> w = witnessRun != null ? KernelThreads.join(witnessRun)
                        : F4.randomizedBasis(second, interrupt);
                results.add(traced.basis());
                results.add(w);
                state.decide(traced, w);
                first = 2;
            }
            F4Trace trace = state == null ? null : state.trace();
            for (int from = first; from < inputs.size(); from += threads) {
                interrupt.check();
                int at = from;
                results.addAll(KernelThreads.map(Math.min(inputs.size(), from + threads) - from,
                        k -> basisModP(inputs.get(at + k), trace, interrupt)));
            }
            ModularImages out = ModularImages.empty();
            for (int k = 0; k < results.size(); k++) {
                out = out.combine(ModularImages.of(results.get(k), moduli.get(k).value()));
            }
            return out;
        }

        /** Stops replaying for this input (a certificate failed while replayed images were in use). */
        public void distrustTrace() {
            TraceState.of(homogenized).refuse();
        }

        /**
         * Checks a share of the certificate of {@code candidate} (a homogenised basis over Q made {@link #integral}):
         * the inputs whose position modulo {@code parts} is one of {@code slots} (each in [0, parts)) and the
         * Gebauer–Möller pairs of those slots reduce to 0, where slot s holds the s-th of {@code parts} runs of
         * about equal estimated cost of the pairs by increasing degree of their lcms
         * ({@link IntegralCandidate#pairsOfSlots}). The shares of all slots together are the whole certificate, so a
         * group can split it: into unequal shares for a rank that has other work to do as well, or many small shares
         * of one prepared candidate handed out as its ranks become free. Why runs of the degree order, not every
         * parts-th pair: the symbolic preprocessing is made per call and degree for the pairs checked, and with every
         * pair of a degree in a few runs the ranks of a group make about one closure between them where each rank
         * had made all of them (a 1 338-element noon-8 candidate: 0.9 s of its 6.3 s certificate, on every rank).
         * Why increasing degree: a guided split hands out its largest batches first, and the cheap low-degree pairs
         * there leave the costly ones, whose cost the estimate knows least, to the small batches at the end.
         */
        public boolean checkShare(IntegralCandidate candidate, int[] slots, int parts, Interrupt interrupt) {
            boolean[] mine = new boolean[parts];
            for (int s : slots) {
                if (s < 0 || s >= parts) {
                    throw new IllegalArgumentException("share slot " + s + " of " + parts);
                }
                mine[s] = true;
            }
            return certified(candidate, homogenized, k -> mine[k % parts], candidate.pairsOfSlots(mine), interrupt,
                    1);
        }

        /** The reduced basis of the input from a certified homogenised candidate. */
        public List<ZPoly> finish(List<QPoly> candidate, Interrupt interrupt) {
            return reducedDehomogenized(integral(candidate), input.get(0).layout(), interrupt);
        }

        /** The candidate's elements as primitive integer polynomials (what the certificate checks). */
        public static List<ZPoly> integral(List<QPoly> candidate) {
            List<ZPoly> gh = new ArrayList<>();
            for (QPoly q : candidate) {
                gh.add(q.primitiveIntegral());
            }
            return gh;
        }

        /**
         * The candidate of {@code images} ({@link #candidate}); when it is stable it is certified, and the basis is
         * returned.
         */
        public Lifted lift(ModularImages images, List<QPoly> previous, Interrupt interrupt, int threads) {
            ModularImages.Reconstruction r = candidate(images, previous);
            List<QPoly> candidate = r.candidate();
            if (candidate == null || !r.settled()) {
                return new Lifted(candidate, null);
            }
            List<ZPoly> gh = integral(candidate);
            IntegralCandidate ic = IntegralCandidate.of(gh);
            if (!certified(ic, homogenized, k -> true, ic.pairs(), interrupt, threads)) {
                return new Lifted(candidate, null, true);
            }
            return new Lifted(candidate, reducedDehomogenized(gh, input.get(0).layout(), interrupt));
        }
    }

    /** One image: the trace replayed when there is one and the prime follows it, else a full (randomized) F4. */
    private static List<ModPoly> basisModP(List<ModPoly> input, F4Trace trace, Interrupt interrupt) {
        if (trace != null) {
            List<ModPoly> replayed = F4.replay(trace, input, interrupt, 1);
            if (replayed != null) {
                return replayed;
            }
        }
        return F4.randomizedBasis(input, interrupt);
    }

    /**
     * Whether an input (its homogenisation) has a trace to replay: undecided until two primes agree or disagree,
     * then the trace or none. The last few inputs are remembered by the process, so a group's rank that gets the
     * same input in every round traces once.
     */
    private static final class TraceState {
        private static final int REMEMBERED = 4;
        private static final java.util.Map<List<ZPoly>, TraceState> STATES = new java.util.LinkedHashMap<>(8, 0.75f,
                true) {
            @Override
            protected boolean removeEldestEntry(java.util.Map.Entry<List<ZPoly>, TraceState> e) {
                return size() > REMEMBERED;
            }
        };

        private F4Trace trace;
        private boolean decided;

        static TraceState of(List<ZPoly> homogenized) {
            synchronized (STATES) {
                return STATES.computeIfAbsent(List.copyOf(homogenized), k -> new TraceState());
            }
        }

        synchronized boolean undecided() {
            return !decided;
        }

        synchronized F4Trace trace() {
            return trace;
        }

        synchronized void decide(F4Trace.Traced traced, List<ModPoly> witness) {
            if (decided) {
                return;
            }
            decided = true;
            trace = traced.trace() != null && sameLeads(traced.basis(), witness) ? traced.trace() : null;
        }

        synchronized void refuse() {
            decided = true;
            trace = null;
        }

        private static boolean sameLeads(List<ModPoly> a, List<ModPoly> b) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int k = 0; k < a.size(); k++) {
                if (!java.util.Arrays.equals(a.get(k).exponents(0), b.get(k).exponents(0))) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The images of the input modulo m, or null when m divides a coefficient (the image loses terms). */
    private static List<ModPoly> images(List<ZPoly> fh, Modulus m) {
        List<ModPoly> images = new ArrayList<>();
        for (ZPoly p : fh) {
            ModPoly q = ModPoly.of(p, m);
            if (q.size() != p.size()) {
                return null;
            }
            images.add(q);
        }
        return images;
    }

    private static long previousPrime(long p) {
        long q = p - 2;
        if (q % 2 == 0) {
            q--;
        }
        while (!Modulus.isPrime(q)) {
            q -= 2;
        }
        return q;
    }

    static ZPoly homogenize(ZPoly p, MonomialLayout hl) {
        int n = p.layout().variables();
        int d = p.totalDegree();
        int[][] e = new int[p.size()][];
        BigInteger[] c = new BigInteger[p.size()];
        for (int i = 0; i < p.size(); i++) {
            int[] x = Arrays.copyOf(p.exponents(i), n + 1);
            x[n] = d - p.termDegree(i);
            e[i] = x;
            c[i] = p.coefficient(i);
        }
        return ZPoly.of(hl, e, c);
    }

    /** n/d ≡ a (mod m) with |n|, d ≤ bound (extended Euclid), or null. */
    static BigInteger[] rational(BigInteger a, BigInteger m, BigInteger bound) {
        BigInteger r0 = m;
        BigInteger r1 = a.mod(m);
        BigInteger t0 = BigInteger.ZERO;
        BigInteger t1 = BigInteger.ONE;
        while (r1.compareTo(bound) > 0) {
            BigInteger[] qr = r0.divideAndRemainder(r1);
            r0 = r1;
            r1 = qr[1];
            BigInteger t = t0.subtract(qr[0].multiply(t1));
            t0 = t1;
            t1 = t;
        }
        if (t1.signum() == 0 || t1.abs().compareTo(bound) > 0) {
            return null;
        }
        BigInteger num = t1.signum() < 0 ? r1.negate() : r1;
        BigInteger den = t1.abs();
        if (!num.gcd(den).equals(BigInteger.ONE)) {
            return null;
        }
        return new BigInteger[] {num, den};
    }

    // ---------------------------------------------------------------- the certificate

    /**
     * A share of the certificate of a homogenised candidate over Z: the inputs fh at the positions
     * {@code inputInShare} accepts and the given Gebauer–Möller pairs reduce to 0; the pairs checked on
     * {@code threads}.
     */
    private static boolean certified(IntegralCandidate candidate, List<ZPoly> fh, IntPredicate inputInShare,
            List<int[]> pairs, Interrupt interrupt, int threads) {
        Divisors d = candidate.divisors();
        for (int k = 0; k < fh.size(); k++) {
            if (inputInShare.test(k) && !NormalForm.reduce(fh.get(k), d, interrupt).isZero()) {
                return false;
            }
        }
        return candidate.pairCheck().allReduceToZero(pairs, interrupt, threads);
    }

    /**
     * A set of pairs whose S-polynomials reducing to 0 proves that g is a Gröbner basis: the Gebauer–Möller update
     * run as if the elements were added one by one (coprime pairs and pairs caught by the chain criterion left out).
     * One method per loop: the JIT compiles a long loop on stack before the method it sits in, and this update in one
     * method was compiled more than once, each time whole.
     */
    static List<int[]> sufficientPairs(List<ZPoly> g) {
        int[][] lt = new int[g.size()][];
        for (int k = 0; k < lt.length; k++) {
            lt[k] = g.get(k).exponents(0);
        }
        List<int[]> pairs = new ArrayList<>();
        List<int[]> lcms = new ArrayList<>();
        for (int h = 0; h < lt.length; h++) {
            List<int[]> d = new ArrayList<>();
            List<int[]> dl = new ArrayList<>();
            List<Boolean> coprime = new ArrayList<>();
            newPairs(lt, h, d, dl, coprime);
            List<int[]> kept = new ArrayList<>();
            List<int[]> keptL = new ArrayList<>();
            retained(lt, h, pairs, lcms, kept, keptL);
            for (int k = 0; k < d.size(); k++) {
                if (!coprime.get(k)) {
                    kept.add(d.get(k));
                    keptL.add(dl.get(k));
                }
            }
            pairs = kept;
            lcms = keptL;
        }
        return pairs;
    }

    /**
     * The pairs (i, h), i &lt; h, that the chain criterion leaves among themselves (no later pair's lcm, nor a kept
     * one's, divides theirs; coprime ones stay, marked, to catch others), into d with their lcms and coprimality.
     */
    private static void newPairs(int[][] lt, int h, List<int[]> d, List<int[]> dl, List<Boolean> coprime) {
        List<int[]> cl = new ArrayList<>();
        for (int i = 0; i < h; i++) {
            cl.add(ExponentVectors.lcm(lt[i], lt[h]));
        }
        for (int k = 0; k < h; k++) {
            boolean cop = ExponentVectors.coprime(lt[k], lt[h]);
            boolean keep = cop;
            if (!keep) {
                keep = true;
                for (int k2 = k + 1; k2 < h && keep; k2++) {
                    keep = !ExponentVectors.divides(cl.get(k2), cl.get(k));
                }
                for (int k2 = 0; k2 < dl.size() && keep; k2++) {
                    keep = !ExponentVectors.divides(dl.get(k2), cl.get(k));
                }
            }
            if (keep) {
                d.add(new int[] {k, h});
                dl.add(cl.get(k));
                coprime.add(cop);
            }
        }
    }

    /** The earlier pairs that element h does not make redundant (Gebauer–Möller's criterion B_k), into kept. */
    private static void retained(int[][] lt, int h, List<int[]> pairs, List<int[]> lcms, List<int[]> kept,
            List<int[]> keptL) {
        for (int k = 0; k < pairs.size(); k++) {
            int[] q = pairs.get(k);
            int[] l = lcms.get(k);
            boolean drop = ExponentVectors.divides(lt[h], l)
                    && !Arrays.equals(ExponentVectors.lcm(lt[q[0]], lt[h]), l)
                    && !Arrays.equals(ExponentVectors.lcm(lt[q[1]], lt[h]), l);
            if (!drop) {
                kept.add(q);
                keptL.add(l);
            }
        }
    }

    // ---------------------------------------------------------------- back to the affine ideal

    private static List<ZPoly> reducedDehomogenized(List<ZPoly> gh, MonomialLayout layout, Interrupt interrupt) {
        int n = layout.variables();
        List<ZPoly> d = new ArrayList<>();
        for (ZPoly p : gh) {
            int[][] e = new int[p.size()][];
            BigInteger[] c = new BigInteger[p.size()];
            for (int i = 0; i < p.size(); i++) {
                e[i] = Arrays.copyOf(p.exponents(i), n);
                c[i] = p.coefficient(i);
            }
            ZPoly q = ZPoly.of(layout.widenedFor(p.totalDegree()), e, c);
            if (!q.isZero()) {
                d.add(q.primitivePart());
            }
        }
        // minimal: drop an element whose leading monomial another's divides (of equal ones the first stays)
        List<ZPoly> minimal = new ArrayList<>();
        for (int i = 0; i < d.size(); i++) {
            int[] li = d.get(i).exponents(0);
            boolean keep = true;
            for (int j = 0; j < d.size() && keep; j++) {
                int[] lj = d.get(j).exponents(0);
                keep = j == i || !ExponentVectors.divides(lj, li) || (Arrays.equals(li, lj) && j > i);
            }
            if (keep) {
                minimal.add(d.get(i));
            }
        }
        List<ZPoly> reduced = new ArrayList<>();
        MonomialLayout wide = minimal.get(0).layout();
        for (ZPoly p : minimal) {
            if (p.layout().bits() > wide.bits()) {
                wide = p.layout();
            }
        }
        Divisors leads = Divisors.of(minimal, wide);
        for (int i = 0; i < minimal.size(); i++) {
            ZPoly p = minimal.get(i).relayout(wide);
            // a reduced homogeneous basis whose leading monomials are free of t dehomogenises to a reduced basis:
            // then no tail term is reducible and no normal form is needed (a leading monomial never divides a
            // smaller monomial, so the element's own one cannot either)
            if (leads.firstReducibleTerm(p, 1) < 0) {
                reduced.add(p.primitivePart());
                continue;
            }
            List<ZPoly> others = new ArrayList<>(minimal);
            others.remove(i);
            reduced.add(others.isEmpty() ? p.primitivePart()
                    : NormalForm.reduce(p, Divisors.of(others, wide), interrupt));
        }
        MonomialOrder order = layout.order();
        reduced.sort((a, b) -> order.compare(a.exponents(0), b.exponents(0)));
        return reduced;
    }
}
