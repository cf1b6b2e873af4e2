package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.ZPoly;

/**
 * Images of one reduced Gröbner basis modulo several primes, grouped by their leading monomials: within a group
 * the coefficients are combined by the Chinese remainder theorem (one residue modulo the product of the group's
 * primes per term), groups with other leading monomials are kept apart, so an unlucky prime is outvoted instead
 * of merged. Combining two sets (as a reduce operator does along a tree) merges groups of equal leading monomials.
 *
 * <p>Images of word-size primes stay words until a residue is asked for ({@link Group#residue}): combining them is
 * appending, and the residues modulo their product are made once, by {@link MixedRadixCrt}, element by element as
 * reconstruction, the byte form or a probe needs them. Immutable.
 */
public final class ModularImages {
    /**
     * One group: the leading monomials, the primes' product and count, and the residues of every element modulo
     * that product. The residues are known as integers modulo part of the product (the base, from a byte form or a
     * merge) and as word residues modulo the other primes (pending; every pending prime's element k has the
     * monomials of {@code support.get(k)}), combined when asked for. Immutable (the combined residues are cached).
     */
    public static final class Group {
        private final List<int[]> leads;
        private final BigInteger modulus;
        private final int primes;
        private final BigInteger baseModulus;
        private final List<ZPoly> base;
        private final List<ModPoly> support;
        private final long[] pendingPrimes;
        private final List<int[][]> pending;
        private final ZPoly[] combined;
        private volatile MixedRadixCrt crt;
        private volatile BigInteger baseInverse;

        /** A group of residues known modulo {@code modulus} (the product of {@code primes} primes). */
        public Group(List<int[]> leads, BigInteger modulus, int primes, List<ZPoly> residues) {
            this(requireSameSize(leads, residues), modulus, primes, modulus, List.copyOf(residues), null, new long[0],
                    List.of());
        }

        private static List<int[]> requireSameSize(List<int[]> leads, List<ZPoly> residues) {
            if (leads.size() != residues.size()) {
                throw new IllegalArgumentException(leads.size() + " leading monomials for " + residues.size()
                        + " residues");
            }
            return leads;
        }

        private Group(List<int[]> leads, BigInteger modulus, int primes, BigInteger baseModulus, List<ZPoly> base,
                List<ModPoly> support, long[] pendingPrimes, List<int[][]> pending) {
            this.leads = List.copyOf(leads);
            this.modulus = modulus;
            this.primes = primes;
            this.baseModulus = baseModulus;
            this.base = base;
            this.support = support;
            this.pendingPrimes = pendingPrimes;
            this.pending = pending;
            this.combined = new ZPoly[this.leads.size()];
        }

        /** The image modulo one word-size prime, kept as words. */
        static Group ofWords(List<int[]> leads, List<ModPoly> gp, long p) {
            int[][] words = new int[gp.size()][];
            for (int k = 0; k < words.length; k++) {
                ModPoly g = gp.get(k);
                int[] w = new int[g.size()];
                for (int i = 0; i < w.length; i++) {
                    w[i] = (int) g.coefficient(i);
                }
                words[k] = w;
            }
            return new Group(leads, BigInteger.valueOf(p), 1, BigInteger.ONE, null, List.copyOf(gp), new long[] {p},
                    List.<int[][]>of(words));
        }

        /**
         * A group known only as word residues: element k has the monomials of {@code support.get(k)} and, modulo
         * {@code primes[j]}, the coefficients {@code pending.get(j)[k]} (what {@link ModularImagesCodec} reads back).
         */
        static Group ofPendingWords(List<int[]> leads, List<ModPoly> support, long[] primes, List<int[][]> pending) {
            if (leads.size() != support.size() || primes.length == 0 || pending.size() != primes.length) {
                throw new IllegalArgumentException(leads.size() + " leading monomials, " + support.size()
                        + " supports, " + primes.length + " primes and " + pending.size() + " word residue sets");
            }
            BigInteger modulus = BigInteger.ONE;
            for (long p : primes) {
                modulus = modulus.multiply(BigInteger.valueOf(p));
            }
            return new Group(leads, modulus, primes.length, BigInteger.ONE, null, List.copyOf(support),
                    primes.clone(), List.copyOf(pending));
        }

