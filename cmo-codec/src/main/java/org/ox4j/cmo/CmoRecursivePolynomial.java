package org.ox4j.cmo;

import java.util.Objects;

/**
 * {@code CMO_RECURSIVE_POLYNOMIAL}: a variable list (LIST of INDETERMINATE, outermost first) and a body,
 * which is a number or a {@link CmoPolynomialInOneVariable} whose variable indices refer to that list.
 */
public record CmoRecursivePolynomial(CmoList variables, Cmo body) implements Cmo {
    public CmoRecursivePolynomial {
        Objects.requireNonNull(variables, "variables");
        Objects.requireNonNull(body, "body");
    }

    @Override
    public CmoType type() {
        return CmoType.RECURSIVE_POLYNOMIAL;
    }
}
