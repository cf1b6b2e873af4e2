package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.ox4j.algebra.Divisors;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.NormalForm;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.ZPoly;

/**
 * FGLM (Faugère, Gianni, Lazard, Mora): the lexicographic Gröbner basis of a zero-dimensional ideal from its reduced
 * basis in another order, by linear algebra in the quotient ring, whose dimension D is the number of standard
 * monomials. Modulo p: the normal forms of x_i·b for the standard monomials b (the multiplication matrices, built
 * column by column as needed) give the normal form of every monomial the lex enumeration meets, in increasing lex
 * order, from the normal form of its predecessor; a monomial whose normal form depends on those of the lex staircase
 * found so far gives a new lex element, the others join the staircase. Over Q: lex images modulo primes (from the
 * certified basis reduced modulo each prime), combined by the Chinese remainder theorem and reconstructed, and
 * certified cheaply: every lex element reduces to 0 modulo the certified basis (so the lex ideal is inside the
 * ideal) and the lex leading monomials leave exactly D standard monomials (so the two quotients have the same
 * dimension, the ideals are equal, and the lex leading monomials generate the lex initial ideal).
 *
 * <p>Cost modulo p: O(n·D³) for n variables (n·D candidate monomials, each a D×D matrix-vector product and a
 * reduction against at most D rows), plus the normal forms of the border monomials.
 */
public final class Fglm {
    /** Quotients larger than this are left to other methods (the matrices would take n·D² words). */
    public static final int MAX_DIMENSION = 4000;

    private Fglm() {
    }

