package org.ox4j.server.algebra;

import static org.assertj.core.api.Assertions.assertThat;

import cc.redberry.rings.IntegersZp64;
import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.GroebnerBases;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import cc.redberry.rings.poly.multivar.MultivariatePolynomialZp64;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.server.eval.Interruption;

/**
 * Benchmark systems: our reduced bases have the known number of elements (cyclic-5: 20, cyclic-6: 45,
 * katsura-5: 22, katsura-6: 41 in grevlex) and coincide, element by element, with the reduced basis computed by
 * rings' own GroebnerBasis as an independent oracle. cyclic-6 over Q is checked by its size and leading monomials
 * against the oracle-checked basis mod 32003 instead of a second, slow oracle computation over Q (rings needs
 * seconds); ours, multi-modular and certified, takes about 0.1 s, so the test needs no heavy-test switch.
 */
class GroebnerTest {
    private final VariableOrder order = new VariableOrder();
    private final Groebner groebner = new Groebner(new Algebra(order, new Interruption()));

    @ParameterizedTest(name = "{0}-{1} mod {2}: {3} elements")
    @CsvSource({
        "cyclic, 5, 0, 20", "cyclic, 5, 32003, 20",
        "katsura, 5, 0, 22", "katsura, 5, 32003, 22",
        "cyclic, 6, 32003, 45",
        "katsura, 6, 0, 41", "katsura, 6, 32003, 41",
    })
    void reducedBasisMatchesTheOracle(String system, int n, long p, int expectedSize) {
        List<Value> f = system.equals("cyclic") ? Systems.cyclic(n) : Systems.katsura(n);
        List<String> vars = Systems.variables(system.equals("cyclic") ? n : n + 1);
        List<Value> g = groebner.basis(f, new Groebner.Ring(vars, TermOrder.GREVLEX, p));
        assertThat(g).hasSize(expectedSize);
        assertThat(canonical(g, vars, p)).isEqualTo(oracle(f, vars, p));
        if (n == 5) { // the S-pair check of the larger bases is slow and adds nothing to the oracle comparison
            assertThat(groebner.isGroebnerBasis(g, new Groebner.Ring(vars, TermOrder.GREVLEX, p))).isTrue();
        }
        // sorted by increasing leading monomial, elements primitive integral (Q) or reduced mod p
        for (Value v : g) {
            MultivariatePolynomial<Rational<BigInteger>> q = Algebra.asPoly(v, vars).setOrdering(MonomialOrder.GREVLEX);
            assertThat(q.lc().signum()).isPositive();
            for (Rational<BigInteger> c : q.coefficients()) {
                assertThat(c.isIntegral()).isTrue();
                if (p != 0) {
                    assertThat(c.numerator().longValue()).isBetween(0L, p - 1);
                }
            }
        }
    }

    @org.junit.jupiter.api.Test
    void cyclic6OverQHasTheKnownSizeAndLeadingMonomials() {
        List<Value> f = Systems.cyclic(6);
        List<String> vars = Systems.variables(6);
        List<Value> overQ = groebner.basis(f, new Groebner.Ring(vars, TermOrder.GREVLEX, 0));
        List<Value> modP = groebner.basis(f, new Groebner.Ring(vars, TermOrder.GREVLEX, 32003));
        assertThat(overQ).hasSize(45);
        assertThat(leadingMonomials(overQ, vars)).isEqualTo(leadingMonomials(modP, vars));
    }

    private static List<String> leadingMonomials(List<Value> g, List<String> vars) {
        List<String> out = new ArrayList<>();
        for (Value v : g) {
            MultivariatePolynomial<Rational<BigInteger>> q = Algebra.asPoly(v, vars).setOrdering(MonomialOrder.GREVLEX);
            out.add(java.util.Arrays.toString(q.lt().exponents));
        }
        return out;
    }

    /** Monic forms (as strings) of our basis. */
    private static Set<String> canonical(List<Value> g, List<String> vars, long p) {
        List<MultivariatePolynomial<Rational<BigInteger>>> polys = new ArrayList<>();
        for (Value v : g) {
            polys.add(Algebra.asPoly(v, vars).setOrdering(MonomialOrder.GREVLEX));
        }
        return strings(polys, p);
    }

    private static Set<String> oracle(List<Value> f, List<String> vars, long p) {
        List<MultivariatePolynomial<Rational<BigInteger>>> polys = new ArrayList<>();
        for (Value v : f) {
            polys.add(Algebra.asPoly(v, vars).setOrdering(MonomialOrder.GREVLEX));
        }
        if (p == 0) {
            return strings(GroebnerBases.GroebnerBasis(polys, MonomialOrder.GREVLEX), 0);
        }
        IntegersZp64 zp = Rings.Zp64(p);
        List<MultivariatePolynomialZp64> modular = new ArrayList<>();
        for (MultivariatePolynomial<Rational<BigInteger>> q : polys) {
            modular.add(MultivariatePolynomial.asOverZp64(Polys.toZ(q), zp).setOrdering(MonomialOrder.GREVLEX));
        }
        Set<String> out = new TreeSet<>();
        for (MultivariatePolynomialZp64 q : GroebnerBases.GroebnerBasis(modular, MonomialOrder.GREVLEX)) {
            out.add(q.monic().toString());
        }
        return out;
    }

    private static Set<String> strings(List<MultivariatePolynomial<Rational<BigInteger>>> polys, long p) {
        Set<String> out = new TreeSet<>();
        for (MultivariatePolynomial<Rational<BigInteger>> q : polys) {
            if (p == 0) {
                out.add(q.clone().monic().toString());
            } else {
                out.add(MultivariatePolynomial.asOverZp64(Polys.toZ(q), Rings.Zp64(p)).monic().toString());
            }
        }
        return out;
    }
}