        /** Whether every residue is still a word residue of its primes (no part of it known as an integer). */
        boolean inWords() {
            return base == null && pendingPrimes.length > 0;
        }

        /** The primes of the word residues, in the order of {@link #words} (not to be modified). */
        long[] wordPrimes() {
            return pendingPrimes;
        }

        /** Element k's coefficients modulo the j-th word prime (not to be modified). */
        int[] words(int j, int k) {
            return pending.get(j)[k];
        }

        /** Element k's monomials as the first word prime saw them (its word residues follow these terms). */
        ModPoly support(int k) {
            return support.get(k);
        }

        public List<int[]> leads() {
            return leads;
        }

        public BigInteger modulus() {
            return modulus;
        }

        public int primes() {
            return primes;
        }

        /** The number of elements. */
        public int size() {
            return leads.size();
        }

        /** Element k's residue modulo {@link #modulus}, combined from the base and the pending primes once. */
        public ZPoly residue(int k) {
            ZPoly z = combined[k];
            if (z != null) {
                return z;
            }
            ZPoly words = pendingPrimes.length == 0 ? null : combinePending(k);
            if (base == null) {
                z = words;
            } else if (words == null) {
                z = base.get(k);
            } else {
                z = mergeResidues(base.get(k), words, baseModulus, pendingCrt().modulus(), baseInverse());
            }
            // ZPoly's fields are final: a racing reader sees either null or a whole polynomial
            combined[k] = z;
            return z;
        }

        /** Every element's residue ({@link #residue}). */
        public List<ZPoly> residues() {
            ZPoly[] out = new ZPoly[size()];
            for (int k = 0; k < out.length; k++) {
                out[k] = residue(k);
            }
            return List.of(out);
        }

        /** The layout every residue has, or null when they could have different ones. */
        MonomialLayout commonLayout() {
            List<MonomialLayout> layouts = new ArrayList<>();
            if (base != null) {
                base.forEach(z -> layouts.add(z.layout()));
            }
            if (support != null) {
                support.forEach(g -> layouts.add(g.layout()));
            }
            for (MonomialLayout l : layouts) {
                if (l != layouts.get(0)) {
                    return null;
                }
            }
            return layouts.isEmpty() ? null : layouts.get(0);
        }

        String key() {
            StringBuilder sb = new StringBuilder();
            for (int[] l : leads) {
                sb.append(Arrays.toString(l)).append(';');
            }
            return sb.toString();
        }

        private ZPoly combinePending(int k) {
            ModPoly s = support.get(k);
            int[][] rows = new int[pendingPrimes.length][];
            for (int j = 0; j < rows.length; j++) {
                rows[j] = pending.get(j)[k];
            }
            return s.withIntegerCoefficients(pendingCrt().combine(rows, s.size()));
        }

        private MixedRadixCrt pendingCrt() {
            MixedRadixCrt c = crt;
            if (c == null) {
                c = new MixedRadixCrt(pendingPrimes);
                crt = c;
            }
            return c;
        }

        private BigInteger baseInverse() {
            BigInteger inv = baseInverse;
            if (inv == null) {
                BigInteger m2 = pendingCrt().modulus();
                inv = baseModulus.mod(m2).modInverse(m2);
                baseInverse = inv;
            }
            return inv;
        }

        /** This group with every residue combined (what it merges as once that work is done). */
        private Group settled() {
            if (pendingPrimes.length == 0) {
                return this;
            }
            for (ZPoly z : combined) {
                if (z == null) {
                    return this;
                }
            }
            return new Group(leads, modulus, primes, residues());
        }

