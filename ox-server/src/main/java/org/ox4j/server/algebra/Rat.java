package org.ox4j.server.algebra;

import java.util.Objects;

/**
 * Asir's rational function: a numerator and a denominator, each a number or a polynomial, exactly as the arithmetic
 * built them. Asir cancels common factors only when asked ({@code red}), so {@code (x^2-1)/(x-1)} stays as it is
 * and equality is structural, as in Asir. Travels as {@code CMO_RATIONAL}.
 */
public final class Rat implements Value {
    private final Value numerator;
    private final Value denominator;

    private Rat(Value numerator, Value denominator) {
        this.numerator = numerator;
        this.denominator = denominator;
    }

    /** {@code num/den} as Asir's MKRAT makes it; 0 when {@code num} is 0. Both must be numbers or polynomials. */
    public static Value of(Value num, Value den) {
        Objects.requireNonNull(num, "num");
        Objects.requireNonNull(den, "den");
        if (!(num instanceof Num || num instanceof Poly) || !(den instanceof Num || den instanceof Poly)) {
            throw new IllegalArgumentException("a rational function has polynomial parts");
        }
        if (den.isZero()) {
            throw new IllegalArgumentException("zero denominator");
        }
        return num.isZero() ? Value.ZERO : new Rat(num, den);
    }

    public Value numerator() {
        return numerator;
    }

    public Value denominator() {
        return denominator;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rat r && numerator.equals(r.numerator) && denominator.equals(r.denominator);
    }

    @Override
    public int hashCode() {
        return 31 * numerator.hashCode() + denominator.hashCode();
    }

    @Override
    public String toString() {
        return ValuePrinter.print(this);
    }
}