    /** A monomial as an exponent vector with value semantics. */
    private record Mono(int[] e) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Mono m && Arrays.equals(e, m.e);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(e);
        }

        Mono times(int v) {
            int[] x = e.clone();
            x[v]++;
            return new Mono(x);
        }

        boolean divisibleBy(int[] d) {
            return ExponentVectors.divides(d, e);
        }
    }

    /**
     * The standard monomials of the leading monomials {@code leads} in n variables, or null when there are
     * infinitely many (the ideal is not zero-dimensional) or more than {@link #MAX_DIMENSION}.
     */
    static List<int[]> staircase(List<int[]> leads, int n) {
        for (int v = 0; v < n; v++) {
            boolean pure = false;
            for (int[] l : leads) {
                boolean only = l[v] > 0;
                for (int w = 0; w < n && only; w++) {
                    only = w == v || l[w] == 0;
                }
                pure |= only;
            }
            if (!pure) {
                return null;
            }
        }
        List<int[]> out = new ArrayList<>();
        java.util.Set<Mono> seen = new java.util.HashSet<>();
        Deque<Mono> queue = new ArrayDeque<>();
        Mono one = new Mono(new int[n]);
        if (divisible(one, leads)) {
            return out;
        }
        queue.add(one);
        seen.add(one);
        while (!queue.isEmpty()) {
            Mono m = queue.poll();
            out.add(m.e());
            if (out.size() > MAX_DIMENSION) {
                return null;
            }
            for (int v = 0; v < n; v++) {
                Mono t = m.times(v);
                if (!divisible(t, leads) && seen.add(t)) {
                    queue.add(t);
                }
            }
        }
        return out;
    }

    /** The leading exponent vectors of a basis. */
    private static <T> List<int[]> leads(List<T> g, java.util.function.Function<T, int[]> lead) {
        List<int[]> out = new ArrayList<>();
        for (T f : g) {
            out.add(lead.apply(f));
        }
        return out;
    }

    private static boolean divisible(Mono m, List<int[]> leads) {
        for (int[] l : leads) {
            if (m.divisibleBy(l)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The reduced lex basis (increasing leading monomials, monic, in {@code lex}, a lex layout of the same variables)
     * of the ideal whose reduced Gröbner basis modulo p is {@code g}; null when the ideal is not zero-dimensional or
     * its quotient is larger than {@link #MAX_DIMENSION}.
     */
    public static List<ModPoly> lex(List<ModPoly> g, MonomialLayout lex, Interrupt interrupt) {
        if (g.isEmpty()) {
            return null;
        }
        Modulus mod = g.get(0).modulus();
        long p = mod.value();
        int n = g.get(0).layout().variables();
        List<int[]> leads = leads(g, f -> f.exponents(0));
        List<int[]> standard = staircase(leads, n);
        if (standard == null) {
            return null;
        }
        int d = standard.size();
        if (d == 0) {
            return List.of(ModPoly.of(ZPoly.constant(lex, BigInteger.ONE), mod));
        }
        Map<Mono, Integer> index = new HashMap<>();
        for (int k = 0; k < d; k++) {
            index.put(new Mono(standard.get(k)), k);
        }
        NormalForms nf = new NormalForms(g, index, d, mod, interrupt);
        // multiplication matrices, column b of M_v = NF(x_v · b), made when first needed
        long[][][] mult = new long[n][d][];
        MonomialOrder lexOrder = lex.order();
        TreeMap<int[], int[]> candidates = new TreeMap<>(lexOrder::compare); // monomial → {parent staircase, var}
        candidates.put(new int[n], new int[] {-1, -1});
        List<int[]> staircaseLex = new ArrayList<>();
        List<long[]> nfOfStaircase = new ArrayList<>();
        List<long[]> rows = new ArrayList<>();
        List<long[]> combos = new ArrayList<>();
        List<Integer> pivots = new ArrayList<>();
        List<int[]> lexLeads = new ArrayList<>();
        List<ModPoly> out = new ArrayList<>();
        while (!candidates.isEmpty()) {
            interrupt.check();
            Map.Entry<int[], int[]> next = candidates.pollFirstEntry();
            int[] t = next.getKey();
            if (divisible(new Mono(t), lexLeads)) {
                continue;
            }
            long[] v;
            if (next.getValue()[0] < 0) {
                v = nf.of(new Mono(t)).clone();
            } else {
                long[] ns = nfOfStaircase.get(next.getValue()[0]);
                int var = next.getValue()[1];
                v = new long[d];
                for (int b = 0; b < d; b++) {
                    if (ns[b] == 0) {
                        continue;
                    }
                    long[] col = mult[var][b];
                    if (col == null) {
                        col = nf.of(new Mono(standard.get(b)).times(var));
                        mult[var][b] = col;
                    }
                    long c = ns[b];
                    for (int k = 0; k < d; k++) {
                        if (col[k] != 0) {
                            v[k] = (v[k] + c * col[k]) % p;
                        }
                    }
                }
            }
            long[] nfT = v.clone();
            long[] combo = new long[d];
            for (int r = 0; r < rows.size(); r++) {
                long c = v[pivots.get(r)];
                if (c == 0) {
                    continue;
                }
                long[] row = rows.get(r);
                long[] cr = combos.get(r);
                for (int k = 0; k < d; k++) {
                    if (row[k] != 0) {
                        v[k] = Math.floorMod(v[k] - c * row[k] % p, p);
                    }
                }
                for (int k = 0; k < cr.length; k++) {
                    if (cr[k] != 0) {
                        combo[k] = Math.floorMod(combo[k] - c * cr[k] % p, p);
                    }
                }
            }
            int pivot = -1;
            for (int k = 0; k < d && pivot < 0; k++) {
                if (v[k] != 0) {
                    pivot = k;
                }
            }
            if (pivot < 0) {
                // NF(t) + Σ combo_j NF(s_j) = 0: t + Σ combo_j s_j is in the ideal
                out.add(element(t, combo, staircaseLex, lex, mod));
                lexLeads.add(t);
                continue;
            }
            int s = staircaseLex.size();
            if (s >= d) {
                throw new IllegalStateException("FGLM: more independent monomials than the quotient's dimension");
            }
            long inv = mod.inverse(v[pivot]);
            combo[s] = Math.floorMod(combo[s] + 1, p);
            for (int k = 0; k < d; k++) {
                v[k] = v[k] * inv % p;
            }
            for (int k = 0; k < combo.length; k++) {
                combo[k] = combo[k] * inv % p;
            }
            rows.add(v);
            combos.add(combo);
            pivots.add(pivot);
            staircaseLex.add(t);
            nfOfStaircase.add(nfT);
            for (int var = 0; var < n; var++) {
                int[] x = t.clone();
                x[var]++;
                candidates.putIfAbsent(x, new int[] {s, var});
            }
        }
        // the candidates come out in increasing lex order (a new one is a multiple of the current), so the elements
        // are already sorted by leading monomial
        return out;
    }

    private static ModPoly element(int[] t, long[] combo, List<int[]> staircase, MonomialLayout lex, Modulus mod) {
        List<int[]> e = new ArrayList<>();
        List<BigInteger> c = new ArrayList<>();
        e.add(t);
        c.add(BigInteger.ONE);
        for (int j = 0; j < staircase.size(); j++) {
            if (combo[j] != 0) {
                e.add(staircase.get(j));
                c.add(BigInteger.valueOf(combo[j]));
            }
        }
        return ModPoly.of(ZPoly.of(lex, e.toArray(new int[0][]), c.toArray(new BigInteger[0])), mod);
    }

    /**
     * Normal forms modulo a reduced basis as coordinate vectors over the standard monomials, memoised; a monomial
     * divisible by a leading monomial is rewritten with that element's tail (smaller monomials), on an explicit
     * stack rather than by recursion, since chains can be as long as the quotient is large.
     */
    private static final class NormalForms {
        private final List<ModPoly> g;
        private final Map<Mono, Integer> index;
        private final int d;
        private final long p;
        private final Interrupt interrupt;
        private final Map<Mono, long[]> memo = new HashMap<>();

        NormalForms(List<ModPoly> g, Map<Mono, Integer> index, int d, Modulus mod, Interrupt interrupt) {
            this.g = g;
            this.index = index;
            this.d = d;
            this.p = mod.value();
            this.interrupt = interrupt;
        }

        long[] of(Mono m) {
            Deque<Mono> stack = new ArrayDeque<>();
            stack.push(m);
            int steps = 0;
            while (!stack.isEmpty()) {
                if ((++steps & 1023) == 0) {
                    interrupt.check();
                }
                Mono top = stack.peek();
                if (memo.containsKey(top)) {
                    stack.pop();
                    continue;
                }
                Integer k = index.get(top);
                if (k != null) {
                    long[] unit = new long[d];
                    unit[k] = 1;
                    memo.put(top, unit);
                    stack.pop();
                    continue;
                }
                ModPoly f = divisor(top);
                int[] u = ExponentVectors.quotient(top.e(), f.exponents(0));
                boolean ready = true;
                for (int i = 1; i < f.size(); i++) {
                    Mono t = new Mono(ExponentVectors.product(u, f.exponents(i)));
                    if (!memo.containsKey(t)) {
                        stack.push(t);
                        ready = false;
                    }
                }
                if (!ready) {
                    continue;
                }
                long[] v = new long[d];
                for (int i = 1; i < f.size(); i++) {
                    long c = p - f.coefficient(i) % p; // the element is monic: x^lead = -tail
                    long[] w = memo.get(new Mono(ExponentVectors.product(u, f.exponents(i))));
                    for (int j = 0; j < d; j++) {
                        if (w[j] != 0) {
                            v[j] = (v[j] + c * w[j]) % p;
                        }
                    }
                }
                memo.put(top, v);
                stack.pop();
            }
            return memo.get(m);
        }

        private ModPoly divisor(Mono m) {
            for (ModPoly f : g) {
                if (m.divisibleBy(f.exponents(0))) {
                    return f;
                }
            }
            throw new IllegalStateException("a monomial outside the staircase that no leading monomial divides");
        }
    }

    // ---------------------------------------------------------------- over Q

    /**
     * Primes tried before giving up: lex coefficients are far larger than the grevlex basis's (katsura-6's lex basis
     * needs 457 primes of 31 bits; with at most 400 it fell back to a Buchberger over Z that did not finish in five
     * minutes). 3 000 primes are a few seconds of FGLM for quotients of that size.
     */
    static final int MAX_PRIMES = 3000;

    /**
     * The reduced lex basis over Q (primitive, increasing leading monomials, in {@code lex}) of the ideal whose
     * certified reduced basis is {@code g} (integral, any order), certified as the class comment says; null when the
     * ideal is not zero-dimensional, its quotient is too large, or no certified answer came within the primes.
     */
    public static List<ZPoly> lexOverQ(List<ZPoly> g, MonomialLayout lex, Interrupt interrupt) {
        return lexOverQ(g, lex, interrupt, 1);
    }

    /**
     * {@link #lexOverQ(List, MonomialLayout, Interrupt)} on up to {@code threads} threads: that many primes' images
     * at once, and the lex elements' normal forms of the certificate split over them.
     */
    public static List<ZPoly> lexOverQ(List<ZPoly> g, MonomialLayout lex, Interrupt interrupt, int threads) {
        if (g.isEmpty()) {
            return null;
        }
        int n = g.get(0).layout().variables();
        List<int[]> standard = staircase(leads(g, f -> f.exponents(0)), n);
        if (standard == null) {
            return null;
        }
        if (standard.isEmpty()) {
            return List.of(ZPoly.constant(lex, BigInteger.ONE));
        }
        int batch = Math.max(1, threads);
        // in shape position (most radical ideals) through the rational univariate representation: FGLM for a few
        // primes instead of hundreds (ShapeLex); a candidate the certificate refuses goes the general way
        List<ZPoly> shaped = ShapeLex.candidate(g, lex, standard.size(), interrupt, batch);
        if (shaped != null && certified(shaped, g, standard.size(), interrupt, batch)) {
            return shaped;
        }
        LexReconstruction images = new LexReconstruction();
        for (int first = 0; first < MAX_PRIMES; first += batch) {
            interrupt.check();
            int from = first;
            for (PrimeImage image : KernelThreads.map(batch,
                    k -> image(g, lex, ModularGroebner.prime(from + k), interrupt))) {
                if (!image.zeroDimensional()) {
                    return null;
                }
                if (image.images() != null) {
                    images.add(image.images());
                }
            }
            List<QPoly> settled = images.attempt();
            if (settled == null) {
                continue;
            }
            List<ZPoly> candidate = LexReconstruction.integral(settled, lex);
            if (certified(candidate, g, standard.size(), interrupt, batch)) {
                return candidate;
            }
        }
        return null;
    }

    /** One prime's lex basis as images (null when the prime divides a leading coefficient of g). */
    private record PrimeImage(ModularImages images, boolean zeroDimensional) {
    }

    private static PrimeImage image(List<ZPoly> g, MonomialLayout lex, long p, Interrupt interrupt) {
        List<ModPoly> gp = monicModulo(g, Modulus.of(p));
        if (gp == null) {
            return new PrimeImage(null, true);
        }
        List<ModPoly> image = lex(gp, lex, interrupt);
        return image == null ? new PrimeImage(null, false) : new PrimeImage(ModularImages.of(image, p), true);
    }

    /**
     * The certified basis g modulo m, each element monic (then the reduced basis of the ideal modulo m), or null when
     * m divides a leading coefficient.
     */
    static List<ModPoly> monicModulo(List<ZPoly> g, Modulus m) {
        List<ModPoly> gp = new ArrayList<>();
        for (ZPoly f : g) {
            if (m.reduce(f.coefficient(0)) == 0) {
                return null;
            }
            gp.add(ModPoly.of(f, m).monic());
        }
        return gp;
    }

    /**
     * Every element reduces to 0 modulo the certified basis (the normal forms split over {@code threads}, each by
     * Horner's rule in the last variable: {@link NormalForm#reducesToZero}), and the lex leading monomials leave D
     * standard ones. In shape position the elements' ideal is given by generators with far smaller coefficients
     * ({@link ShapeLex#generators}), and those are reduced instead.
     */
    static boolean certified(List<ZPoly> candidate, List<ZPoly> g, int dimension, Interrupt interrupt,
            int threads) {
        List<int[]> standard = staircase(leads(candidate, f -> f.exponents(0)), g.get(0).layout().variables());
        if (standard == null || standard.size() != dimension) {
            return false;
        }
        List<ZPoly> shape = ShapeLex.generators(candidate, interrupt);
        List<ZPoly> members = shape != null ? shape : candidate;
        // lex elements can have far higher degrees than the basis they come from (a univariate one of degree D)
        long degree = 0;
        for (ZPoly f : members) {
            degree = Math.max(degree, f.totalDegree());
        }
        MonomialLayout layout = g.get(0).layout().widenedFor(degree);
        List<ZPoly> wide = new ArrayList<>();
        for (ZPoly f : g) {
            wide.add(f.relayout(layout));
        }
        Divisors divisors = Divisors.of(wide, layout);
        // Horner's rule in the last variable: the one in which lex elements have their high degrees
        int last = layout.variables() - 1;
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean refused = new AtomicBoolean();
        KernelThreads.run(Math.max(1, Math.min(threads, members.size())), part -> {
            for (int k = next.getAndIncrement(); k < members.size() && !refused.get(); k = next.getAndIncrement()) {
                if (!NormalForm.reducesToZero(members.get(k).relayout(layout), last, divisors, interrupt)) {
                    refused.set(true);
                }
            }
        });
        return !refused.get();
    }
}
