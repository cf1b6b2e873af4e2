package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.ZPoly;

/**
 * Images of one reduced Gröbner basis modulo several primes, grouped by their leading monomials: within a group
 * the coefficients are combined by the Chinese remainder theorem (one residue modulo the product of the group's
 * primes per term), groups with other leading monomials are kept apart, so an unlucky prime is outvoted instead
 * of merged. Combining two sets (as a reduce operator does along a tree) merges groups of equal leading monomials.
 * Immutable.
 */
public final class ModularImages {
    /** One group: the leading monomials, the primes' product and count, and the residues of every element. */
    public record Group(List<int[]> leads, BigInteger modulus, int primes, List<ZPoly> residues) {
        public Group {
            leads = List.copyOf(leads);
            residues = List.copyOf(residues);
        }

        String key() {
            StringBuilder sb = new StringBuilder();
            for (int[] l : leads) {
                sb.append(Arrays.toString(l)).append(';');
            }
            return sb.toString();
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
        List<ZPoly> residues = new ArrayList<>();
        for (ModPoly g : gp) {
            leads.add(g.exponents(0));
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
            int last = g.residues().size() - 1;
            if (last >= 0) {
                out.add(new Group(List.of(g.leads().get(last)), g.modulus(), g.primes(),
                        List.of(g.residues().get(last))));
            }
        }
        return of(out);
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
     * x ≡ a (mod M1), x ≡ b (mod M2), M1 and M2 coprime, term by term (a missing term is 0). Cost: a few products
     * and one division by M2 of numbers of M1's size per term.
     */
    private static Group merge(Group a, Group b) {
        if (!a.modulus().gcd(b.modulus()).equals(BigInteger.ONE)) {
            throw new IllegalArgumentException("images modulo the same prime combined twice");
        }
        BigInteger m1 = a.modulus();
        BigInteger m2 = b.modulus();
        BigInteger inv = m1.mod(m2).modInverse(m2);
        List<ZPoly> out = new ArrayList<>();
        for (int k = 0; k < a.residues().size(); k++) {
            out.add(mergeResidues(a.residues().get(k), b.residues().get(k), m1, m2, inv));
        }
        return new Group(a.leads(), m1.multiply(m2), a.primes() + b.primes(), out);
    }

    private static ZPoly mergeResidues(ZPoly x, ZPoly y, BigInteger m1, BigInteger m2, BigInteger inv) {
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
     */
    public Reconstruction reconstruction() {
        Group g = largest();
        if (g == null) {
            return new Reconstruction(null, false);
        }
        BigInteger m = g.modulus();
        BigInteger half = m.shiftRight(1);
        BigInteger bound = half.sqrt();
        BigInteger settledBound = m.shiftRight(1 + SETTLED_MARGIN_BITS).sqrt();
        boolean settled = true;
        QPoly[] out = new QPoly[g.residues().size()];
        for (int k = out.length - 1; k >= 0; k--) {
            ZPoly r = g.residues().get(k);
            // coefficient i is num[i] / den[i] (not necessarily in lowest terms); lcm is the common denominator
            BigInteger[] num = new BigInteger[r.size()];
            BigInteger[] den = new BigInteger[r.size()];
            BigInteger lcm = BigInteger.ONE;
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
                        return new Reconstruction(null, false);
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
            out[k] = QPoly.of(r.withCoefficients(c), lcm);
        }
        return new Reconstruction(List.of(out), settled);
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
        if (g == null || candidate == null || candidate.size() != g.residues().size()) {
            return false;
        }
        BigInteger m = g.modulus();
        for (int k = 0; k < candidate.size(); k++) {
            QPoly q = candidate.get(k);
            ZPoly r = g.residues().get(k);
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
