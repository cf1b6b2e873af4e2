package org.ox4j.server.algebra;

import static org.assertj.core.api.Assertions.assertThat;

import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.GroebnerBases;
import cc.redberry.rings.poly.multivar.Monomial;
import cc.redberry.rings.poly.multivar.MultivariateDivision;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.server.eval.Interruption;

/** Randomised properties (fixed seeds, so failures reproduce). */
class AlgebraProperties {
    private static final List<String> VARS = List.of("x", "y", "z");
    private final VariableOrder order = new VariableOrder();
    private final Algebra algebra = new Algebra(order, new Interruption());
    private final Random random = new Random(20261129L);

    private Value randomPoly(int terms, int maxDegree, int maxCoef) {
        MultivariatePolynomial<Rational<BigInteger>> p = Polys.zero(3);
        for (int t = 0; t < terms; t++) {
            int[] e = {random.nextInt(maxDegree + 1), random.nextInt(maxDegree + 1), random.nextInt(maxDegree + 1)};
            int c = random.nextInt(2 * maxCoef + 1) - maxCoef;
            p.add(new Monomial<>(e, new Rational<>(Rings.Z, BigInteger.valueOf(c), BigInteger.valueOf(1 + random.nextInt(3)))));
        }
        return Poly.of(VARS, p);
    }

    @Test
    void factorsMultiplyBackToTheInput() {
        for (int round = 0; round < 40; round++) {
            Value p = Value.ZERO;
            while (!(p instanceof Poly)) {
                p = algebra.mul(algebra.mul(randomPoly(3, 2, 5), randomPoly(2, 2, 5)), randomPoly(2, 1, 3));
            }
            for (Lst result : List.of(Factoring.fctr(p), Factoring.sqfr(p))) {
                Value product = Num.of(1);
                for (Value pair : result.elements()) {
                    Lst fm = (Lst) pair;
                    product = algebra.mul(product, algebra.pow(fm.get(0), fm.get(1)));
                }
                assertThat(product).as("round %d: %s", round, ValuePrinter.print(result)).isEqualTo(p);
                for (int k = 1; k < result.size(); k++) {
                    Value f = ((Lst) result.get(k)).get(0);
                    assertThat(f).isInstanceOf(Poly.class);
                    MultivariatePolynomial<Rational<BigInteger>> q = ((Poly) f).poly();
                    assertThat(q.lc().signum()).isPositive();
                    assertThat(Polys.integralFactor(q).isOne()).as("primitive integral %s", f).isTrue();
                }
            }
        }
    }

    @Test
    void groebnerBasisReducesInputsAndSPairsToZero() {
        Groebner gb = new Groebner(algebra);
        for (int round = 0; round < 6; round++) {
            List<Value> f = new ArrayList<>();
            for (int k = 0; k < 3; k++) {
                f.add(randomPoly(3, 2, 4));
            }
            for (TermOrder to : TermOrder.values()) {
                // random lex bases over Q can have enormous coefficients; lex is exercised mod p only here
                for (long p : to == TermOrder.LEX ? new long[] {32003} : new long[] {0, 32003}) {
                    Groebner.Ring ring = new Groebner.Ring(VARS, to, p);
                    List<Value> g = gb.basis(f, ring);
                    assertThat(gb.isGroebnerBasis(g, ring)).isTrue();
                    if (p != 0) {
                        continue;
                    }
                    // independent check with rings: remainders of the inputs, and rings' own Gröbner criterion
                    List<MultivariatePolynomial<Rational<BigInteger>>> gs = new ArrayList<>();
                    for (Value v : g) {
                        gs.add(Algebra.asPoly(v, VARS).setOrdering(to.comparator()));
                    }
                    List<MultivariatePolynomial<Rational<BigInteger>>> fs = new ArrayList<>();
                    for (Value v : f) {
                        MultivariatePolynomial<Rational<BigInteger>> q = Algebra.asPoly(v, VARS).setOrdering(to.comparator());
                        fs.add(q);
                        assertThat(MultivariateDivision.remainder(q, gs.toArray(MultivariatePolynomial[]::new)).isZero())
                                .as("input reduces to 0").isTrue();
                        assertThat(gb.normalForm(v, g, ring).isZero()).isTrue();
                    }
                    assertThat(GroebnerBases.isGroebnerBasis(fs, gs, to.comparator())).isTrue();
                    for (int a = 0; a < g.size(); a++) {
                        for (int b = a + 1; b < g.size(); b++) {
                            assertThat(gb.normalForm(gb.sPolynomial(g.get(a), g.get(b), ring), g, ring).isZero())
                                    .as("S-pair reduces to 0").isTrue();
                        }
                    }
                }
            }
        }
    }

    @Test
    void cmoRoundTripIsTheIdentityOnRandomPolynomials() {
        ValueCodec codec = new ValueCodec(order);
        for (int round = 0; round < 50; round++) {
            Value p = randomPoly(5, 3, 100);
            assertThat(codec.fromCmo(ValueCodec.toCmo(p))).isEqualTo(p);
        }
    }

    @Test
    void gcdDividesBothAndSqrRecombines() {
        Polynomials ops = new Polynomials(algebra);
        for (int round = 0; round < 30; round++) {
            Value c = randomPoly(2, 2, 3);
            Value a = algebra.mul(randomPoly(3, 2, 5), c);
            Value b = algebra.mul(randomPoly(3, 2, 5), c);
            if (a.isZero() || b.isZero()) {
                continue;
            }
            Value g = ops.gcd(a, b);
            algebra.div(a, g); // throws unless g divides a
            algebra.div(b, g);
            if (c instanceof Poly) {
                algebra.div(g, algebra.div(c, Factoring.fctr(c).get(0) instanceof Lst l ? l.get(0) : Num.of(1)));
            }
            Value monicDivisor = Poly.variable("x");
            Value d = algebra.add(algebra.pow(monicDivisor, Num.of(2)), Num.of(1));
            Lst qr = ops.sqr(a, d, monicDivisor, "sqr");
            assertThat(algebra.add(algebra.mul(qr.get(0), d), qr.get(1))).isEqualTo(a);
            assertThat(Polynomials.deg(qr.get(1), monicDivisor)).isEqualTo(Num.of(Math.min(1,
                    ((Num) Polynomials.deg(qr.get(1), monicDivisor)).intValue().getAsInt())));
        }
    }
}