        /** This group's part of {@link ModularImages#heapBytes}. */
        long heapBytes() {
            long total = 64L * leads.size();
            if (base != null) {
                for (ZPoly z : base) {
                    total += heapBytes(z);
                }
            }
            for (ZPoly z : combined) {
                if (z != null) {
                    total += heapBytes(z);
                }
            }
            if (support != null) {
                for (ModPoly m : support) {
                    total += (long) m.size() * (8L * m.layout().words() + 8 + 4L * pendingPrimes.length);
                }
            }
            return total;
        }

        /** A residue known as an integer: per term its monomial words and its coefficient with object headers. */
        private static long heapBytes(ZPoly z) {
            long total = z.size() * (8L * z.layout().words() + 56);
            for (int i = 0; i < z.size(); i++) {
                total += z.coefficient(i).bitLength() / 8;
            }
            return total;
        }

        /** Element k alone. */
        private Group element(int k) {
            Group out = new Group(List.of(leads.get(k)), modulus, primes, baseModulus,
                    base == null ? null : List.of(base.get(k)), support == null ? null : List.of(support.get(k)),
                    pendingPrimes, pending.stream().map(w -> new int[][] {w[k]}).toList());
            out.combined[0] = combined[k];
            return out;
        }

        /** Whether the pending primes of both have the same monomials element by element. */
        private boolean sameSupport(Group other) {
            if (support.size() != other.support.size()) {
                return false;
            }
            for (int k = 0; k < support.size(); k++) {
                if (!support.get(k).sameMonomials(other.support.get(k))) {
                    return false;
                }
            }
            return true;
        }
    }

    private final Map<String, Group> groups;

    private ModularImages(Map<String, Group> groups) {
        this.groups = groups;
    }

    /** No image yet. */
    public static ModularImages empty() {
        return new ModularImages(new LinkedHashMap<>());
    }

    /** The image of one prime: the reduced basis {@code gp} modulo {@code p}. */
    public static ModularImages of(List<ModPoly> gp, long p) {
        List<int[]> leads = new ArrayList<>();
        for (ModPoly g : gp) {
            leads.add(g.exponents(0));
        }
        if (MixedRadixCrt.accepts(p)) {
            return of(List.of(Group.ofWords(leads, gp, p)));
        }
        List<ZPoly> residues = new ArrayList<>();
        for (ModPoly g : gp) {
            residues.add(g.lift());
        }
        return of(List.of(new Group(leads, BigInteger.valueOf(p), 1, residues)));
    }

    /** Images given as groups (merged where their leading monomials agree). */
    public static ModularImages of(List<Group> groups) {
        ModularImages out = empty();
        for (Group g : groups) {
            out = out.with(g);
        }
        return out;
    }

    public List<Group> groups() {
        return List.copyOf(groups.values());
    }

    /** The group with the most primes (the first of equals), or null when there is none. */
    public Group largest() {
        Group best = null;
        for (Group g : groups.values()) {
            if (best == null || g.primes() > best.primes()) {
                best = g;
            }
        }
        return best;
    }

    /**
     * The images of each group's last element alone: a small probe of whether the modulus is large enough yet (the
     * last elements tend to have the largest coefficients, and {@link #reconstruction} tries them first). Such a
     * group is keyed by that element's leading monomial only, so combining probes can merge the images of primes
     * whose bases differ elsewhere: a probe says when a full reconstruction is worth trying, never what the basis is.
     */
    public ModularImages lastElements() {
        List<Group> out = new ArrayList<>();
        for (Group g : groups.values()) {
            if (g.size() > 0) {
                out.add(g.element(g.size() - 1));
            }
        }
        return of(out);
    }

    /**
     * An estimate of the heap bytes these images hold, made without combining or encoding them: per term of a
     * residue known as an integer its monomial words and its coefficient with object headers, per term of a pending
     * prime's word residue 4 bytes, per term of the shared monomials their words. Cost: one pass over the residues.
     */
    public long heapBytes() {
        long total = 0;
        for (Group g : groups.values()) {
            total += g.heapBytes();
        }
        return total;
    }

