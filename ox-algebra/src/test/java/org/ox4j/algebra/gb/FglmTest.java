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
import org.ox4j.algebra.Divisors;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.NormalForm;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.RingsBridge;
import org.ox4j.algebra.ZPoly;

/** Lex bases by FGLM: modulo p equal to F4's lex basis, over Q equal to rings' lex basis, and refusals. */
class FglmTest {
    private static List<ModPoly> mod(List<ZPoly> f, Modulus m, MonomialLayout l) {
        List<ModPoly> out = new ArrayList<>();
        for (ZPoly z : f) {
            out.add(ModPoly.of(z.relayout(l), m));
        }
        return out;
    }

    /** rings' reduced lex basis over Q, primitive, increasing leading monomials. */
    private static List<ZPoly> ringsLex(List<ZPoly> f, MonomialLayout lex) {
        List<MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>>> in = new ArrayList<>();
        for (ZPoly p : f) {
            in.add(RingsBridge.toRings(QPoly.of(p)).setOrdering(cc.redberry.rings.poly.multivar.MonomialOrder.LEX));
        }
        List<ZPoly> out = new ArrayList<>();
        for (MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> g
                : GroebnerBases.GroebnerBasis(in, cc.redberry.rings.poly.multivar.MonomialOrder.LEX)) {
            out.add(RingsBridge.fromRingsQ(g, lex).relayout(lex).primitiveIntegral());
        }
        out.sort((a, b) -> lex.order().compare(a.exponents(0), b.exponents(0)));
        return out;
    }

    @Test
    void modPEqualsF4InLexForKatsuraAndCyclic() {
        Modulus p = Modulus.of(32003);
        // katsura-3 and katsura-4 (F4 straight in lex is the reference; on cyclic-5 it runs out of memory, which is
        // why lex goes through FGLM, 25 ms there)
        for (int k = 0; k < 2; k++) {
            int n = 4 + k;
            MonomialLayout grevlex = MonomialLayout.of(MonomialOrder.grevlex(n), 8);
            MonomialLayout lex = MonomialLayout.of(MonomialOrder.lex(n), 16);
            List<ZPoly> f = StandardSystems.katsura(grevlex, n - 1);
            List<ModPoly> g = F4.basis(mod(f, p, grevlex), Interrupt.NONE, 1);
            List<ModPoly> viaFglm = Fglm.lex(g, lex, Interrupt.NONE);
            List<ModPoly> direct = F4.basis(mod(f, p, lex), Interrupt.NONE, 1);
            assertThat(viaFglm).as("system %d", k).isEqualTo(direct);
        }
    }

    @Test
    void overQEqualsRingsAndRandomZeroDimensionalSystems() {
        MonomialLayout grevlex = MonomialLayout.of(MonomialOrder.grevlex(4), 8);
        MonomialLayout lex = MonomialLayout.of(MonomialOrder.lex(4), 16);
        List<ZPoly> k3 = StandardSystems.katsura(grevlex, 3);
        List<ZPoly> g = ModularGroebner.basis(k3, Interrupt.NONE, 2);
        assertThat(Fglm.lexOverQ(g, lex, Interrupt.NONE)).isEqualTo(ringsLex(k3, lex));
        // random dense systems in 3 variables: n equations of degree 2 have finitely many solutions generically
        Random random = new Random(23);
        MonomialLayout g3 = MonomialLayout.of(MonomialOrder.grevlex(3), 8);
        MonomialLayout l3 = MonomialLayout.of(MonomialOrder.lex(3), 16);
        for (int round = 0; round < 6; round++) {
            List<ZPoly> f = new ArrayList<>();
            for (int e = 0; e < 3; e++) {
                List<int[]> exps = new ArrayList<>();
                List<BigInteger> cs = new ArrayList<>();
                for (int a = 0; a <= 2; a++) {
                    for (int b = 0; a + b <= 2; b++) {
                        for (int c = 0; a + b + c <= 2; c++) {
                            exps.add(new int[] {a, b, c});
                            cs.add(BigInteger.valueOf(random.nextInt(41) - 20));
                        }
                    }
                }
                f.add(ZPoly.of(g3, exps.toArray(new int[0][]), cs.toArray(new BigInteger[0])));
            }
            List<ZPoly> gb = ModularGroebner.basis(f, Interrupt.NONE, 2);
            List<ZPoly> lexBasis = Fglm.lexOverQ(gb, l3, Interrupt.NONE);
            assertThat(lexBasis).as("round %d", round).isEqualTo(ringsLex(f, l3));
        }
    }

