package org.ox4j.algebra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cc.redberry.rings.Rational;
import cc.redberry.rings.poly.multivar.MultivariateDivision;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The kernel against rings as the oracle, on random polynomials over Z, Q and Z/p in random orders. */
class KernelPropertiesTest {
    private static final int ROUNDS = 300;

    private static MultivariatePolynomial<cc.redberry.rings.bigint.BigInteger> r(ZPoly p) {
        return RingsBridge.toRings(p);
    }

    @Test
    void coefficientsInLowestTermsOverZAndOverQ() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(2), 8);
        ZPoly num = ZPoly.of(l, new int[][] {{2, 0}, {1, 1}, {0, 0}},
                new BigInteger[] {BigInteger.valueOf(6), BigInteger.valueOf(-4), BigInteger.valueOf(9)});
        // over Z: the coefficients as they are, denominator 1
        QPoly integral = QPoly.of(num, BigInteger.ONE);
        assertThat(integral.coefficientInLowestTerms(1)).containsExactly(BigInteger.valueOf(-4), BigInteger.ONE);
        // over Q: 6/15 = 2/5, -4/15, 9/15 = 3/5, each with one gcd, and the single-value accessors agree
        QPoly rational = QPoly.of(num, BigInteger.valueOf(15));
        BigInteger[][] expected = {{BigInteger.TWO, BigInteger.valueOf(5)},
                {BigInteger.valueOf(-4), BigInteger.valueOf(15)}, {BigInteger.valueOf(3), BigInteger.valueOf(5)}};
        for (int i = 0; i < 3; i++) {
            assertThat(rational.coefficientInLowestTerms(i)).containsExactly(expected[i]);
            assertThat(rational.coefficientNumerator(i)).isEqualTo(expected[i][0]);
            assertThat(rational.coefficientDenominator(i)).isEqualTo(expected[i][1]);
        }
    }

    @Test
    void packedComparisonIsTheOrderAndDivisibilityIsComponentwise() {
        RandomPolys rnd = new RandomPolys(1);
        for (int round = 0; round < 5000; round++) {
            int n = 1 + rnd.random().nextInt(9);
            MonomialOrder order = rnd.order(n);
            int bits = new int[] {8, 16, 32}[rnd.random().nextInt(3)];
            MonomialLayout l = MonomialLayout.of(order, bits);
            int max = (int) Math.min(l.maxDegree() / (2L * n), 1000);
            int[] a = rnd.exponents(n, max);
            int[] b = rnd.random().nextInt(4) == 0 ? a.clone() : rnd.exponents(n, max);
            if (rnd.random().nextBoolean()) {
                for (int v = 0; v < n; v++) {
                    b[v] = Math.max(b[v], a[v]);
                }
            }
            long[] x = new long[l.words()];
            long[] y = new long[l.words()];
            l.encode(a, x, 0);
            l.encode(b, y, 0);
            assertThat(Integer.signum(l.compare(x, 0, y, 0))).as("%s %s %s", order, a, b)
                    .isEqualTo(Integer.signum(order.compare(a, b)));
            boolean divides = true;
            for (int v = 0; v < n; v++) {
                divides &= a[v] <= b[v];
            }
            assertThat(l.divides(x, 0, y, 0)).as("%s divides %s in %s", a, b, l).isEqualTo(divides);
            assertThat(l.decode(x, 0)).isEqualTo(a);
            long[] p = new long[l.words()];
            l.multiply(x, 0, y, 0, p, 0);
            int[] sum = new int[n];
            for (int v = 0; v < n; v++) {
                sum[v] = a[v] + b[v];
            }
            assertThat(l.decode(p, 0)).isEqualTo(sum);
            long[] q = new long[l.words()];
            l.divide(p, 0, y, 0, q, 0);
            assertThat(q).isEqualTo(x);
            int deg = 0;
            for (int v : sum) {
                deg += v;
            }
            assertThat(l.degree(p, 0)).isEqualTo(deg);
        }
    }

    @Test
    void sumsAndProductsOverZAgreeWithRings() {
        RandomPolys rnd = new RandomPolys(2);
        for (int round = 0; round < ROUNDS; round++) {
            int n = 1 + rnd.random().nextInt(5);
            MonomialLayout l = MonomialLayout.of(rnd.order(n), rnd.random().nextBoolean() ? 8 : 16);
            int bits = rnd.random().nextInt(3) == 0 ? 200 : 40;
            ZPoly f = rnd.z(l, 1 + rnd.random().nextInt(30), 6, bits);
            ZPoly g = rnd.z(l, 1 + rnd.random().nextInt(30), 6, bits);
            assertThat((Object) r(f.add(g))).isEqualTo(r(f).add(r(g)));
            assertThat((Object) r(f.subtract(g))).isEqualTo(r(f).subtract(r(g)));
            assertThat(f.subtract(f).isZero()).isTrue();
            MultivariatePolynomial<cc.redberry.rings.bigint.BigInteger> expected = r(f).multiply(r(g));
            assertThat((Object) r(f.multiply(g))).isEqualTo(expected);
            assertThat((Object) r(f.multiply(g, Interrupt.NONE, 2))).isEqualTo(expected);
            if (f.fitsLong() && g.fitsLong() && DenseProduct.box(f, g) > 0) {
                assertThat((Object) r(DenseProduct.multiply(f, g, Interrupt.NONE, 1))).isEqualTo(expected);
            }
            assertThat(f.multiply(g)).isEqualTo(g.multiply(f));
            assertThat(f.multiply(g).divideOrNull(g, Interrupt.NONE)).isEqualTo(f);
            assertThat(f.multiply(g.add(f))).isEqualTo(f.multiply(g).add(f.multiply(f)));
        }
    }

    @Test
    void largeProductsSplitOverThreadsAgree() {
        RandomPolys rnd = new RandomPolys(3);
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(6), 16);
        ZPoly f = rnd.z(l, 2100, 12, 40);
        ZPoly g = rnd.z(l, 2000, 12, 40);
        // the single-thread heap is checked against rings above; here the split must give the same terms
        assertThat(f.multiply(g, Interrupt.NONE, 2)).isEqualTo(f.rowsTimesForTest(g));
    }

    @Test
    void denseProductsAgreeWithTheHeap() {
        RandomPolys rnd = new RandomPolys(4);
        MonomialLayout l = MonomialLayout.of(MonomialOrder.lex(3), 8);
        for (int round = 0; round < 50; round++) {
            ZPoly f = rnd.z(l, 200, 8, 62);
            ZPoly g = rnd.z(l, 200, 8, 62);
            ZPoly dense = DenseProduct.multiply(f, g, Interrupt.NONE, 2);
            assertThat(dense).isEqualTo(f.rowsTimesForTest(g));
        }
    }

    @Test
    void exponentsWidenWhenAProductOutgrowsTheFields() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(2), 8);
        ZPoly x = ZPoly.term(l, new int[] {100, 0}, BigInteger.ONE).add(ZPoly.term(l, new int[] {0, 1}, BigInteger.ONE));
        ZPoly p = x.multiply(x);
        assertThat(p.layout().bits()).isEqualTo(16);
        assertThat(p.exponents(0)).containsExactly(200, 0);
        assertThat((Object) r(p)).isEqualTo(r(x).multiply(r(x)));
    }

    @Test
    void rationalArithmeticAgreesWithRings() {
        RandomPolys rnd = new RandomPolys(5);
        for (int round = 0; round < ROUNDS; round++) {
            int n = 1 + rnd.random().nextInt(4);
            MonomialLayout l = MonomialLayout.of(rnd.order(n), 8);
            QPoly f = rnd.q(l, 1 + rnd.random().nextInt(15), 5, 30);
            QPoly g = rnd.q(l, 1 + rnd.random().nextInt(15), 5, 30);
            MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> rf = RingsBridge.toRings(f);
            MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> rg = RingsBridge.toRings(g);
            assertThat((Object) RingsBridge.toRings(f.add(g))).isEqualTo(rf.clone().add(rg));
            assertThat((Object) RingsBridge.toRings(f.subtract(g))).isEqualTo(rf.clone().subtract(rg));
            assertThat((Object) RingsBridge.toRings(f.multiply(g))).isEqualTo(rf.clone().multiply(rg));
            assertThat(f.multiply(g).divideOrNull(g, Interrupt.NONE)).isEqualTo(f);
            assertThat(RingsBridge.fromRingsQ(rf, l)).isEqualTo(f);
            // the representation is canonical: reduced shared denominator
            QPoly s = f.add(g);
            assertThat(s.numerator().content().gcd(s.denominator())).isIn(BigInteger.ONE, BigInteger.ZERO);
        }
    }

    @Test
    void normalFormsAreReducedAndEqualTheExactRemainderUpToAFactor() {
        RandomPolys rnd = new RandomPolys(6);
        for (int round = 0; round < ROUNDS; round++) {
            int n = 2 + rnd.random().nextInt(3);
            MonomialOrder order = rnd.random().nextBoolean() ? MonomialOrder.grevlex(n) : MonomialOrder.lex(n);
            MonomialLayout l = MonomialLayout.of(order, 8);
            List<ZPoly> g = new ArrayList<>();
            for (int k = 0; k < 1 + rnd.random().nextInt(4); k++) {
                g.add(rnd.z(l, 1 + rnd.random().nextInt(5), 3, 20));
            }
            ZPoly f = rnd.z(l, 1 + rnd.random().nextInt(20), 5, 20);
            Divisors d = Divisors.of(g, l);
            ZPoly nf = NormalForm.reduce(f, d, Interrupt.NONE);
            // no term of the result is divisible by a leading monomial
            for (int i = 0; i < nf.size(); i++) {
                for (int k = 0; k < d.size(); k++) {
                    int[] e = nf.exponents(i);
                    int[] lt = d.get(k).exponents(0);
                    boolean divisible = true;
                    for (int v = 0; v < n; v++) {
                        divisible &= lt[v] <= e[v];
                    }
                    assertThat(divisible).isFalse();
                }
            }
            // rings' division over Q with the same first-divisor rule gives the same remainder up to a factor
            java.util.Comparator<cc.redberry.rings.poly.multivar.DegreeVector> ro = order.is(MonomialOrder.Kind.LEX)
                    ? cc.redberry.rings.poly.multivar.MonomialOrder.LEX
                    : cc.redberry.rings.poly.multivar.MonomialOrder.GREVLEX;
            @SuppressWarnings("unchecked")
            MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>>[] divs =
                    new MultivariatePolynomial[d.size()];
            for (int k = 0; k < d.size(); k++) {
                divs[k] = RingsBridge.toRings(QPoly.of(d.get(k))).setOrdering(ro);
            }
            MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> rem =
                    MultivariateDivision.remainder(RingsBridge.toRings(QPoly.of(f)).setOrdering(ro), divs);
            QPoly expected = RingsBridge.fromRingsQ(rem.setOrdering(cc.redberry.rings.poly.multivar.MonomialOrder.LEX), l);
            assertThat(nf).isEqualTo(expected.primitiveIntegral());
        }
    }

    @Test
    void sPolynomialsCancelTheLeadingTerms() {
        RandomPolys rnd = new RandomPolys(7);
        for (int round = 0; round < ROUNDS; round++) {
            MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(3), 8);
            ZPoly f = rnd.z(l, 1 + rnd.random().nextInt(8), 4, 20);
            ZPoly g = rnd.z(l, 1 + rnd.random().nextInt(8), 4, 20);
            ZPoly s = NormalForm.sPolynomial(f, g);
            int[] lf = f.exponents(0);
            int[] lg = g.exponents(0);
            int[] lcm = new int[3];
            for (int v = 0; v < 3; v++) {
                lcm[v] = Math.max(lf[v], lg[v]);
            }
            int[] tf = new int[3];
            int[] tg = new int[3];
            for (int v = 0; v < 3; v++) {
                tf[v] = lcm[v] - lf[v];
                tg[v] = lcm[v] - lg[v];
            }
            ZPoly expected = f.multiplyTerm(tf, g.leadingCoefficient())
                    .subtract(g.multiplyTerm(tg, f.leadingCoefficient()));
            assertThat(s).isEqualTo(expected);
            if (!s.isZero()) {
                assertThat(l.order().compare(s.exponents(0), lcm)).isNegative();
            }
        }
    }

    @Test
    void modularArithmeticIsTheImageOfIntegerArithmetic() {
        RandomPolys rnd = new RandomPolys(8);
        for (long p : new long[] {2, 32003, 2147483647L, 4611686018427387847L}) {
            Modulus m = Modulus.of(p);
            for (int round = 0; round < 60; round++) {
                MonomialLayout l = MonomialLayout.of(rnd.order(3), 8);
                ZPoly f = rnd.z(l, 1 + rnd.random().nextInt(20), 5, 70);
                ZPoly g = rnd.z(l, 1 + rnd.random().nextInt(20), 5, 70);
                assertThat(ModPoly.of(f, m).multiply(ModPoly.of(g, m))).isEqualTo(ModPoly.of(f.multiply(g), m));
                assertThat(ModPoly.of(f, m).add(ModPoly.of(g, m))).isEqualTo(ModPoly.of(f.add(g), m));
                assertThat(ModPoly.of(f, m).subtract(ModPoly.of(g, m))).isEqualTo(ModPoly.of(f.subtract(g), m));
                long a = 1 + Math.floorMod(rnd.random().nextLong(), p - 1);
                assertThat(m.multiply(a, m.inverse(a))).isEqualTo(1);
            }
        }
    }

    @Test
    void residuesOfIntegersOfEverySizeAgreeWithBigInteger() {
        SplittableRandom random = new SplittableRandom(17);
        for (long p : new long[] {2, 32003, 2147483647L, 4611686018427387847L}) {
            Modulus m = Modulus.of(p);
            BigInteger bp = BigInteger.valueOf(p);
            List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.valueOf(Long.MIN_VALUE),
                    BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE),
                    BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE), bp.negate(), bp));
            for (int k = 0; k < 2000; k++) {
                BigInteger v = new BigInteger(1 + random.nextInt(130), new Random(random.nextLong()));
                values.add(random.nextBoolean() ? v : v.negate());
            }
            for (BigInteger v : values) {
                assertThat(m.reduce(v)).as("%s mod %d", v, p).isEqualTo(v.mod(bp).longValue());
            }
        }
    }

    @Test
    void termsOfAnEliminationMakeTheSamePolynomialAndDisorderIsRefused() {
        RandomPolys rnd = new RandomPolys(9);
        Modulus m = Modulus.of(2147483647L);
        for (int round = 0; round < 60; round++) {
            MonomialLayout l = MonomialLayout.of(rnd.order(3), 8);
            ModPoly q = ModPoly.of(rnd.z(l, 2 + rnd.random().nextInt(20), 5, 70), m);
            if (q.size() < 2) {
                continue;
            }
            int w = l.words();
            long[] mono = Arrays.copyOf(q.mono, q.size() * w);
            long[] coef = Arrays.copyOf(q.coef, q.size());
            assertThat(ModPoly.ofTerms(l, m, mono, coef)).isEqualTo(q);
            long[] swapped = mono.clone();
            System.arraycopy(mono, 0, swapped, w, w);
            System.arraycopy(mono, w, swapped, 0, w);
            assertThatThrownBy(() -> ModPoly.ofTerms(l, m, swapped, coef))
                    .isInstanceOf(IllegalArgumentException.class);
            long[] zero = coef.clone();
            zero[0] = 0;
            assertThatThrownBy(() -> ModPoly.ofTerms(l, m, mono, zero))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void accumulator192AddsExactly() {
        RandomPolys rnd = new RandomPolys(9);
        for (int round = 0; round < 200; round++) {
            Int192 acc = new Int192();
            BigInteger sum = BigInteger.ZERO;
            for (int k = 0; k < 100; k++) {
                long a = rnd.random().nextLong();
                long b = rnd.random().nextInt(3) == 0 ? Long.MIN_VALUE : rnd.random().nextLong();
                acc.addProduct(a, b);
                sum = sum.add(BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)));
            }
            assertThat(acc.toBigInteger()).isEqualTo(sum);
        }
    }

    @Test
    void divisionByAListRecombinesWithAReducedRemainder() {
        RandomPolys rnd = new RandomPolys(10);
        for (int round = 0; round < ROUNDS; round++) {
            int n = 2 + rnd.random().nextInt(3);
            MonomialLayout l = MonomialLayout.of(rnd.order(n), 8);
            List<QPoly> g = new ArrayList<>();
            for (int k = 0; k < 1 + rnd.random().nextInt(4); k++) {
                g.add(rnd.q(l, 1 + rnd.random().nextInt(5), 3, 20));
            }
            QPoly f = rnd.q(l, 1 + rnd.random().nextInt(20), 5, 20);
            Division.Result d = Division.divide(f, g, Interrupt.NONE);
            QPoly sum = d.remainder();
            for (int k = 0; k < g.size(); k++) {
                sum = sum.add(d.quotients().get(k).multiply(g.get(k)));
            }
            assertThat(sum).isEqualTo(f.relayout(sum.layout()));
            for (int i = 0; i < d.remainder().size(); i++) {
                int[] e = d.remainder().exponents(i);
                for (QPoly gk : g) {
                    int[] lt = gk.exponents(0);
                    boolean divisible = true;
                    for (int v = 0; v < n; v++) {
                        divisible &= lt[v] <= e[v];
                    }
                    assertThat(divisible).isFalse();
                }
            }
            // the fraction-free normal form is the same remainder up to a factor
            List<ZPoly> gz = new ArrayList<>();
            for (QPoly gk : g) {
                gz.add(gk.numerator());
            }
            ZPoly nf = NormalForm.reduce(f.numerator(), Divisors.of(gz, l), Interrupt.NONE);
            assertThat(nf.relayout(d.remainder().layout())).isEqualTo(d.remainder().primitiveIntegral());
        }
    }

    @Test
    void substitutionAndEvaluationAgreeWithRings() {
        RandomPolys rnd = new RandomPolys(11);
        for (int round = 0; round < 100; round++) {
            int n = 1 + rnd.random().nextInt(3);
            MonomialLayout l = MonomialLayout.of(MonomialOrder.lex(n), 16);
            QPoly f = rnd.q(l, 1 + rnd.random().nextInt(10), 4, 20);
            QPoly q = rnd.q(l, 1 + rnd.random().nextInt(4), 2, 10);
            int v = rnd.random().nextInt(n);
            // oracle: term by term, x_v^k replaced by q^k (products checked against rings above)
            QPoly naive = QPoly.zero(l);
            for (int i = 0; i < f.size(); i++) {
                int[] e = f.exponents(i);
                int k = e[v];
                e[v] = 0;
                QPoly term = QPoly.of(ZPoly.term(l, e, f.coefficientNumerator(i)), f.coefficientDenominator(i));
                naive = naive.add(term.multiply(q.pow(k, Interrupt.NONE, 1)));
            }
            assertThat(f.substitute(v, q, Interrupt.NONE, 1)).isEqualTo(naive.relayout(
                    f.substitute(v, q, Interrupt.NONE, 1).layout()));
            BigInteger a = rnd.coefficient(30);
            BigInteger b = rnd.coefficient(10).abs();
            cc.redberry.rings.Rational<cc.redberry.rings.bigint.BigInteger> value = new cc.redberry.rings.Rational<>(
                    cc.redberry.rings.Rings.Z, RingsBridge.toRings(a), RingsBridge.toRings(b));
            assertThat((Object) RingsBridge.toRings(f.evaluate(v, a, b)))
                    .isEqualTo(RingsBridge.toRings(f).evaluate(v, value));
            assertThat(f.derivative(v).equals(RingsBridge.fromRingsQ(RingsBridge.toRings(f).derivative(v), l)
                    .relayout(f.derivative(v).layout()))).isTrue();
        }
    }
}
