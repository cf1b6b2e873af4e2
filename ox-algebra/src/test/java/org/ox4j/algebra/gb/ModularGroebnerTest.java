package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;

import cc.redberry.rings.Rational;
import cc.redberry.rings.poly.multivar.GroebnerBases;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.RingsBridge;
import org.ox4j.algebra.ZPoly;

/** The certified multi-modular basis over Q against rings' basis over Q (both reduced, so equal up to scaling). */
class ModularGroebnerTest {
    private static List<ZPoly> rings(List<ZPoly> f) {
        List<MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>>> in = new ArrayList<>();
        for (ZPoly p : f) {
            in.add(RingsBridge.toRings(QPoly.of(p)).setOrdering(cc.redberry.rings.poly.multivar.MonomialOrder.GREVLEX));
        }
        List<ZPoly> out = new ArrayList<>();
        MonomialLayout l = f.get(0).layout();
        for (MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> g
                : GroebnerBases.GroebnerBasis(in, cc.redberry.rings.poly.multivar.MonomialOrder.GREVLEX)) {
            out.add(RingsBridge.fromRingsQ(g.setOrdering(cc.redberry.rings.poly.multivar.MonomialOrder.LEX), l)
                    .relayout(l).primitiveIntegral());
        }
        out.sort((a, b) -> l.order().compare(a.exponents(0), b.exponents(0)));
        return out;
    }

    private static void assertSame(List<ZPoly> ours, List<ZPoly> theirs) {
        assertThat(ours.size()).as("basis size").isEqualTo(theirs.size());
        for (int k = 0; k < ours.size(); k++) {
            assertThat(ours.get(k).relayout(theirs.get(k).layout())).as("element %d", k).isEqualTo(theirs.get(k));
        }
    }

    @Test
    void katsuraAndCyclicOverQ() {
        MonomialLayout l5 = MonomialLayout.of(MonomialOrder.grevlex(5), 8);
        List<ZPoly> k4 = StandardSystems.katsura(l5, 4);
        assertSame(ModularGroebner.basis(k4, Interrupt.NONE, 2), rings(k4));
        List<ZPoly> c5 = StandardSystems.cyclic(l5, 5);
        assertSame(ModularGroebner.basis(c5, Interrupt.NONE, 2), rings(c5));
    }

