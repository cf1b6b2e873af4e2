package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.RingsBridge;
import org.ox4j.cmo.VariableOrder;

/**
 * A non-constant polynomial over Q with named variables, held by the kernel: a {@link QPoly} in a lexicographic
 * layout whose variable {@code i} is {@code variables().get(i)}. {@link #variables()} lists exactly the variables
 * that occur, highest first in the session's {@link VariableOrder}, so the lexicographic term order is Asir's
 * recursive order and printing or sending it is a walk over the term array. Immutable.
 */
public final class Poly implements Value {
    private final List<String> variables;
    private final QPoly poly;

    private Poly(List<String> variables, QPoly poly) {
        this.variables = List.copyOf(variables);
        this.poly = poly;
    }

    /**
     * The value of {@code p} (lexicographic, variable {@code i} = {@code variables.get(i)}, distinct names highest
     * first): a {@link Num} when constant, otherwise a {@link Poly} over the variables that occur.
     */
    public static Value of(List<String> variables, QPoly p) {
        Objects.requireNonNull(p, "p");
        if (p.layout().variables() != variables.size()) {
            throw new IllegalArgumentException("variable count " + variables.size() + " != " + p.layout().variables());
        }
        if (p.isConstant()) {
            return p.isZero() ? Value.ZERO
                    : Num.of(p.coefficientNumerator(0), p.coefficientDenominator(0));
        }
        int n = variables.size();
        List<String> used = new ArrayList<>();
        int[] map = new int[n];
        for (int i = 0; i < n; i++) {
            if (p.degree(i) > 0) {
                map[i] = used.size();
                used.add(variables.get(i));
            }
        }
        if (used.size() == n) {
            return new Poly(variables, p);
        }
        MonomialLayout target = MonomialLayout.of(MonomialOrder.lex(used.size()), p.layout().bits());
        return new Poly(used, p.relayout(target, map));
    }

    /**
     * The value of {@code p}, whose variable i is {@code vars.get(i)} (distinct names in any order, any term order),
     * over the same variables sorted by {@code order}.
     */
    public static Value ofVariables(List<String> vars, QPoly p, VariableOrder order) {
        List<String> sorted = order.sorted(vars);
        int[] map = new int[vars.size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = sorted.indexOf(vars.get(i));
        }
        return of(sorted, p.relayout(lexLayout(sorted.size(), Math.max(0, p.totalDegree())), map));
    }

    /** The value of a rings polynomial over Q (the boundary to rings' factorisation and gcd). */
    public static Value of(List<String> variables, MultivariatePolynomial<Rational<BigInteger>> p) {
        return of(variables, RingsBridge.fromRingsQ(p, lexLayout(variables.size(), 0)));
    }

    /** The polynomial consisting of the single variable {@code name}. */
    public static Poly variable(String name) {
        MonomialLayout l = lexLayout(1, 1);
        return new Poly(List.of(name), QPoly.of(org.ox4j.algebra.ZPoly.term(l, new int[] {1},
                java.math.BigInteger.ONE)));
    }

    /** The narrowest lexicographic layout of {@code n} variables for total degree {@code degree}. */
    static MonomialLayout lexLayout(int n, long degree) {
        return MonomialLayout.forDegree(MonomialOrder.lex(n), degree);
    }

    /** The variables that occur, highest first. */
    public List<String> variables() {
        return variables;
    }

    /** The kernel polynomial (variable i = {@code variables().get(i)}, lexicographic). */
    public QPoly kernel() {
        return poly;
    }

    /** This polynomial over the variable list {@code target} (a superset, highest first), lexicographic. */
    public QPoly kernelOver(List<String> target) {
        if (target.equals(variables)) {
            return poly;
        }
        int[] map = new int[variables.size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = target.indexOf(variables.get(i));
            if (map[i] < 0) {
                throw new IllegalArgumentException("variable " + variables.get(i) + " not in " + target);
            }
        }
        MonomialLayout l = MonomialLayout.of(MonomialOrder.lex(target.size()), poly.layout().bits());
        return poly.relayout(l, map);
    }

    /** A rings copy (variable i = {@code variables().get(i)}, lex order), for rings' algorithms. */
    public MultivariatePolynomial<Rational<BigInteger>> poly() {
        return RingsBridge.toRings(poly);
    }

    /** A rings copy over the variable list {@code target} (a superset, highest first). */
    public MultivariatePolynomial<Rational<BigInteger>> over(List<String> target) {
        return RingsBridge.toRings(kernelOver(target));
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
        return ValuePrinter.print(this);
    }
}
