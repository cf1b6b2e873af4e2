package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A non-constant polynomial over Q with named variables. {@link #variables()} lists exactly the variables that
 * occur, highest first in the session's {@link VariableOrder}; variable {@code i} of the rings polynomial is
 * {@code variables().get(i)}. Immutable: the wrapped rings polynomial (which is mutable) is never handed out
 * without copying.
 */
public final class Poly implements Value {
    private final List<String> variables;
    private final MultivariatePolynomial<Rational<BigInteger>> poly;

    private Poly(List<String> variables, MultivariatePolynomial<Rational<BigInteger>> poly) {
        this.variables = List.copyOf(variables);
        this.poly = poly;
    }

    /**
     * The value of {@code p} whose variable {@code i} is {@code variables.get(i)} (distinct names, highest
     * first): a {@link Num} when constant, otherwise a {@link Poly} over the variables that occur. Takes
     * ownership of {@code p}.
     */
    public static Value of(List<String> variables, MultivariatePolynomial<Rational<BigInteger>> p) {
        Objects.requireNonNull(p, "p");
        if (p.nVariables != variables.size()) {
            throw new IllegalArgumentException("variable count " + variables.size() + " != " + p.nVariables);
        }
        if (p.isConstant()) {
            return Num.of(p.cc());
        }
        int[] degrees = p.degrees();
        List<String> used = new ArrayList<>();
        int[] map = new int[degrees.length];
        for (int i = 0; i < degrees.length; i++) {
            if (degrees[i] > 0) {
                map[i] = used.size();
                used.add(variables.get(i));
            }
        }
        if (used.size() == degrees.length) {
            return new Poly(variables, p);
        }
        return new Poly(used, Polys.remap(p, map, used.size()));
    }

    /** The polynomial consisting of the single variable {@code name}. */
    public static Poly variable(String name) {
        return new Poly(List.of(name), Polys.variable(1, 0));
    }

    /** The variables that occur, highest first. */
    public List<String> variables() {
        return variables;
    }

    /** A copy of the rings polynomial (variable i = {@code variables().get(i)}, lex order). */
    public MultivariatePolynomial<Rational<BigInteger>> poly() {
        return poly.clone();
    }

    /** The wrapped polynomial, read-only by contract (callers must not modify it). */
    MultivariatePolynomial<Rational<BigInteger>> unsafePoly() {
        return poly;
    }

    /** This polynomial over the variable list {@code target} (a superset, highest first). */
    public MultivariatePolynomial<Rational<BigInteger>> over(List<String> target) {
        if (target.equals(variables)) {
            return poly.clone();
        }
        int[] map = new int[variables.size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = target.indexOf(variables.get(i));
            if (map[i] < 0) {
                throw new IllegalArgumentException("variable " + variables.get(i) + " not in " + target);
            }
        }
        return Polys.remap(poly, map, target.size());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Poly p && variables.equals(p.variables) && poly.equals(p.poly);
    }

    @Override
    public int hashCode() {
        return 31 * variables.hashCode() + poly.hashCode();
    }

    @Override
    public String toString() {
        return poly.toString(variables.toArray(String[]::new));
    }
}
