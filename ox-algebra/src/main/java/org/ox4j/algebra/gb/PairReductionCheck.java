package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.ZPoly;

/**
 * Whether the S-polynomials of given pairs of integer polynomials all reduce to 0 modulo those polynomials — the
 * expensive half of the certificate of a multi-modular Gröbner basis over Q — by elimination in the manner of F4,
 * exact over Z.
 *
 * <p>Pairs are taken by the degree of their lcm. For each degree one symbolic preprocessing serves the pairs of it
 * that one call checks (shared by its threads): the monomials of both halves (L/lt g_i)·g_i and (L/lt g_j)·g_j are
 * closed under "a leading monomial divides it, so add that multiple of the element", the closure is sorted once, and
 * each multiple becomes a row of column indices over the element's own coefficient array (nothing is copied or
 * multiplied out). Why per call, not once per degree for all prepared pairs: a group's shares are runs of the pairs
 * by degree ({@link ModularGroebner.Problem#checkShare}), so a degree's pairs fall into a few calls, and a closure of
 * every pair of each degree on every rank was the larger cost for candidates with many pairs. Each S-polynomial is then
 * a dense vector over those columns, reduced left to right: at a column with a non-zero entry x and pivot row of
 * leading coefficient l, with d = gcd(x, l), the vector becomes (l/d)·v − (x/d)·row; a non-zero entry in a column
 * no leading monomial divides ends the check with "no" at once (no later row reaches back to it).
 *
 * <p>Two kernels do this. The residue kernel ({@link ResidueVector}) runs first: the vector as residues modulo 32
 * primes of 27 bits, each step's x/l recovered as a small integer from a few of them, and a bound on the integer vector
 * the lanes stand for that makes its "yes" certain. katsura-9's certificate (1 970 pairs, 2.6 million steps, 330
 * million row products) took 8.2-9.6 s with it against 24-36 s exact, and a process doing it leaves the memory system
 * to its neighbour: its working set is the lanes of one vector (32 words a column) and the coefficients' residues, read
 * in order, where the exact kernel allocated two BigIntegers per row product (80 GB for katsura-9), and two servers
 * checking side by side lost 17-25 % to each other. When its bound outgrows the modulus (entries of more than about 850
 * bits), the pair is reduced again in 64 lanes (entries up to about 1 700 bits; the 32 primes and the next 32 below
 * them, made when a pair first needs them): katsura-10's candidate (537 elements, coefficients up to 659 bits) sends a
 * quarter of its 4 460 pairs beyond 32 lanes, and its certificate took 108 s on one thread this way (every 40th pair:
 * 3.1-3.5 s, against 6.4 s with those among them exact). When that bound outgrows its modulus too, or for a "no", the
 * exact kernel decides the pair: BigIntegers, a bit set of the non-zero columns so that finding the next entry and
 * scaling cost the entries, not the width, and the content divided out when the next entry has grown past twice the
 * size it had after the last division, as Asir's nd_f4 does over Q.
 *
 * <p>Cost: per pair, per reduction step, |g_k| row products (32 word products each in residues; a product of
 * integers of the vector's size by a coefficient, exact), plus, in residues, a reconstruction of x/l from its
 * prefix (j products and (32 − j)·j word products) and, exact, a gcd; per degree, one divisibility search per
 * monomial of the closure (support masks first) and one hash per term of each multiple, once per call; per
 * candidate, 32 residues of each coefficient (and 64 more when a pair needs the wide lanes). Pairs of one degree
 * are split over the given threads; a failure stops every thread.
 */
final class PairReductionCheck {
    /**
     * Primes of the residue kernel: 32 of 27 bits hold entries up to about 860 bits (katsura-9's reach 470 bits
     * after content removal, and the kernel never removes contents), and a constant count lets the JIT unroll and
     * vectorise the lane loop (32 lanes took 8.2 s for katsura-9's certificate, a loop over 30 lanes 9.7 s).
     */
    private static final int LANES = 32;
    /** Primes of the wide residue kernel, for the pairs whose entries outgrow {@link #LANES} primes. */
    private static final int WIDE_LANES = 64;
    private static final int NO = 0;
    private static final int YES = 1;
    private static final int UNDECIDED = 2;
    /**
     * How far above the last factor's size the next one is looked for: F/P_j is known to 2^-40, and with primes of
     * 27 bits a margin of 4 bits keeps F/P_j above 2^-31 (a bound within 2^-9 of F).
     */
    private static final int PREFIX_MARGIN_BITS = 4;
    private final MonomialLayout layout;
    private final int w;
    private final ZPoly[] g;
    /** Element k's monomials, encoded in {@link #layout}, term after term. */
    private final long[][] words;
    private final BigInteger[][] coefficients;
    private final long[] leadMasks;
    /** The residue kernel's primes and the elements modulo them. */
    private final Residues narrow;
    /** The wide kernel's, made when a pair first needs them. */
    private Residues wide;
    /** An upper bound on the magnitude of element k's coefficients (a power of two; infinity past 2^1023). */
    private final double[] coefficientBounds;
    /** The pairs this check was prepared for (their {@link #key}s): the layout is wide enough for their closures. */
    private final Set<Long> prepared = new HashSet<>();
    /** How many pairs the exact kernel had to decide (the residue kernel's NO or UNDECIDED). */
    private final AtomicLong exactReductions = new AtomicLong();
    /** How many pairs the wide residue kernel took on (the residue kernel's UNDECIDED). */
    private final AtomicLong wideReductions = new AtomicLong();

