package org.ox4j.cmo;

import java.util.List;
import java.util.Objects;

/**
 * {@code CMO_POLYNOMIAL_IN_ONE_VARIABLE}: terms in one variable (an index into the enclosing recursive
 * polynomial's variable list), in strictly decreasing exponent order as Asir writes them.
 */
public record CmoPolynomialInOneVariable(int variable, List<Term> terms) implements Cmo {
    public CmoPolynomialInOneVariable {
        terms = List.copyOf(terms);
    }

    /** One term: exponent and coefficient (a number or a nested polynomial in a later variable). */
    public record Term(int exponent, Cmo coefficient) {
        public Term {
            Objects.requireNonNull(coefficient, "coefficient");
        }
    }

    @Override
    public CmoType type() {
        return CmoType.POLYNOMIAL_IN_ONE_VARIABLE;
    }
}