    @Test
    void randomSystemsWithLargeCoefficients() {
        Random random = new Random(16);
        for (int round = 0; round < 25; round++) {
            int n = 2 + random.nextInt(2);
            MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(n), 8);
            List<ZPoly> f = F4Test.randomSystem(random, l,
                    () -> new BigInteger(1 + random.nextInt(80), random).add(BigInteger.ONE));
            List<ZPoly> ours = ModularGroebner.basis(f, Interrupt.NONE, 1);
            assertThat(ours).as("round %d", round).isNotNull();
            assertSame(ours, rings(f));
        }
    }

    @Test
    void aTraceWithoutAWitnessReplaysToTheImagesOfFullRuns() {
        // an input no other test uses, so its trace is made here (traces are remembered per input by the process)
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(5), 8);
        List<ZPoly> f = new ArrayList<>(StandardSystems.katsura(l, 4));
        f.set(0, f.get(0).add(f.get(1)));
        ModularGroebner.Problem problem = ModularGroebner.Problem.of(f);
        List<Long> primes = List.of(ModularGroebner.prime(40), ModularGroebner.prime(41), ModularGroebner.prime(42),
                ModularGroebner.prime(43));
        ModularImages traced = problem.images(primes, Interrupt.NONE, 1, true, false);
        ModularImages full = problem.images(primes, Interrupt.NONE, 1, false);
        assertThat(traced.groups()).hasSize(1);
        assertThat(traced.largest().primes()).isEqualTo(4);
        assertThat(ModularImagesCodec.encode(traced)).isEqualTo(ModularImagesCodec.encode(full));
        assertSame(ModularGroebner.basis(f, Interrupt.NONE, 1), rings(f));
    }

    @Test
    void sharesOfTheCertificateTogetherAreTheWholeOfIt() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(6), 8);
        ModularGroebner.Problem problem = ModularGroebner.Problem.of(StandardSystems.katsura(l, 5));
        ModularImages images = ModularImages.empty();
        ModularImages.Reconstruction r = null;
        for (int k = 0; r == null || !r.settled(); k += 2) {
            images = images.combine(problem.images(List.of(ModularGroebner.prime(k), ModularGroebner.prime(k + 1)),
                    Interrupt.NONE, 1));
            r = images.reconstruction();
            assertThat(k).isLessThan(60);
        }
        List<ZPoly> good = ModularGroebner.Problem.integral(r.candidate());
        // the last element with one tail coefficient off by one: no longer a Gröbner basis of the input
        List<ZPoly> bad = new ArrayList<>(good);
        ZPoly last = bad.get(bad.size() - 1);
        BigInteger[] c = new BigInteger[last.size()];
        int[][] e = new int[last.size()][];
        for (int i = 0; i < c.length; i++) {
            c[i] = last.coefficient(i);
            e[i] = last.exponents(i);
        }
        c[c.length - 1] = c[c.length - 1].add(BigInteger.ONE);
        bad.set(bad.size() - 1, ZPoly.of(last.layout(), e, c));
        assertThat(problem.checkShare(IntegralCandidate.of(good), new int[] {0}, 1, Interrupt.NONE)).isTrue();
        assertThat(problem.checkShare(IntegralCandidate.of(bad), new int[] {0}, 1, Interrupt.NONE)).isFalse();
        // unequal shares of one prepared candidate each: slots {0, 2} and {1} of 3, and {0..6} and {7} of 8
        IntegralCandidate goodOnce = IntegralCandidate.of(good);
        IntegralCandidate badOnce = IntegralCandidate.of(bad);
        for (int[][] split : new int[][][] {{{0, 2}, {1}}, {{0, 1, 2, 3, 4, 5, 6}, {7}}}) {
            int parts = split[0].length + split[1].length;
            assertThat(problem.checkShare(goodOnce, split[0], parts, Interrupt.NONE)).isTrue();
            assertThat(problem.checkShare(goodOnce, split[1], parts, Interrupt.NONE)).isTrue();
            boolean badHolds = problem.checkShare(badOnce, split[0], parts, Interrupt.NONE)
                    && problem.checkShare(badOnce, split[1], parts, Interrupt.NONE);
            assertThat(badHolds).as("a split of %d parts", parts).isFalse();
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> problem.checkShare(goodOnce, new int[] {3}, 3, Interrupt.NONE))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> IntegralCandidate.of(List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSlotsCutThePairsIntoRunsOfRisingDegree() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(6), 8);
        ModularGroebner.Problem problem = ModularGroebner.Problem.of(StandardSystems.katsura(l, 5));
        List<Long> primes = new ArrayList<>();
        for (int k = 0; k < 8; k++) {
            primes.add(ModularGroebner.prime(k));
        }
        List<ZPoly> g = ModularGroebner.Problem.integral(
                ModularGroebner.candidate(problem.images(primes, Interrupt.NONE, 1), null).candidate());
        IntegralCandidate candidate = IntegralCandidate.of(g);
        int parts = 7;
        List<int[]> seen = new ArrayList<>();
        int previousHighest = 0;
        for (int s = 0; s < parts; s++) {
            boolean[] mine = new boolean[parts];
            mine[s] = true;
            List<int[]> run = candidate.pairsOfSlots(mine);
            int highest = previousHighest;
            for (int[] p : run) {
                // every pair of a later slot has a lcm of no lower degree than any pair of an earlier one
                int degree = PairReductionCheck.lcmDegree(g.get(p[0]), g.get(p[1]));
                assertThat(degree).isGreaterThanOrEqualTo(previousHighest);
                highest = Math.max(highest, degree);
            }
            previousHighest = highest;
            seen.addAll(run);
        }
        // each pair in exactly one slot
        List<String> seenPairs = seen.stream().map(java.util.Arrays::toString).toList();
        List<String> allPairs = candidate.pairs().stream().map(java.util.Arrays::toString).toList();
        assertThat(seenPairs).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(allPairs);
    }

    @Test
    void aReconstructionIsSettledOnlyWithAPrimeToSpareAndAgreementNeedsNoReconstruction() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(2), 8);
        // x^2 + (2^70 + 1)/3 * y: numerator and denominator need 71 + 2 bits, so about 5 primes of 31 bits
        ZPoly num = ZPoly.of(l, new int[][] {{2, 0}, {0, 1}},
                new BigInteger[] {BigInteger.valueOf(3), BigInteger.ONE.shiftLeft(70).add(BigInteger.ONE)});
        List<QPoly> truth = List.of(QPoly.of(num, BigInteger.valueOf(3)));
        ModularImages images = ModularImages.empty();
        boolean seenUnsettled = false;
        int primes = 0;
        while (!images.reconstruction().settled()) {
            long p = ModularGroebner.prime(primes++);
            images = images.combine(ModularImages.of(List.of(ModPoly.of(truth.get(0), Modulus.of(p))), p));
            ModularImages.Reconstruction r = images.reconstruction();
            seenUnsettled |= r.candidate() != null && r.candidate().equals(truth) && !r.settled();
            assertThat(primes).isLessThan(10);
        }
        assertThat(images.reconstruction().candidate()).isEqualTo(truth);
        // found before it was settled: settling costs at most about one prime more
        assertThat(seenUnsettled).isTrue();
        assertThat(images.agrees(truth)).isTrue();
        ZPoly other = ZPoly.of(l, new int[][] {{2, 0}, {0, 1}},
                new BigInteger[] {BigInteger.valueOf(3), BigInteger.ONE.shiftLeft(70).add(BigInteger.TWO)});
        assertThat(images.agrees(List.of(QPoly.of(other, BigInteger.valueOf(3))))).isFalse();
        assertThat(ModularGroebner.candidate(images, truth).settled()).isTrue();
    }

    @Test
    void elementsWhoseCoefficientsHaveDifferentDenominatorsAreReconstructedExactly() {
        // the reconstruction tries each coefficient with the denominator found so far before it runs Euclid: here
        // the denominators of an element share factors, differ, and grow along it, and some coefficients are zero
        // have numerators bigger than the first ones; at every prime count the candidate must be the one of a
        // Euclid run per coefficient (the fraction within the bound is unique), and in the end the truth
        Random rnd = new Random(20261203);
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(3), 8);
        for (int trial = 0; trial < 30; trial++) {
            List<QPoly> truth = new ArrayList<>();
            for (int k = 0; k < 3; k++) {
                int terms = 2 + rnd.nextInt(6);
                BigInteger[] n = new BigInteger[terms];
                BigInteger[] d = new BigInteger[terms];
                int[][] e = new int[terms][];
                for (int i = 0; i < terms; i++) {
                    e[i] = new int[] {terms - i, i, 0};
                    n[i] = new BigInteger(1 + rnd.nextInt(120), rnd).add(BigInteger.ONE)
                            .multiply(BigInteger.valueOf(rnd.nextBoolean() ? 1 : -1));
                    d[i] = rnd.nextInt(3) == 0 ? BigInteger.ONE : new BigInteger(1 + rnd.nextInt(60), rnd)
                            .add(BigInteger.ONE).multiply(BigInteger.valueOf(1 + rnd.nextInt(4)));
                }
                n[0] = BigInteger.ONE;
                d[0] = BigInteger.ONE;
                BigInteger lcm = BigInteger.ONE;
                for (BigInteger x : d) {
                    lcm = lcm.divide(lcm.gcd(x)).multiply(x);
                }
                BigInteger[] c = new BigInteger[terms];
                for (int i = 0; i < terms; i++) {
                    c[i] = n[i].multiply(lcm.divide(d[i]));
                }
                truth.add(QPoly.of(ZPoly.of(l, e, c), lcm));
            }
            ModularImages images = ModularImages.empty();
            for (int primes = 0; !images.reconstruction().settled(); primes++) {
                long p = ModularGroebner.prime(trial * 40 + primes);
                List<ModPoly> image = new ArrayList<>();
                for (QPoly q : truth) {
                    image.add(ModPoly.of(q, Modulus.of(p)));
                }
                images = images.combine(ModularImages.of(image, p));
                assertThat(images.reconstruction().candidate()).as("trial %d, %d primes", trial, primes + 1)
                        .isEqualTo(euclidPerCoefficient(images.largest()));
                assertThat(primes).isLessThan(30);
            }
            assertThat(images.reconstruction().candidate()).isEqualTo(truth);
        }
    }

    /** The reference: every coefficient reconstructed on its own, as before the shared denominators were used. */
    private static List<QPoly> euclidPerCoefficient(ModularImages.Group g) {
        BigInteger bound = g.modulus().shiftRight(1).sqrt();
        List<QPoly> out = new ArrayList<>();
        for (ZPoly r : g.residues()) {
            BigInteger[][] q = new BigInteger[r.size()][];
            int[][] e = new int[r.size()][];
            BigInteger lcm = BigInteger.ONE;
            for (int i = 0; i < r.size(); i++) {
                q[i] = ModularGroebner.rational(r.coefficient(i), g.modulus(), bound);
                if (q[i] == null) {
                    return null;
                }
                e[i] = r.exponents(i);
                lcm = lcm.divide(lcm.gcd(q[i][1])).multiply(q[i][1]);
            }
            BigInteger[] c = new BigInteger[r.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = q[i][0].multiply(lcm.divide(q[i][1]));
            }
            out.add(QPoly.of(ZPoly.of(r.layout(), e, c), lcm));
        }
        return out;
    }

    @Test
    void rationalReconstructionFindsSmallFractions() {
        BigInteger m = BigInteger.valueOf(2147483647L).multiply(BigInteger.valueOf(2147483629L));
        BigInteger bound = m.shiftRight(1).sqrt();
        BigInteger a = BigInteger.valueOf(-355).multiply(BigInteger.valueOf(113).modInverse(m)).mod(m);
        assertThat(ModularGroebner.rational(a, m, bound)).containsExactly(BigInteger.valueOf(-355),
                BigInteger.valueOf(113));
    }
}