    private PairReductionCheck(List<ZPoly> elements, List<int[]> pairs) {
        long maxDegree = maxDegree(elements, pairs);
        for (int[] p : pairs) {
            prepared.add(key(p));
        }
        MonomialLayout l = elements.get(0).layout();
        for (ZPoly p : elements) {
            if (p.layout().bits() > l.bits()) {
                l = p.layout();
            }
        }
        this.layout = l.widenedFor(maxDegree);
        this.w = layout.words();
        this.g = new ZPoly[elements.size()];
        this.words = new long[g.length][];
        this.coefficients = new BigInteger[g.length][];
        this.leadMasks = new long[g.length];
        for (int k = 0; k < g.length; k++) {
            g[k] = elements.get(k).relayout(layout);
            words[k] = new long[g[k].size() * w];
            coefficients[k] = new BigInteger[g[k].size()];
            for (int t = 0; t < g[k].size(); t++) {
                layout.encode(g[k].exponents(t), words[k], t * w);
                coefficients[k][t] = g[k].coefficient(t);
            }
            leadMasks[k] = layout.support(words[k], 0);
        }
        coefficientBounds = new double[g.length];
        for (int k = 0; k < g.length; k++) {
            int bits = 0;
            for (BigInteger c : coefficients[k]) {
                bits = Math.max(bits, c.bitLength());
            }
            coefficientBounds[k] = Math.scalb(1.0, bits);
        }
        narrow = new Residues(LargestPrimes.NARROW);
    }

    /** The wide kernel's residues, made on first use (shared by the threads and calls of this check). */
    private synchronized Residues wide() {
        if (wide == null) {
            wide = new Residues(LargestPrimes.Wide.PRIMES);
        }
        return wide;
    }

    /**
     * A residue kernel's primes (the largest below 2^27, unless one divides a leading coefficient), every element's
     * coefficients modulo them (term after term, one residue per prime), and the inverses of the leading coefficients.
     */
    private final class Residues {
        final WordResidues primes;
        final int lanes;
        final int[][] coefficients;
        final long[][] leadInverses;

        Residues(WordResidues largest) {
            this.primes = primesForLeads(largest);
            this.lanes = primes.size();
            long[] residues = new long[lanes];
            coefficients = new int[g.length][];
            for (int k = 0; k < g.length; k++) {
                BigInteger[] c = PairReductionCheck.this.coefficients[k];
                int[] out = new int[c.length * lanes];
                for (int t = 0; t < c.length; t++) {
                    primes.residues(c[t], residues, 0);
                    for (int i = 0; i < lanes; i++) {
                        out[t * lanes + i] = (int) residues[i];
                    }
                }
                coefficients[k] = out;
            }
            leadInverses = leadInverses();
        }

        private WordResidues primesForLeads(WordResidues largest) {
            long[] residues = new long[largest.size()];
            for (BigInteger[] c : PairReductionCheck.this.coefficients) {
                largest.residues(c[0], residues, 0);
                for (long r : residues) {
                    if (r == 0) {
                        return WordResidues.largestPrimes(largest.size(),
                                PairReductionCheck.this::dividesNoLeadingCoefficient);
                    }
                }
            }
            return largest;
        }

        /**
         * The inverses of the leading coefficients modulo each prime, by Montgomery's trick: one inverse per prime
         * and three products per element, instead of an extended Euclid per element and prime.
         */
        private long[][] leadInverses() {
            int n = g.length;
            long[][] inverses = new long[n][lanes];
            long[] prefix = new long[n + 1];
            for (int i = 0; i < lanes; i++) {
                prefix[0] = 1;
                for (int k = 0; k < n; k++) {
                    prefix[k + 1] = primes.multiply(prefix[k], coefficients[k][i], i);
                }
                long inverse = primes.inverse(prefix[n], i);
                for (int k = n - 1; k >= 0; k--) {
                    // inverse = (l_0 ⋯ l_k)⁻¹ here
                    inverses[k][i] = primes.multiply(inverse, prefix[k], i);
                    inverse = primes.multiply(inverse, coefficients[k][i], i);
                }
            }
            return inverses;
        }
    }

