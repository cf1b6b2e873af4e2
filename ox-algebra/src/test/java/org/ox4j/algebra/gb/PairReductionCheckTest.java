package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.algebra.Divisors;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.NormalForm;
import org.ox4j.algebra.ZPoly;

/**
 * The matrix check of S-pairs against the plain one (each S-polynomial reduced by {@link NormalForm}): on bases,
 * on bases with one coefficient changed, on inputs that are not bases, and on random systems.
 */
class PairReductionCheckTest {
    private static boolean plain(List<ZPoly> g, List<int[]> pairs) {
        Divisors d = Divisors.of(g, g.get(0).layout());
        for (int[] p : pairs) {
            ZPoly s = NormalForm.sPolynomial(g.get(p[0]), g.get(p[1]));
            if (!s.isZero() && !NormalForm.reduce(s, d, Interrupt.NONE).isZero()) {
                return false;
            }
        }
        return true;
    }

    private static List<int[]> allPairs(int n) {
        List<int[]> pairs = new ArrayList<>();
        for (int j = 1; j < n; j++) {
            for (int i = 0; i < j; i++) {
                pairs.add(new int[] {i, j});
            }
        }
        return pairs;
    }

    private static void assertAgrees(List<ZPoly> g, List<int[]> pairs, String what) {
        boolean expected = plain(g, pairs);
        assertThat(PairReductionCheck.allReduceToZero(g, pairs, Interrupt.NONE, 1)).as(what).isEqualTo(expected);
        assertThat(PairReductionCheck.allReduceToZero(g, pairs, Interrupt.NONE, 2)).as(what + ", 2 threads")
                .isEqualTo(expected);
    }

    /** g with the coefficient of term t of element k increased by one (primitive again). */
    private static List<ZPoly> perturbed(List<ZPoly> g, int k, int t) {
        ZPoly p = g.get(k);
        int[][] e = new int[p.size()][];
        BigInteger[] c = new BigInteger[p.size()];
        for (int i = 0; i < p.size(); i++) {
            e[i] = p.exponents(i);
            c[i] = i == t ? p.coefficient(i).add(BigInteger.ONE) : p.coefficient(i);
        }
        List<ZPoly> out = new ArrayList<>(g);
        out.set(k, ZPoly.of(p.layout(), e, c).primitivePart());
        return out;
    }