    /** All images of this and {@code other}. */
    public ModularImages combine(ModularImages other) {
        ModularImages out = this;
        for (Group g : other.groups.values()) {
            out = out.with(g);
        }
        return out;
    }

    private ModularImages with(Group g) {
        Map<String, Group> m = new LinkedHashMap<>(groups);
        Group old = m.get(g.key());
        m.put(g.key(), old == null ? g : merge(old, g));
        return new ModularImages(m);
    }

    /**
     * The group of both sets of primes (coprime): the pending primes are appended to each other when their monomials
     * agree (the usual case; otherwise b's are combined first), the bases merged by {@link #mergeBases}. Cost: one
     * comparison of monomials per element, plus a base merge when both have one.
     */
    private static Group merge(Group a, Group b) {
        if (!a.modulus().gcd(b.modulus()).equals(BigInteger.ONE)) {
            throw new IllegalArgumentException("images modulo the same prime combined twice");
        }
        Group x = a.settled();
        Group y = b.settled();
        if (x.pendingPrimes.length > 0 && y.pendingPrimes.length > 0 && !x.sameSupport(y)) {
            y = new Group(y.leads, y.modulus, y.primes, y.residues());
        }
        BigInteger baseModulus;
        List<ZPoly> base;
        if (x.base == null) {
            baseModulus = y.baseModulus;
            base = y.base;
        } else if (y.base == null) {
            baseModulus = x.baseModulus;
            base = x.base;
        } else {
            baseModulus = x.baseModulus.multiply(y.baseModulus);
            base = mergeBases(x.base, y.base, x.baseModulus, y.baseModulus);
        }
        long[] primes = Arrays.copyOf(x.pendingPrimes, x.pendingPrimes.length + y.pendingPrimes.length);
        System.arraycopy(y.pendingPrimes, 0, primes, x.pendingPrimes.length, y.pendingPrimes.length);
        List<int[][]> pending = new ArrayList<>(x.pending);
        pending.addAll(y.pending);
        List<ModPoly> support = x.support != null ? x.support : y.support;
        return new Group(a.leads(), a.modulus().multiply(b.modulus()), a.primes() + b.primes(), baseModulus, base,
                primes.length == 0 ? null : support, primes, List.copyOf(pending));
    }

    /**
     * x ≡ a (mod M1), x ≡ b (mod M2), M1 and M2 coprime, term by term (a missing term is 0). Cost: a few products
     * and one division by M2 of numbers of M1's size per term.
     */
    private static List<ZPoly> mergeBases(List<ZPoly> a, List<ZPoly> b, BigInteger m1, BigInteger m2) {
        BigInteger inv = m1.mod(m2).modInverse(m2);
        List<ZPoly> out = new ArrayList<>();
        for (int k = 0; k < a.size(); k++) {
            out.add(mergeResidues(a.get(k), b.get(k), m1, m2, inv));
        }
        return out;
    }