    /**
     * The largest primes below 2^27, made once: the 32 cost about 2 ms, a small certificate's share; the 64 (a
     * holder of their own) only when a certificate needs them.
     */
    private static final class LargestPrimes {
        static final WordResidues NARROW = WordResidues.largestPrimes(LANES, p -> true);

        private static final class Wide {
            static final WordResidues PRIMES = WordResidues.largestPrimes(WIDE_LANES, p -> true);
        }
    }

    private boolean dividesNoLeadingCoefficient(long p) {
        BigInteger q = BigInteger.valueOf(p);
        for (BigInteger[] c : coefficients) {
            if (c[0].mod(q).signum() == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The elements {@code g} (non-zero primitive integer polynomials of one order) prepared for checking the given
     * pairs and any subset of them: encoded once in a layout wide enough for every term their closures can meet.
     * Why apart from the check: a group checks one candidate's pairs in many batches, and encoding a katsura-9
     * candidate (272 elements, 196 000 terms) took 9 ms warm and 35-75 ms cold per batch.
     */
    static PairReductionCheck of(List<ZPoly> g, List<int[]> pairs) {
        return new PairReductionCheck(g, pairs);
    }

    /**
     * Whether the S-polynomial of every pair (indices into {@code g}, non-zero primitive integer polynomials of one
     * order) reduces to 0 modulo {@code g}, using up to {@code threads} threads.
     */
    static boolean allReduceToZero(List<ZPoly> g, List<int[]> pairs, Interrupt interrupt, int threads) {
        return pairs.isEmpty() || of(g, pairs).allReduceToZero(pairs, interrupt, threads);
    }

    /**
     * Whether the S-polynomial of every pair (indices into the elements; pairs of those this check was prepared for)
     * reduces to 0 modulo the elements, using up to {@code threads} threads.
     */
    boolean allReduceToZero(List<int[]> pairs, Interrupt interrupt, int threads) {
        // group the pairs by the degree of their lcm: one matrix per degree
        TreeMap<Integer, List<int[]>> byDegree = new TreeMap<>();
        for (int[] p : pairs) {
            if (!prepared.contains(key(p))) {
                throw new IllegalArgumentException("pair " + Arrays.toString(p)
                        + " is not one this check was prepared for");
            }
            byDegree.computeIfAbsent(lcmDegree(g[p[0]], g[p[1]]), x -> new ArrayList<>()).add(p);
        }
        AtomicBoolean failed = new AtomicBoolean();
        for (List<int[]> ofDegree : byDegree.values()) {
            Matrix m = matrix(ofDegree, interrupt);
            int parts = Math.max(1, Math.min(threads, ofDegree.size()));
            KernelThreads.run(parts, part -> m.reduceShare(part, parts, failed, interrupt));
            if (failed.get()) {
                return false;
            }
        }
        return true;
    }

    private static long key(int[] pair) {
        return ((long) pair[0] << 32) | (pair[1] & 0xFFFF_FFFFL);
    }

    /** How many pairs so far were decided by the exact kernel, not by residues alone. */
    long exactReductions() {
        return exactReductions.get();
    }

    /** How many pairs so far went to the wide residue kernel. */
    long wideReductions() {
        return wideReductions.get();
    }

    /** The degree of the lcm of the leading monomials of a and b. */
    static int lcmDegree(ZPoly a, ZPoly b) {
        int[] x = a.exponents(0);
        int[] y = b.exponents(0);
        int d = 0;
        for (int v = 0; v < x.length; v++) {
            d += Math.max(x[v], y[v]);
        }
        return d;
    }

    /** The largest degree a term of the pairs' halves and their reducers can have. */
    private static long maxDegree(List<ZPoly> g, List<int[]> pairs) {
        long max = 0;
        for (int[] p : pairs) {
            ZPoly a = g.get(p[0]);
            ZPoly b = g.get(p[1]);
            max = Math.max(max, termDegreeBound(a, b, lcmDegree(a, b)));
        }
        return max;
    }

    /** A bound on the degree of a term of the closure of the pair (a, b) whose lcm has degree {@code lcmDegree}. */
    private static long termDegreeBound(ZPoly a, ZPoly b, int lcmDegree) {
        // a multiple's terms can exceed the lcm's degree in non-graded orders
        return (long) lcmDegree + Math.max(a.totalDegree(), b.totalDegree());
    }

    /** A row: element k times a monomial, as the columns of its terms (the first is its leading column). */
    private record Row(int element, int[] columns) {
    }

    /**
     * The closure of one degree's pairs: sorted columns, the pivot row of each column (or -1), the pairs' halves.
     * Immutable: threads and calls share it.
     */
    private final class Matrix {
        final int width;
        final int[] pivot;
        final List<Row> rows;
        final Row[][] halves;

        Matrix(int width, int[] pivot, List<Row> rows, Row[][] halves) {
            this.width = width;
            this.pivot = pivot;
            this.rows = rows;
            this.halves = halves;
        }

        /** Reduces the pairs part, part + parts, part + 2·parts … of this matrix; a "no" sets {@code failed}. */
        void reduceShare(int part, int parts, AtomicBoolean failed, Interrupt interrupt) {
            BigInteger[] v = new BigInteger[width];
            long[] nonZero = new long[(width + 63) >>> 6];
            ResidueVector residues = new ResidueVector(this, narrow);
            ResidueVector wideResidues = null;
            for (int k = part; k < halves.length && !failed.get(); k += parts) {
                int answer = residues.reduce(k, failed, interrupt);
                if (answer == UNDECIDED) {
                    if (wideResidues == null) {
                        wideResidues = new ResidueVector(this, wide());
                    }
                    wideReductions.incrementAndGet();
                    answer = wideResidues.reduce(k, failed, interrupt);
                }
                if (answer == YES) {
                    continue;
                }
                // NO is confirmed by the exact kernel too: it happens once per refused candidate
                exactReductions.incrementAndGet();
                if (!reducesToZero(k, v, nonZero, failed, interrupt)) {
                    failed.set(true);
                }
            }
        }

        /**
         * The multipliers of pair k's halves in its S-polynomial, lc(b)/d and −lc(a)/d with d = gcd(lc(a), lc(b)):
         * the leading entries cancel.
         */
        BigInteger[] sMultipliers(int k) {
            BigInteger la = coefficients[halves[k][0].element()][0];
            BigInteger lb = coefficients[halves[k][1].element()][0];
            BigInteger d = la.gcd(lb);
            return new BigInteger[] {lb.divide(d), la.divide(d).negate()};
        }

        /** Reduces pair k's S-polynomial in v (all zero on entry, and on exit when the answer is yes). */
        private boolean reducesToZero(int k, BigInteger[] v, long[] nonZero, AtomicBoolean failed,
                Interrupt interrupt) {
            BigInteger[] m = sMultipliers(k);
            addMultiple(v, nonZero, halves[k][0], m[0], 0);
            addMultiple(v, nonZero, halves[k][1], m[1], 0);
            int c = nextNonZero(nonZero, 0);
            long limit = c < 0 ? 0 : 2L * v[c].bitLength();
            int steps = 0;
            while (c >= 0) {
                if ((++steps & 63) == 0) {
                    interrupt.check();
                    if (failed.get()) {
                        clear(v, nonZero);
                        return true; // another thread has the answer already
                    }
                }
                int r = pivot[c];
                if (r < 0) {
                    clear(v, nonZero);
                    return false;
                }
                eliminate(v, nonZero, c, rows.get(r));
                c = nextNonZero(nonZero, c + 1);
                if (c >= 0 && v[c].bitLength() > limit) {
                    removeContent(v, nonZero, c);
                    limit = 2L * v[c].bitLength();
                }
            }
            return true;
        }

        /**
         * One step: the entry x at column c cancelled by the row whose leading column it is, as (l/d)·v − (x/d)·row
         * with l the row's leading coefficient and d = gcd(x, l). A method of its own so that the JIT compiles this
         * body once, apart from the loop over the steps (inlined into that loop it was compiled twice, on stack and
         * whole, each time with BigInteger's arithmetic inlined).
         */
        private void eliminate(BigInteger[] v, long[] nonZero, int c, Row row) {
            BigInteger x = v[c];
            BigInteger l = coefficients[row.element()][0];
            BigInteger scale = BigInteger.ONE;
            BigInteger factor;
            if (l.equals(BigInteger.ONE)) {
                factor = x.negate();
            } else {
                // as a rule l divides x (earlier steps scaled the vector by the leading coefficients): one
                // division, and a gcd only when it leaves a remainder
                BigInteger[] qr = x.divideAndRemainder(l);
                if (qr[1].signum() == 0) {
                    factor = qr[0].negate();
                } else {
                    BigInteger gcd = l.gcd(qr[1]);
                    scale = l.divide(gcd);
                    factor = x.divide(gcd).negate();
                }
            }
            v[c] = null;
            nonZero[c >>> 6] &= ~(1L << c);
            if (!scale.equals(BigInteger.ONE)) {
                for (int j = nextNonZero(nonZero, c + 1); j >= 0; j = nextNonZero(nonZero, j + 1)) {
                    v[j] = v[j].multiply(scale);
                }
            }
            // its leading column was set to 0 above
            addMultiple(v, nonZero, row, factor, 1);
        }

        /** v += factor·row, from the row's term {@code from} on. */
        private void addMultiple(BigInteger[] v, long[] nonZero, Row row, BigInteger factor, int from) {
            BigInteger[] coef = coefficients(row);
            int[] cols = row.columns();
            for (int t = from; t < cols.length; t++) {
                add(v, nonZero, cols[t], coef[t].multiply(factor));
            }
        }

        private BigInteger[] coefficients(Row row) {
            return coefficients[row.element()];
        }
    }

    private static void add(BigInteger[] v, long[] nonZero, int j, BigInteger p) {
        BigInteger old = v[j];
        if (old == null) {
            v[j] = p;
            nonZero[j >>> 6] |= 1L << j;
            return;
        }
        BigInteger s = old.add(p);
        if (s.signum() == 0) {
            v[j] = null;
            nonZero[j >>> 6] &= ~(1L << j);
        } else {
            v[j] = s;
        }
    }

    private static void removeContent(BigInteger[] v, long[] nonZero, int from) {
        BigInteger content = v[from].abs();
        for (int j = nextNonZero(nonZero, from + 1); j >= 0 && !content.equals(BigInteger.ONE);
                j = nextNonZero(nonZero, j + 1)) {
            content = content.gcd(v[j]);
        }
        if (content.equals(BigInteger.ONE)) {
            return;
        }
        for (int j = from; j >= 0; j = nextNonZero(nonZero, j + 1)) {
            v[j] = v[j].divide(content);
        }
    }

    private static void clear(BigInteger[] v, long[] nonZero) {
        Arrays.fill(v, null);
        Arrays.fill(nonZero, 0L);
    }

    /** The first set bit at or after {@code from}, or -1. */
    private static int nextNonZero(long[] bits, int from) {
        int i = from >>> 6;
        if (i >= bits.length) {
            return -1;
        }
        long word = bits[i] & (-1L << from);
        while (true) {
            if (word != 0) {
                return (i << 6) + Long.numberOfTrailingZeros(word);
            }
            if (++i == bits.length) {
                return -1;
            }
            word = bits[i];
        }
    }

    /**
     * An S-polynomial reduced as {@link Matrix#reducesToZero} does, on residues modulo the primes of a
     * {@link Residues} (32, or 64 wide) instead of BigIntegers: one lane per prime and column (the lanes of a column
     * adjacent), products below 2^54 accumulated unreduced. Made once per thread, matrix and width, reused pair after
     * pair. Its bounds are in the primes' units ({@link WordResidues#scale}), the coefficients' bounds in plain
     * numbers: a product of one of each is in the primes' units again.
     *
     * <p>Why a YES is certain. Every step applies an integer operation v ← a·v − F·row with a and F known exactly
     * (a = 1 and F the small integer whose residues are x/l when l divides the entry x; else a = l/gcd(x, l) and
     * F = x/gcd(x, l) from the exact x), so after the last step the lanes hold, modulo M, the integer vector
     * A·s − Σ G_k·row_k (A the product of the scales, G_k the multipliers scaled by later steps). A bound S on its
     * entries is kept alongside (S ← a·S + |F|·max|row|, from the S-polynomial's own bound). When every lane is 0
     * and S &lt; M/2, that vector is exactly 0: A·s lies in the span of rows of lower leading monomials, the
     * representation Buchberger's criterion asks for. Whether the reconstructed x were the true entries does not
     * matter; a wrong one could only make S too large (UNDECIDED, and the exact kernel decides). A NO (an entry
     * without a pivot row that is not 0 modulo M) is left to the exact kernel too.
     *
     * <p>Why the vector is divided by a scale σ (lanes hold v/σ): scaling v by a would cost a product per lane of
     * every non-zero entry; dividing the later multipliers by σ costs a product per prime and step. Why F from a
     * prefix of the primes ({@link WordResidues#smallMagnitude}): Garner's digits for every step took a quarter of
     * the time. Why the step is a method of its own, without branches that are rarely taken: with the step written
     * into the loop over the steps, C2 compiled the whole on stack and again as a method (0.4 and 0.7 s of compile
     * time for katsura-9), and a branch first taken late made it throw the code away and compile it once more; two
     * servers that start their certificates at once share the two cores with their compilers.
     *
     * <p>Cost per step: a word product per lane (32, or 64 wide) and term of the pivot row, a few dozen word products
     * for F, and rarely (when l does not divide x) x rebuilt as a BigInteger from a prefix of the primes and a gcd.
     */
    private final class ResidueVector {
        private final Matrix matrix;
        private final WordResidues primes;
        /** How many primes: {@link #LANES} or {@link #WIDE_LANES}. */
        private final int laneCount;
        private final int[][] coefficientResidues;
        private final long[][] leadInverses;
        private final long[] lanes;
        private final long[] nonZero;
        private final long[] sigma;
        private final long[] sigmaInverse;
        /** The step's entry x, its factor F, scratch for digits, the lanes' multiplier. */
        private final long[] entry;
        private final long[] factor;
        private final long[] digits;
        private final long[] multiplier;
        /** The multiplier of {@link #add} as ints. */
        private final int[] multiplierWords;
        /** How many primes the next factor is reconstructed from: about as many as the last one needed. */
        private int prefix;
        /** S, the bound on the entries of the integer vector the lanes stand for. */
        private double bound;

        ResidueVector(Matrix matrix, Residues residues) {
            this.matrix = matrix;
            primes = residues.primes;
            laneCount = residues.lanes;
            coefficientResidues = residues.coefficients;
            leadInverses = residues.leadInverses;
            lanes = new long[matrix.width * laneCount];
            nonZero = new long[(matrix.width + 63) >>> 6];
            sigma = new long[laneCount];
            sigmaInverse = new long[laneCount];
            entry = new long[laneCount];
            factor = new long[laneCount];
            digits = new long[laneCount];
            multiplier = new long[laneCount];
            multiplierWords = new int[laneCount];
            clear();
        }

        /** Reduces pair k's S-polynomial: YES, NO or UNDECIDED (see above). */
        int reduce(int k, AtomicBoolean failed, Interrupt interrupt) {
            Row a = matrix.halves[k][0];
            Row b = matrix.halves[k][1];
            BigInteger[] m = matrix.sMultipliers(k);
            BigInteger ma = m[0];
            BigInteger mb = m[1];
            // in units of 2^scale: the multipliers' bounds scaled, the coefficients' not
            bound = Math.nextUp(primes.scaledBound(ma) * coefficientBounds[a.element()]
                    + primes.scaledBound(mb) * coefficientBounds[b.element()]);
            if (!(bound < primes.halfModulusBound())) {
                // the S-polynomial itself may have entries of M/2 or more: lanes that end at 0 would prove nothing
                return UNDECIDED;
            }
            primes.residues(ma, multiplier, 0);
            add(a, multiplier, 0);
            primes.residues(mb, multiplier, 0);
            add(b, multiplier, 0);
            prefix = primes.primesFor(bound, PREFIX_MARGIN_BITS);
            int steps = 0;
            int answer = YES;
            for (int c = nextNonZero(nonZero, 0); c >= 0 && answer == YES; c = nextNonZero(nonZero, c + 1)) {
                if ((++steps & 63) == 0) {
                    interrupt.check();
                    if (failed.get()) {
                        break; // another thread has the answer already
                    }
                }
                if (steps % (WordResidues.LANE_PRODUCTS - 4) == 0) {
                    reduceAll();
                }
                answer = step(c);
            }
            clear();
            return answer;
        }

        /** Column c's entry cancelled by its pivot row: YES to go on, else NO or UNDECIDED. */
        private int step(int c) {
            if (takeEntry(c)) {
                return YES; // 0 modulo M, and below M/2 as long as S is
            }
            int p = matrix.pivot[c];
            if (p < 0) {
                return NO;
            }
            Row row = matrix.rows.get(p);
            int e = row.element();
            long[] inverse = leadInverses[e];
            for (int i = 0; i < laneCount; i++) {
                factor[i] = primes.multiply(entry[i], inverse[i], i);
            }
            double factorBound = smallFactor();
            if (factorBound * coefficientBounds[e] > 0x1p-24 * primes.halfModulusBound()) {
                // x/l modulo M is about M/2 when l does not divide x
                factorBound = divideByGcd(coefficients[e][0], inverse);
            }
            prefix = primes.primesFor(factorBound, PREFIX_MARGIN_BITS);
            bound = Math.nextUp(bound + Math.nextUp(factorBound * coefficientBounds[e]));
            if (!(bound < primes.halfModulusBound())) {
                return UNDECIDED;
            }
            for (int i = 0; i < laneCount; i++) {
                // −F/σ as p − (F/σ mod p), p itself for 0: no branch (a branch taken once in a while made the JIT
                // throw its code away and compile the step again)
                multiplier[i] = primes.prime(i) - primes.multiply(factor[i], sigmaInverse[i], i);
            }
            // the leading term is left out: the column was cleared
            add(row, multiplier, 1);
            return YES;
        }

        /**
         * An upper bound on the integer F with the residues {@link #factor}, within 2^-10 of |F| unless F is about
         * M/2 (x/l for an l that does not divide x): tried on the prefix of primes the last factor needed, then one
         * more, then all, and tightened on fewer; {@link #prefix} is left where F was found.
         */
        private double smallFactor() {
            double factorBound = primes.smallMagnitude(factor, prefix, digits);
            if (factorBound == Double.POSITIVE_INFINITY && prefix < laneCount) {
                // most often F grew past the prefix by a few bits: one prime more
                factorBound = primes.smallMagnitude(factor, ++prefix, digits);
            }
            if (factorBound == Double.POSITIVE_INFINITY) {
                // all primes: a coarse bound (to 2^-40·M) that tells a larger F from x/l for an l not dividing x
                prefix = laneCount;
                factorBound = primes.smallMagnitude(factor, prefix, digits);
            }
            for (int fewer = primes.primesFor(factorBound, PREFIX_MARGIN_BITS); fewer < prefix;
                    fewer = primes.primesFor(factorBound, PREFIX_MARGIN_BITS)) {
                // F is far below the prefix, where the bound is coarse: again with fewer primes
                prefix = fewer;
                factorBound = primes.smallMagnitude(factor, prefix, digits);
            }
            return factorBound;
        }

        /**
         * The step when l does not divide x: x from its digits, a = l/gcd(x, l) scales v (σ absorbs it) and
         * F = x/gcd(x, l) replaces {@link #factor}; the bound on F returned.
         */
        private double divideByGcd(BigInteger l, long[] leadInverse) {
            // |x| ≤ S: a prefix of the primes holds it (S at M/2 or above ends the pair before this step)
            BigInteger x = primes.smallValue(entry, primes.primesFor(bound, PREFIX_MARGIN_BITS), digits);
            if (x == null) {
                primes.digits(entry, digits);
                x = primes.value(digits);
            }
            BigInteger gcd = x.gcd(l);
            BigInteger a = l.divide(gcd);
            BigInteger f = x.divide(gcd);
            primes.residues(f, factor, 0);
            primes.residues(a, digits, 0);
            primes.residues(gcd, multiplier, 0);
            for (int i = 0; i < laneCount; i++) {
                sigma[i] = primes.multiply(sigma[i], digits[i], i);
                // a⁻¹ = gcd·l⁻¹: no inverse to compute
                long aInverse = primes.multiply(multiplier[i], leadInverse[i], i);
                sigmaInverse[i] = primes.multiply(sigmaInverse[i], aInverse, i);
            }
            bound = Math.nextUp(bound * WordResidues.bound(a));
            return primes.scaledBound(f);
        }

        /**
         * lanes += m·row from the row's term {@code from} on. Why the multipliers as ints: the JIT vectorises a
         * product of two ints widened to long (a signed 32 × 32 → 64 vector multiply), not a long times an int; the
         * lane loop took 11 instead of 18 ns a term in a micro-benchmark (20 ns with vectorisation off).
         */
        private void add(Row row, long[] m, int from) {
            int[] res = coefficientResidues[row.element()];
            int[] cols = row.columns();
            int[] mw = multiplierWords;
            for (int i = 0; i < laneCount; i++) {
                mw[i] = (int) m[i]; // residues below 2^27
            }
            if (laneCount == LANES) {
                addNarrow(res, cols, from);
            } else {
                addWide(res, cols, from);
            }
        }

        /** {@link #add} in {@link #LANES} lanes: a constant trip count, so the lane loop is unrolled and vectorised. */
        private void addNarrow(int[] res, int[] cols, int from) {
            int[] mw = multiplierWords;
            for (int t = from; t < cols.length; t++) {
                int c = cols[t];
                int base = c * LANES;
                int cb = t * LANES;
                for (int i = 0; i < LANES; i++) {
                    lanes[base + i] += (long) mw[i] * res[cb + i];
                }
                nonZero[c >>> 6] |= 1L << c;
            }
        }

        /** {@link #add} in {@link #WIDE_LANES} lanes, for the same reason a loop of its own. */
        private void addWide(int[] res, int[] cols, int from) {
            int[] mw = multiplierWords;
            for (int t = from; t < cols.length; t++) {
                int c = cols[t];
                int base = c * WIDE_LANES;
                int cb = t * WIDE_LANES;
                for (int i = 0; i < WIDE_LANES; i++) {
                    lanes[base + i] += (long) mw[i] * res[cb + i];
                }
                nonZero[c >>> 6] |= 1L << c;
            }
        }

        /** Column c's true residues (lanes·σ) into {@link #entry}, the column cleared; whether they are all 0. */
        private boolean takeEntry(int c) {
            int base = c * laneCount;
            boolean zero = true;
            for (int i = 0; i < laneCount; i++) {
                // σ = 1 most of the time, but a branch on it would be thrown away by the JIT when σ changes
                long x = primes.multiply(primes.reduce(lanes[base + i], i), sigma[i], i);
                entry[i] = x;
                zero &= x == 0;
                lanes[base + i] = 0;
            }
            nonZero[c >>> 6] &= ~(1L << c);
            return zero;
        }

        /** Every non-zero column's lanes reduced below their primes, before they could overflow. */
        private void reduceAll() {
            for (int c = nextNonZero(nonZero, 0); c >= 0; c = nextNonZero(nonZero, c + 1)) {
                int base = c * laneCount;
                for (int i = 0; i < laneCount; i++) {
                    lanes[base + i] = primes.reduce(lanes[base + i], i);
                }
            }
        }

        /** All lanes 0, σ = 1. */
        private void clear() {
            for (int c = nextNonZero(nonZero, 0); c >= 0; c = nextNonZero(nonZero, c + 1)) {
                Arrays.fill(lanes, c * laneCount, c * laneCount + laneCount, 0L);
            }
            Arrays.fill(nonZero, 0L);
            Arrays.fill(sigma, 1);
            Arrays.fill(sigmaInverse, 1);
        }
    }

    // ---------------------------------------------------------------- symbolic preprocessing

    /**
     * The closure of {@code pairs}' halves under "add the multiple of an element whose lead divides a monomial". One
     * method per loop: the JIT compiles a long loop on stack before the method it sits in, and a method holding all
     * of them was compiled four times, each time with everything inlined.
     */
    private Matrix matrix(List<int[]> pairs, Interrupt interrupt) {
        // a table per degree: its ids are the closure's monomials, in the order they were met
        MonomialTable table = new MonomialTable(layout);
        int[][][] halfIds = halfIds(table, pairs);
        List<int[]> multipleIds = new ArrayList<>();
        List<Integer> multipleElement = new ArrayList<>();
        int[] reducerOf = close(table, multipleIds, multipleElement, interrupt);
        // columns: the closure's monomials in decreasing order
        int count = table.size();
        int[] all = new int[count];
        for (int i = 0; i < count; i++) {
            all[i] = i;
        }
        int[] sorted = table.sortedDescending(all);
        int[] column = new int[count];
        int[] pivot = new int[count];
        for (int c = 0; c < count; c++) {
            column[sorted[c]] = c;
            pivot[c] = reducerOf[sorted[c]];
        }
        List<Row> rows = new ArrayList<>();
        for (int r = 0; r < multipleIds.size(); r++) {
            rows.add(new Row(multipleElement.get(r), MonomialTable.columns(multipleIds.get(r), column)));
        }
        Row[][] halves = new Row[pairs.size()][2];
        for (int k = 0; k < pairs.size(); k++) {
            for (int h = 0; h < 2; h++) {
                halves[k][h] = new Row(pairs.get(k)[h], MonomialTable.columns(halfIds[k][h], column));
            }
        }
        return new Matrix(count, pivot, rows, halves);
    }

    /** The ids of the monomials of both halves (L/lt g_i)·g_i and (L/lt g_j)·g_j of each pair (interned). */
    private int[][][] halfIds(MonomialTable table, List<int[]> pairs) {
        int[][][] halfIds = new int[pairs.size()][2][];
        long[] lcm = new long[w];
        long[] mult = new long[w];
        long[] term = new long[w];
        for (int k = 0; k < pairs.size(); k++) {
            int[] p = pairs.get(k);
            layout.lcm(words[p[0]], 0, words[p[1]], 0, lcm, 0);
            for (int h = 0; h < 2; h++) {
                layout.divide(lcm, 0, words[p[h]], 0, mult, 0);
                halfIds[k][h] = multipleIds(table, p[h], mult, term);
            }
        }
        return halfIds;
    }

    /**
     * Closes the table: every monomial met that a leading monomial divides gets one reducing multiple (its ids and
     * element appended to the lists); the index of each monomial's multiple, or -1.
     */
    private int[] close(MonomialTable table, List<int[]> multipleIds, List<Integer> multipleElement,
            Interrupt interrupt) {
        long[] mult = new long[w];
        long[] term = new long[w];
        int[] reducerOf = new int[1024];
        for (int id = 0; id < table.size(); id++) {
            if ((id & 255) == 255) {
                interrupt.check();
            }
            if (reducerOf.length <= id) {
                reducerOf = Arrays.copyOf(reducerOf, 2 * id);
            }
            int e = reducer(table, id);
            reducerOf[id] = -1;
            if (e >= 0) {
                layout.divide(table.words(), table.offset(id), words[e], 0, mult, 0);
                reducerOf[id] = multipleIds.size();
                multipleIds.add(multipleIds(table, e, mult, term));
                multipleElement.add(e);
            }
        }
        return reducerOf;
    }

    /** The ids of mult·g_e's monomials (interned). */
    private int[] multipleIds(MonomialTable table, int e, long[] mult, long[] term) {
        int n = g[e].size();
        int[] ids = new int[n];
        for (int t = 0; t < n; t++) {
            layout.multiply(mult, 0, words[e], t * w, term, 0);
            ids[t] = table.intern(term, 0);
        }
        return ids;
    }

    /** The element of fewest terms whose leading monomial divides monomial {@code id}, or -1. */
    private int reducer(MonomialTable table, int id) {
        long mask = table.mask(id);
        int best = -1;
        for (int k = 0; k < g.length; k++) {
            if ((leadMasks[k] & ~mask) == 0 && layout.divides(words[k], 0, table.words(), table.offset(id))
                    && (best < 0 || g[k].size() < g[best].size())) {
                best = k;
            }
        }
        return best;
    }
}