    /**
     * katsura-6 in lex over Q: 64 solutions in shape position, a univariate element of degree 64 whose coefficients
     * need more than the 400 primes the method once stopped at (it then fell back to a Buchberger over Z that did not
     * finish in 5 minutes). Certified inside; here its shape is checked.
     */
    @Test
    void katsura6InLexOverQNeedsManyPrimes() {
        List<ZPoly> l = katsuraInLex(6).lex();
        assertThat(l).hasSize(7);
        assertThat(l.get(0).exponents(0)).containsExactly(0, 0, 0, 0, 0, 0, 64);
        assertThat(l.get(0).totalDegree()).isEqualTo(64);
        for (int k = 1; k < 7; k++) {
            // u_(6-k) − p_k(u_6): linear in its leading variable, the rest in u_6 alone
            assertThat(l.get(k).exponents(0)).isEqualTo(unit(7, 6 - k, 1));
            for (int t = 1; t < l.get(k).size(); t++) {
                int[] e = l.get(k).exponents(t);
                assertThat(java.util.Arrays.copyOf(e, 6)).as("element %d, term %d", k, t).containsOnly(0);
            }
        }
        // as fractions with the common denominator of each element: numerator and denominator of several thousand
        // bits, so the modulus needs twice that (457 primes of 31 bits)
        int bits = 0;
        for (ZPoly f : l) {
            bits = Math.max(bits, maxBits(f));
        }
        assertThat(bits).isGreaterThan(5000);
    }

    @Test
    void lexElementsOfHigherDegreeThanTheGrevlexLayoutHolds() {
        // a_6^2 = a_5, a_5^2 = a_4, …, a_1^2 = a_0, a_0^2 = 2: in lex the lowest variable gets a_6^128 − 2, beyond
        // the 8-bit layout of the degree-2 input; the other elements are a_k − a_6^(2^(6−k))
        int n = 7;
        MonomialLayout grevlex = MonomialLayout.of(MonomialOrder.grevlex(n), 8);
        MonomialLayout lex = MonomialLayout.of(MonomialOrder.lex(n), 16);
        List<ZPoly> f = new ArrayList<>();
        for (int k = 1; k < n; k++) {
            f.add(ZPoly.of(grevlex, new int[][] {unit(n, k, 2), unit(n, k - 1, 1)},
                    new BigInteger[] {BigInteger.ONE, BigInteger.ONE.negate()}));
        }
        f.add(ZPoly.of(grevlex, new int[][] {unit(n, 0, 2), new int[n]}, new BigInteger[] {BigInteger.ONE,
            BigInteger.TWO.negate()}));
        List<ZPoly> expected = new ArrayList<>();
        expected.add(ZPoly.of(lex, new int[][] {unit(n, n - 1, 128), new int[n]}, new BigInteger[] {BigInteger.ONE,
            BigInteger.TWO.negate()}));
        for (int k = n - 2; k >= 0; k--) {
            expected.add(ZPoly.of(lex, new int[][] {unit(n, k, 1), unit(n, n - 1, 1 << (n - 1 - k))},
                    new BigInteger[] {BigInteger.ONE, BigInteger.ONE.negate()}));
        }
        List<ZPoly> g = ModularGroebner.basis(f, Interrupt.NONE, 2);
        assertThat(Fglm.lexOverQ(g, lex, Interrupt.NONE)).isEqualTo(expected);
    }