    @Test
    void aBasisPassesAndABasisWithOneWrongCoefficientFails() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(6), 8);
        List<ZPoly> k5 = ModularGroebner.basis(StandardSystems.katsura(l, 5), Interrupt.NONE, 1);
        List<int[]> pairs = ModularGroebner.sufficientPairs(k5);
        assertThat(PairReductionCheck.allReduceToZero(k5, pairs, Interrupt.NONE, 2)).isTrue();
        assertThat(PairReductionCheck.allReduceToZero(k5, allPairs(k5.size()), Interrupt.NONE, 1)).isTrue();
        Random random = new Random(5);
        for (int round = 0; round < 12; round++) {
            int k = random.nextInt(k5.size());
            if (k5.get(k).size() < 2) {
                continue;
            }
            int t = 1 + random.nextInt(k5.get(k).size() - 1);
            assertAgrees(perturbed(k5, k, t), allPairs(k5.size()), "element " + k + ", term " + t);
        }
    }

    @Test
    void aCheckPreparedForAllPairsAnswersEachShareAsAFreshOne() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(6), 8);
        List<ZPoly> k5 = ModularGroebner.basis(StandardSystems.katsura(l, 5), Interrupt.NONE, 1);
        List<ZPoly> wrong = perturbed(k5, k5.size() - 1, 1);
        List<int[]> all = allPairs(k5.size());
        PairReductionCheck prepared = PairReductionCheck.of(wrong, all);
        for (int share = 0; share < 4; share++) {
            List<int[]> pairs = new ArrayList<>();
            for (int k = share; k < all.size(); k += 4) {
                pairs.add(all.get(k));
            }
            boolean fresh = PairReductionCheck.allReduceToZero(wrong, pairs, Interrupt.NONE, 1);
            assertThat(prepared.allReduceToZero(pairs, Interrupt.NONE, 1)).as("share %d", share).isEqualTo(fresh);
            assertThat(prepared.allReduceToZero(pairs, Interrupt.NONE, 2)).as("share %d, 2 threads", share)
                    .isEqualTo(fresh);
        }
        // the wrong coefficient shows in some share, and the whole set fails
        assertThat(prepared.allReduceToZero(all, Interrupt.NONE, 1)).isFalse();
        // a check prepared for the pair of lowest degree refuses the pair of highest (not one it was prepared for,
        // and its layout may not hold it)
        int[] low = all.get(0);
        int[] high = all.get(0);
        for (int[] pair : all) {
            low = reach(k5, pair) < reach(k5, low) ? pair : low;
            high = reach(k5, pair) > reach(k5, high) ? pair : high;
        }
        assertThat(reach(k5, high)).isGreaterThan(reach(k5, low));
        PairReductionCheck lowOnly = PairReductionCheck.of(k5, List.of(low));
        assertThat(lowOnly.allReduceToZero(List.of(low), Interrupt.NONE, 1)).isTrue();
        List<int[]> highOnly = List.of(high);
        assertThatThrownBy(() -> lowOnly.allReduceToZero(highOnly, Interrupt.NONE, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** The degree of the lcm of the pair's leading monomials plus its elements' largest degree. */
    private static int reach(List<ZPoly> g, int[] pair) {
        int[] a = g.get(pair[0]).exponents(0);
        int[] b = g.get(pair[1]).exponents(0);
        int d = 0;
        for (int v = 0; v < a.length; v++) {
            d += Math.max(a[v], b[v]);
        }
        return d + Math.max(g.get(pair[0]).totalDegree(), g.get(pair[1]).totalDegree());
    }

    @Test
    void anInputThatIsNotABasisFails() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(5), 8);
        List<ZPoly> c5 = StandardSystems.cyclic(l, 5);
        List<int[]> pairs = allPairs(c5.size());
        assertThat(PairReductionCheck.allReduceToZero(c5, pairs, Interrupt.NONE, 2)).isFalse();
        assertThat(plain(c5, pairs)).isFalse();
    }

    @Test
    void randomSystemsAndTheirBasesAgreeWithThePlainCheck() {
        Random random = new Random(21);
        for (int round = 0; round < 30; round++) {
            int n = 2 + random.nextInt(2);
            MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(n), 8);
            List<ZPoly> f = new ArrayList<>();
            for (ZPoly p : F4Test.randomSystem(random, l,
                    () -> new BigInteger(1 + random.nextInt(40), random).add(BigInteger.ONE))) {
                f.add(p.primitivePart());
            }
            assertAgrees(f, allPairs(f.size()), "input of round " + round);
            List<ZPoly> g = ModularGroebner.basis(f, Interrupt.NONE, 1);
            if (g.size() > 1) {
                assertThat(PairReductionCheck.allReduceToZero(g, allPairs(g.size()), Interrupt.NONE, 2))
                        .as("basis of round %d", round).isTrue();
            }
        }
    }

    @Test
    void theResidueKernelDecidesABasisOnItsOwn() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(7), 8);
        List<ZPoly> k6 = ModularGroebner.basis(StandardSystems.katsura(l, 6), Interrupt.NONE, 1);
        PairReductionCheck check = PairReductionCheck.of(k6, allPairs(k6.size()));
        assertThat(check.allReduceToZero(allPairs(k6.size()), Interrupt.NONE, 2)).isTrue();
        assertThat(check.exactReductions()).isZero();
        // one coefficient off: the residues find the entry no row cancels, the exact kernel confirms it
        PairReductionCheck wrong = PairReductionCheck.of(perturbed(k6, k6.size() - 1, 1), allPairs(k6.size()));
        assertThat(wrong.allReduceToZero(allPairs(k6.size()), Interrupt.NONE, 1)).isFalse();
        assertThat(wrong.exactReductions()).isPositive();
    }

    /**
     * katsura-4's basis with every variable scaled by a random integer of {@code bits} bits: a Gröbner basis still,
     * with coefficients of about 5·bits bits.
     */
    private static List<ZPoly> scaledKatsura4(int bits) {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(5), 8);
        List<ZPoly> k4 = ModularGroebner.basis(StandardSystems.katsura(l, 4), Interrupt.NONE, 1);
        Random random = new Random(200);
        BigInteger[] scale = new BigInteger[5];
        for (int v = 0; v < scale.length; v++) {
            scale[v] = new BigInteger(bits, random).setBit(bits - 1);
        }
        List<ZPoly> scaled = new ArrayList<>();
        for (ZPoly p : k4) {
            int[][] e = new int[p.size()][];
            BigInteger[] c = new BigInteger[p.size()];
            for (int t = 0; t < p.size(); t++) {
                e[t] = p.exponents(t);
                c[t] = p.coefficient(t);
                for (int v = 0; v < scale.length; v++) {
                    c[t] = c[t].multiply(scale[v].pow(e[t][v]));
                }
            }
            scaled.add(ZPoly.of(l, e, c).primitivePart());
        }
        return scaled;
    }

    /**
     * The check of the scaled katsura-4 basis over all its pairs on two threads, which must pass as the plain
     * reduction passes it, while the basis with its last element's second coefficient changed must fail as the plain
     * reduction fails it; the passing check is returned for its counts.
     */
    private static PairReductionCheck checkedScaledBasis(List<ZPoly> scaled) {
        List<int[]> pairs = allPairs(scaled.size());
        PairReductionCheck check = PairReductionCheck.of(scaled, pairs);
        assertThat(check.allReduceToZero(pairs, Interrupt.NONE, 2)).isTrue();
        assertThat(plain(scaled, pairs)).isTrue();
        assertAgrees(perturbed(scaled, scaled.size() - 1, 1), pairs, "scaled basis, one coefficient off");
        return check;
    }

    /**
     * A basis whose reductions outgrow 32 primes but not 64 (variables scaled by 150-bit integers, coefficients of
     * about 780 bits): the wide lanes decide every such pair, rightly, and the exact kernel none.
     */
    @Test
    void entriesBeyondThirtyTwoPrimesGoToTheWideLanes() {
        List<ZPoly> scaled = scaledKatsura4(150);
        PairReductionCheck check = checkedScaledBasis(scaled);
        assertThat(check.wideReductions()).isPositive();
        assertThat(check.exactReductions()).isZero();
        assertAgrees(perturbed(scaled, scaled.size() / 2, 2), allPairs(scaled.size()),
                "scaled basis, another coefficient off");
    }

    /**
     * A basis whose reductions outgrow the wide lanes' modulus too (variables scaled by 200-bit integers,
     * coefficients of about 1000 bits): the exact kernel decides, rightly.
     */
    @Test
    void entriesBeyondTheResiduesGoToTheExactKernel() {
        assertThat(checkedScaledBasis(scaledKatsura4(200)).exactReductions()).isPositive();
    }
}
