package org.ox4j.it.client;

import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.PolynomialFactorDecomposition;
import cc.redberry.rings.poly.multivar.DegreeVector;
import cc.redberry.rings.poly.multivar.GroebnerBases;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import cc.redberry.rings.poly.multivar.MultivariateFactorization;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The independent reference the demo tests check printed results against: rings (test scope), fed the demo's
 * printed text, never its verdicts. Polynomials are over Q in the given variables.
 */
final class RingsOracle {
    private final String[] variables;
    /** The term order of {@link #reducedBasis} and of "monic" (the leading coefficient made 1). */
    private final Comparator<DegreeVector> order;

    RingsOracle(List<String> variables) {
        this(variables, MonomialOrder.GREVLEX);
    }

    RingsOracle(List<String> variables, Comparator<DegreeVector> order) {
        this.variables = variables.toArray(String[]::new);
        this.order = order;
    }

    MultivariatePolynomial<Rational<BigInteger>> parse(String text) {
        return MultivariatePolynomial.parse(text, Rings.Q, order, variables);
    }

    /** The reduced Gröbner basis of {@code input} in the oracle's order, each element monic, as canonical text. */
    Set<String> reducedBasis(List<String> input) {
        List<MultivariatePolynomial<Rational<BigInteger>>> f = new ArrayList<>();
        input.forEach(p -> f.add(parse(p)));
        return monicTexts(GroebnerBases.GroebnerBasis(f, order));
    }

    /** The printed polynomials, each made monic, as canonical text (to compare with {@link #reducedBasis}). */
    Set<String> monic(List<String> printed) {
        List<MultivariatePolynomial<Rational<BigInteger>>> ps = new ArrayList<>();
        printed.forEach(p -> ps.add(parse(p)));
        return monicTexts(ps);
    }

    private Set<String> monicTexts(List<MultivariatePolynomial<Rational<BigInteger>>> ps) {
        Set<String> out = new TreeSet<>();
        for (MultivariatePolynomial<Rational<BigInteger>> p : ps) {
            out.add(p.monic().toString(variables));
        }
        return out;
    }

    /** The number of irreducible factors of {@code p} over Q, multiplicities counted, the unit excluded. */
    int irreducibleFactors(String p) {
        PolynomialFactorDecomposition<MultivariatePolynomial<Rational<BigInteger>>> d =
                MultivariateFactorization.Factor(parse(p));
        int n = 0;
        for (int i = 0; i < d.size(); i++) {
            if (!d.get(i).isConstant()) {
                n += d.getExponent(i);
            }
        }
        return n;
    }

    /** Whether two texts are the same polynomial. */
    boolean same(String a, String b) {
        return parse(a).equals(parse(b));
    }
}