    /**
     * The certificate of a lex candidate in shape position reduces f and the small generators s_j = f'·l_j mod f
     * instead of the l_j: it accepts katsura-4's lex basis and refuses it with one coefficient changed (in an l_j, and
     * in f), and a candidate whose univariate element has a square factor is left to the general way.
     */
    @Test
    void theShapeCertificateAcceptsTheBasisAndRefusesAChangedOne() {
        LexCase k4 = katsuraInLex(4);
        List<ZPoly> g = k4.grevlex();
        List<ZPoly> l = k4.lex();
        assertThat(l).isEqualTo(ringsLex(k4.input(), MonomialLayout.of(MonomialOrder.lex(5), 16)));
        List<int[]> leads = new ArrayList<>();
        g.forEach(p -> leads.add(p.exponents(0)));
        int dimension = Fglm.staircase(leads, 5).size();
        assertThat(dimension).isEqualTo(16);
        List<ZPoly> shape = ShapeLex.generators(l, Interrupt.NONE);
        assertThat(shape).hasSize(5);
        int bitsOfL = 0;
        int bitsOfShape = 0;
        for (int k = 1; k < 5; k++) {
            bitsOfL = Math.max(bitsOfL, maxBits(l.get(k)));
            bitsOfShape = Math.max(bitsOfShape, maxBits(shape.get(k)));
        }
        assertThat(bitsOfShape).isLessThan(bitsOfL);
        assertThat(Fglm.certified(l, g, dimension, Interrupt.NONE, 1)).isTrue();
        for (int k : new int[] {0, 3}) {
            List<ZPoly> changed = new ArrayList<>(l);
            ZPoly e = l.get(k);
            BigInteger[] c = new BigInteger[e.size()];
            for (int t = 0; t < c.length; t++) {
                c[t] = e.coefficient(t);
            }
            c[c.length - 1] = c[c.length - 1].add(BigInteger.ONE);
            changed.set(k, e.withCoefficients(c));
            assertThat(ShapeLex.generators(changed, Interrupt.NONE)).as("element %d changed", k).isNotNull();
            assertThat(Fglm.certified(changed, g, dimension, Interrupt.NONE, 1)).as("element %d changed", k)
                    .isFalse();
        }
        // x1^2 and x0 - x1: shaped, but the univariate element is a square
        MonomialLayout lex2 = MonomialLayout.of(MonomialOrder.lex(2), 16);
        List<ZPoly> square = List.of(ZPoly.term(lex2, new int[] {0, 2}, BigInteger.ONE),
                ZPoly.of(lex2, new int[][] {{1, 0}, {0, 1}},
                        new BigInteger[] {BigInteger.ONE, BigInteger.ONE.negate()}));
        assertThat(ShapeLex.generators(square, Interrupt.NONE)).isNull();
        assertThat(ShapeLex.squarefree(ZPoly.of(lex2, new int[][] {{0, 2}, {0, 0}},
                new BigInteger[] {BigInteger.ONE, BigInteger.TWO.negate()}), 1)).isTrue();
        assertThat(ShapeLex.squarefree(ZPoly.of(lex2, new int[][] {{0, 2}, {0, 1}, {0, 0}},
                new BigInteger[] {BigInteger.ONE, BigInteger.TWO.negate(), BigInteger.ONE}), 1)).isFalse();
    }

    /**
     * In shape position the candidate comes from the rational univariate representation (FGLM for a few primes, the
     * rest by univariate arithmetic) and equals rings' lex basis; an ideal whose lex basis is not in shape position
     * (x² − 1, y² − 1: four points on a grid) gets no such candidate, and the general way still answers.
     */
    @Test
    void theRepresentationGivesTheLexBasisInShapePositionOnly() {
        LexCase k4 = katsuraInLex(4);
        MonomialLayout lex = MonomialLayout.of(MonomialOrder.lex(5), 16);
        List<ZPoly> viaRepresentation = ShapeLex.candidate(k4.grevlex(), lex, 16, Interrupt.NONE, 2);
        assertThat(viaRepresentation).isEqualTo(ringsLex(k4.input(), lex));
        MonomialLayout grevlex2 = MonomialLayout.of(MonomialOrder.grevlex(2), 8);
        MonomialLayout lex2 = MonomialLayout.of(MonomialOrder.lex(2), 16);
        BigInteger[] oneMinusOne = {BigInteger.ONE, BigInteger.ONE.negate()};
        List<ZPoly> grid = List.of(ZPoly.of(grevlex2, new int[][] {{2, 0}, {0, 0}}, oneMinusOne),
                ZPoly.of(grevlex2, new int[][] {{0, 2}, {0, 0}}, oneMinusOne));
        List<ZPoly> g = ModularGroebner.basis(grid, Interrupt.NONE, 1);
        assertThat(ShapeLex.candidate(g, lex2, 4, Interrupt.NONE, 1)).isNull();
        assertThat(Fglm.lexOverQ(g, lex2, Interrupt.NONE)).isEqualTo(ringsLex(grid, lex2));
    }

