package org.ox4j.client.syntax;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A multivariate polynomial with rational coefficients, just rich enough to evaluate the arithmetic a user
 * types in the shell ({@code 3*x^2-1}, {@code (x+y)^3/2}). Monomials map variable names to exponents.
 * Immutable.
 */
final class Polynomial {
    /** Exponent map of one monomial, sorted by variable name so equal monomials compare equal. */
    private final Map<Map<String, Integer>, Rational> terms;

    private Polynomial(Map<Map<String, Integer>, Rational> terms) {
        this.terms = terms;
    }

    static Polynomial constant(Rational c) {
        Map<Map<String, Integer>, Rational> t = new java.util.HashMap<>();
        if (!c.isZero()) {
            t.put(Map.of(), c);
        }
        return new Polynomial(t);
    }

    static Polynomial variable(String name) {
        Map<Map<String, Integer>, Rational> t = new java.util.HashMap<>();
        t.put(Map.of(name, 1), Rational.ONE);
        return new Polynomial(t);
    }

    boolean isConstant() {
        return terms.isEmpty() || (terms.size() == 1 && terms.containsKey(Map.of()));
    }

    /** The constant value; only meaningful when {@link #isConstant()}. */
    Rational constantValue() {
        return terms.getOrDefault(Map.of(), Rational.ZERO);
    }

    Map<Map<String, Integer>, Rational> terms() {
        return Collections.unmodifiableMap(terms);
    }

    /** Variables occurring, in order of first appearance when the monomials are listed by name. */
    Set<String> variables() {
        Set<String> vars = new LinkedHashSet<>();
        for (Map<String, Integer> m : terms.keySet()) {
            vars.addAll(m.keySet());
        }
        return vars;
    }

    Polynomial add(Polynomial o) {
        Map<Map<String, Integer>, Rational> t = new java.util.HashMap<>(terms);
        o.terms.forEach((m, c) -> {
            Rational s = t.getOrDefault(m, Rational.ZERO).add(c);
            if (s.isZero()) {
                t.remove(m);
            } else {
                t.put(m, s);
            }
        });
        return new Polynomial(t);
    }

    Polynomial negate() {
        Map<Map<String, Integer>, Rational> t = new java.util.HashMap<>();
        terms.forEach((m, c) -> t.put(m, c.negate()));
        return new Polynomial(t);
    }

    Polynomial multiply(Polynomial o) {
        Polynomial r = constant(Rational.ZERO);
        for (var a : terms.entrySet()) {
            Map<Map<String, Integer>, Rational> t = new java.util.HashMap<>();
            for (var b : o.terms.entrySet()) {
                t.merge(multiplyMonomials(a.getKey(), b.getKey()), a.getValue().multiply(b.getValue()),
                        Rational::add);
            }
            t.values().removeIf(Rational::isZero);
            r = r.add(new Polynomial(t));
        }
        return r;
    }

    Polynomial pow(int e) {
        Polynomial r = constant(Rational.ONE);
        Polynomial base = this;
        int k = e;
        while (k > 0) {
            if ((k & 1) != 0) {
                r = r.multiply(base);
            }
            k >>= 1;
            if (k > 0) {
                base = base.multiply(base);
            }
        }
        return r;
    }

    Polynomial divideByConstant(Rational c) {
        Rational inv = Rational.ONE.divide(c);
        Map<Map<String, Integer>, Rational> t = new java.util.HashMap<>();
        terms.forEach((m, v) -> t.put(m, v.multiply(inv)));
        return new Polynomial(t);
    }

    /** Degree in {@code var} of every term, highest first, without repetition. */
    List<Integer> degreesIn(String var) {
        Set<Integer> ds = new java.util.TreeSet<>(Collections.reverseOrder());
        for (Map<String, Integer> m : terms.keySet()) {
            ds.add(m.getOrDefault(var, 0));
        }
        return new ArrayList<>(ds);
    }

    /** The coefficient of {@code var^e}, as a polynomial in the other variables. */
    Polynomial coefficientOf(String var, int e) {
        Map<Map<String, Integer>, Rational> t = new java.util.HashMap<>();
        terms.forEach((m, c) -> {
            if (m.getOrDefault(var, 0) == e) {
                Map<String, Integer> rest = new TreeMap<>(m);
                rest.remove(var);
                t.put(Map.copyOf(rest), c);
            }
        });
        return new Polynomial(t);
    }

    private static Map<String, Integer> multiplyMonomials(Map<String, Integer> a, Map<String, Integer> b) {
        Map<String, Integer> m = new TreeMap<>(a);
        b.forEach((v, e) -> m.merge(v, e, Math::addExact));
        return Map.copyOf(m);
    }

    /** Exact rational number (normalised: positive denominator, lowest terms). */
    record Rational(BigInteger numerator, BigInteger denominator) {
        static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);
        static final Rational ONE = new Rational(BigInteger.ONE, BigInteger.ONE);

        Rational {
            if (denominator.signum() == 0) {
                throw new ArithmeticException("division by zero");
            }
            if (denominator.signum() < 0) {
                numerator = numerator.negate();
                denominator = denominator.negate();
            }
            BigInteger g = numerator.gcd(denominator);
            if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
                numerator = numerator.divide(g);
                denominator = denominator.divide(g);
            }
            if (numerator.signum() == 0) {
                denominator = BigInteger.ONE;
            }
        }

        static Rational of(BigInteger n) {
            return new Rational(n, BigInteger.ONE);
        }

        boolean isZero() {
            return numerator.signum() == 0;
        }

        boolean isInteger() {
            return denominator.equals(BigInteger.ONE);
        }

        Rational add(Rational o) {
            return new Rational(numerator.multiply(o.denominator).add(o.numerator.multiply(denominator)),
                    denominator.multiply(o.denominator));
        }

        Rational negate() {
            return new Rational(numerator.negate(), denominator);
        }

        Rational multiply(Rational o) {
            return new Rational(numerator.multiply(o.numerator), denominator.multiply(o.denominator));
        }

        Rational divide(Rational o) {
            return new Rational(numerator.multiply(o.denominator), denominator.multiply(o.numerator));
        }
    }
}