    /** Residue x mod m1 and y mod m2 combined term by term (a term missing from one is 0 there). */
    static ZPoly mergeResidues(ZPoly x, ZPoly y, BigInteger m1, BigInteger m2, BigInteger inv) {
        if (x.sameMonomials(y)) {
            // the usual case (both images have every term): combine position by position, monomials kept
            BigInteger[] c = new BigInteger[x.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = crt(x.coefficient(i), y.coefficient(i), m1, m2, inv);
            }
            return x.withCoefficients(c);
        }
        MonomialLayout l = x.layout().bits() >= y.layout().bits() ? x.layout() : y.layout();
        Map<int[], BigInteger[]> terms = new TreeMap<>((u, v) -> -l.order().compare(u, v));
        for (int i = 0; i < x.size(); i++) {
            terms.computeIfAbsent(x.exponents(i), e -> new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO})[0] =
                    x.coefficient(i);
        }
        for (int i = 0; i < y.size(); i++) {
            terms.computeIfAbsent(y.exponents(i), e -> new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO})[1] =
                    y.coefficient(i);
        }
        int[][] e = new int[terms.size()][];
        BigInteger[] c = new BigInteger[terms.size()];
        int n = 0;
        for (Map.Entry<int[], BigInteger[]> t : terms.entrySet()) {
            e[n] = t.getKey();
            c[n++] = crt(t.getValue()[0], t.getValue()[1], m1, m2, inv);
        }
        return ZPoly.of(l, e, c);
    }

    /** The x with x ≡ r1 (mod m1) and x ≡ r2 (mod m2), in [0, m1·m2) for r1 in [0, m1); inv = m1⁻¹ mod m2. */
    private static BigInteger crt(BigInteger r1, BigInteger r2, BigInteger m1, BigInteger m2, BigInteger inv) {
        // (r2 − r1) mod m2 as (r2 − r1 mod m2) mod m2: the difference of two small numbers, not of r1's size
        return r1.add(m1.multiply(r2.subtract(r1.mod(m2)).mod(m2).multiply(inv).mod(m2)));
    }

    /**
     * The rational reconstruction of the largest group (bound √(M/2) for every coefficient), or null when a
     * coefficient has none yet.
     */
    public List<QPoly> reconstruct() {
        return reconstruction().candidate();
    }

    /** Extra bits a settled reconstruction leaves unused: one 31-bit prime and a margin. */
    static final int SETTLED_MARGIN_BITS = 32;

    /**
     * A reconstruction: the candidate (null when some coefficient has none yet) and whether it is settled, that is
     * every coefficient n/d would also have been found with {@value #SETTLED_MARGIN_BITS} fewer bits of modulus
     * (max(|n|, d)² ≤ M / 2^(1+margin)). A settled candidate has been confirmed by at least one prime's worth of
     * residues it was not built from, so more primes are unlikely to change it (a wrong one is about as likely as a
     * random residue having such a small fraction, 2^-31 per coefficient); the certificate decides either way.
     */
    public record Reconstruction(List<QPoly> candidate, boolean settled) {
    }

    /**
     * Reconstructs the largest group, the last element first: later elements (higher degrees) tend to have the
     * largest coefficients, so a modulus that is still too small is found out after little work.
     *
     * <p>Within an element the coefficients share their denominator (the elements are monic over Q), so each
     * coefficient is tried first with the denominator D found so far: when r·D mod M (symmetric) is some t with
     * |t| and D within the bound, t/D is the coefficient — the unique fraction within the bound congruent to r, the
     * one the extended Euclidean algorithm would find — for one product and one remainder instead of a Euclid run
     * over numbers of M's size; only a coefficient with a new prime factor in its denominator takes that run.
     * Cost: one Euclid run per element and per new denominator factor, O(1) big-integer products per other term.
     *
     * <p>The elements are independent: they are split over the kernel's threads (element k to part k mod parts,
     * each part from its last element down), and the first one without a fraction stops every part. Why: rank 0 of
     * a group reconstructs while the other ranks wait for it, and so does a server alone between its images and
     * its certificate (katsura-9: 0.3-0.45 s on one thread for 196 000 coefficients).
     */
    public Reconstruction reconstruction() {
        Group g = largest();
        if (g == null) {
            return new Reconstruction(null, false);
        }
        ReconstructionBounds b = new ReconstructionBounds(g.modulus());
        QPoly[] out = new QPoly[g.size()];
        AtomicBoolean failed = new AtomicBoolean();
        int parts = Math.max(1, Math.min(KernelThreads.threads(), g.size() / ELEMENTS_PER_PART));
        List<Boolean> settledParts = KernelThreads.map(parts, part -> {
            boolean settled = true;
            for (int k = out.length - 1 - part; k >= 0 && !failed.get(); k -= parts) {
                ReconstructedElement e = b.element(g.residue(k));
                if (e == null) {
                    failed.set(true);
                    return false;
                }
                out[k] = e.poly();
                settled = settled && e.settled();
            }
            return settled;
        });
        if (failed.get()) {
            return new Reconstruction(null, false);
        }
        return new Reconstruction(List.of(out), !settledParts.contains(false));
    }

    /** Fewest elements per thread of a reconstruction: a small group is not worth handing to another thread. */
    private static final int ELEMENTS_PER_PART = 16;

    /** One element over Q, and whether it is settled ({@link Reconstruction}). */
    private record ReconstructedElement(QPoly poly, boolean settled) {
    }

    /** The bounds of a reconstruction modulo M, and the reconstruction of one element. */
    private static final class ReconstructionBounds {
        private final BigInteger m;
        private final BigInteger half;
        private final BigInteger bound;
        private final BigInteger settledBound;

        ReconstructionBounds(BigInteger m) {
            this.m = m;
            this.half = m.shiftRight(1);
            this.bound = half.sqrt();
            this.settledBound = m.shiftRight(1 + SETTLED_MARGIN_BITS).sqrt();
        }

        /** The element with residues r over Q, or null when a coefficient has no fraction within the bound. */
        ReconstructedElement element(ZPoly r) {
            // coefficient i is num[i] / den[i] (not necessarily in lowest terms); lcm is the common denominator
            BigInteger[] num = new BigInteger[r.size()];
            BigInteger[] den = new BigInteger[r.size()];
            BigInteger lcm = BigInteger.ONE;
            boolean settled = true;
            for (int i = 0; i < r.size(); i++) {
                BigInteger t = lcm.compareTo(bound) <= 0 ? r.coefficient(i).multiply(lcm).mod(m) : null;
                if (t != null && t.compareTo(half) > 0) {
                    t = t.subtract(m);
                }
                if (t != null && t.abs().compareTo(bound) <= 0) {
                    num[i] = t;
                    den[i] = lcm;
                } else {
                    BigInteger[] q = ModularGroebner.rational(r.coefficient(i), m, bound);
                    if (q == null) {
                        return null;
                    }
                    num[i] = q[0];
                    den[i] = q[1];
                    lcm = lcm.divide(lcm.gcd(q[1])).multiply(q[1]);
                }
                settled = settled && settledFraction(num[i], den[i], settledBound);
            }
            BigInteger[] c = new BigInteger[r.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = num[i].multiply(lcm.divide(den[i]));
            }
            return new ReconstructedElement(QPoly.of(r.withCoefficients(c), lcm), settled);
        }
    }

    /** Whether n/d in lowest terms has numerator and denominator within {@code bound} (the gcd only when needed). */
    private static boolean settledFraction(BigInteger n, BigInteger d, BigInteger bound) {
        if (n.abs().compareTo(bound) <= 0 && d.compareTo(bound) <= 0) {
            return true;
        }
        BigInteger gcd = n.gcd(d);
        return n.abs().divide(gcd).compareTo(bound) <= 0 && d.divide(gcd).compareTo(bound) <= 0;
    }

    /**
     * Whether {@code candidate} is congruent to the largest group's residues modulo its modulus, term by term: then
     * reconstructing this group gives {@code candidate} again (a fraction within the bound of a smaller modulus is
     * the unique one within the bound of this one), found with one product per coefficient instead of a
     * reconstruction.
     */
    public boolean agrees(List<QPoly> candidate) {
        Group g = largest();
        if (g == null || candidate == null || candidate.size() != g.size()) {
            return false;
        }
        BigInteger m = g.modulus();
        for (int k = 0; k < candidate.size(); k++) {
            QPoly q = candidate.get(k);
            ZPoly r = g.residue(k);
            if (q.size() != r.size() || !q.denominator().gcd(m).equals(BigInteger.ONE)) {
                return false;
            }
            BigInteger inverse = q.denominator().modInverse(m);
            for (int i = 0; i < r.size(); i++) {
                if (!Arrays.equals(q.exponents(i), r.exponents(i))
                        || !q.numerator().coefficient(i).multiply(inverse).subtract(r.coefficient(i)).mod(m)
                                .equals(BigInteger.ZERO)) {
                    return false;
                }
            }
        }
        return true;
    }
}