    /**
     * Membership by Horner's rule in the last variable (what the lex certificate uses) decides as the reduction at
     * once does, modulo katsura-4's grevlex basis: for combinations of the basis (members) and for them plus a small
     * polynomial (not members unless the small one reduces to 0).
     */
    @Test
    void hornerReductionDecidesMembershipAsTheDirectReduction() {
        LexCase k4 = katsuraInLex(4);
        MonomialLayout layout = k4.grevlex().get(0).layout().widenedFor(24);
        List<ZPoly> g = new ArrayList<>();
        k4.grevlex().forEach(p -> g.add(p.relayout(layout)));
        Divisors d = Divisors.of(g, layout);
        Random random = new Random(5);
        int nonMembers = 0;
        for (int round = 0; round < 40; round++) {
            ZPoly member = ZPoly.zero(layout);
            for (ZPoly gk : g) {
                int[] e = new int[5];
                e[random.nextInt(5)] = random.nextInt(4);
                e[4] += random.nextInt(6);
                member = member.add(gk.multiplyTerm(e, BigInteger.valueOf(random.nextInt(201) - 100)));
            }
            int[] small = new int[5];
            small[random.nextInt(5)] = random.nextInt(3);
            ZPoly other = member.add(ZPoly.term(layout, small, BigInteger.valueOf(1 + random.nextInt(9))));
            for (ZPoly f : List.of(member, other)) {
                boolean direct = NormalForm.reduce(f, d, Interrupt.NONE).isZero();
                assertThat(NormalForm.reducesToZero(f, 4, d, Interrupt.NONE)).as("round %d", round)
                        .isEqualTo(direct);
                if (f == member) {
                    assertThat(direct).isTrue();
                } else if (!direct) {
                    nonMembers++;
                }
            }
        }
        assertThat(nonMembers).isGreaterThan(30);
    }

    /** katsura-k over Q: the input, its certified grevlex basis and its lex basis by FGLM. */
    private record LexCase(List<ZPoly> input, List<ZPoly> grevlex, List<ZPoly> lex) {
    }

    private static LexCase katsuraInLex(int k) {
        List<ZPoly> input = StandardSystems.katsura(MonomialLayout.of(MonomialOrder.grevlex(k + 1), 8), k);
        List<ZPoly> g = ModularGroebner.basis(input, Interrupt.NONE, 2);
        MonomialLayout lex = MonomialLayout.of(MonomialOrder.lex(k + 1), 16);
        return new LexCase(input, g, Fglm.lexOverQ(g, lex, Interrupt.NONE));
    }

    private static int maxBits(ZPoly p) {
        int bits = 0;
        for (int t = 0; t < p.size(); t++) {
            bits = Math.max(bits, p.coefficient(t).bitLength());
        }
        return bits;
    }

    private static int[] unit(int n, int v, int e) {
        int[] x = new int[n];
        x[v] = e;
        return x;
    }

    @Test
    void refusesIdealsOfPositiveDimension() {
        MonomialLayout grevlex = MonomialLayout.of(MonomialOrder.grevlex(3), 8);
        MonomialLayout lex = MonomialLayout.of(MonomialOrder.lex(3), 16);
        // x*y - z, x - y: a curve
        ZPoly a = ZPoly.of(grevlex, new int[][] {{1, 1, 0}, {0, 0, 1}}, new BigInteger[] {BigInteger.ONE,
            BigInteger.ONE.negate()});
        ZPoly b = ZPoly.of(grevlex, new int[][] {{1, 0, 0}, {0, 1, 0}}, new BigInteger[] {BigInteger.ONE,
            BigInteger.ONE.negate()});
        List<ZPoly> g = ModularGroebner.basis(List.of(a, b), Interrupt.NONE, 1);
        assertThat(Fglm.lexOverQ(g, lex, Interrupt.NONE)).isNull();
        assertThat(Fglm.lex(mod(g, Modulus.of(101), grevlex), lex, Interrupt.NONE)).isNull();
    }
}
