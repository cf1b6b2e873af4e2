package org.ox4j.client.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoZZ;

/**
 * Writes a {@link Polynomial} as Asir writes a polynomial: a number CMO when it is constant, otherwise
 * {@code CMO_RECURSIVE_POLYNOMIAL} whose variable list holds exactly the occurring variables in Asir's
 * initial variable order (x, y, z, u, v, w, p, q, r, s, t, a, b, ..., o, then other names by first
 * appearance), with terms in decreasing degree (spec §10.1).
 */
final class PolynomialEncoder {
    private PolynomialEncoder() {
    }

    static Cmo encode(Polynomial p, Set<String> firstAppearance) {
        if (p.isConstant()) {
            return number(p.constantValue());
        }
        VariableOrder order = new VariableOrder();
        firstAppearance.forEach(order::rank);
        List<String> vars = order.sorted(p.variables());
        List<Cmo> indeterminates = new ArrayList<>();
        for (String v : vars) {
            indeterminates.add(CmoIndeterminate.of(v));
        }
        return new CmoRecursivePolynomial(new CmoList(indeterminates), body(p, vars, 0));
    }

    private static Cmo body(Polynomial p, List<String> vars, int from) {
        if (p.isConstant()) {
            return number(p.constantValue());
        }
        int main = from;
        while (!p.variables().contains(vars.get(main))) {
            main++;
        }
        String v = vars.get(main);
        List<CmoPolynomialInOneVariable.Term> terms = new ArrayList<>();
        for (int d : p.degreesIn(v)) {
            terms.add(new CmoPolynomialInOneVariable.Term(d, body(p.coefficientOf(v, d), vars, main + 1)));
        }
        return new CmoPolynomialInOneVariable(main, terms);
    }

    static Cmo number(Polynomial.Rational r) {
        return r.isInteger() ? new CmoZZ(r.numerator()) : new CmoQQ(r.numerator(), r.denominator());
    }
}
