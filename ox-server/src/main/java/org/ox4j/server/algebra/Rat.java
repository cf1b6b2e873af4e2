package org.ox4j.server.algebra;

import java.util.Objects;

/**
 * Asir's rational function: a numerator and a denominator, each a number or a polynomial, exactly as the arithmetic
 * built them. Asir cancels common factors only when asked ({@code red}), so {@code (x^2-1)/(x-1)} stays as it is
 * and equality is structural, as in Asir. Travels as {@code CMO_RATIONAL}. Made by {@link #of}, which answers 0 for
 * a zero numerator.
 */
public record Rat(Value numerator, Value denominator) implements Value {
    public Rat {
        Objects.requireNonNull(numerator, "numerator");
        Objects.requireNonNull(denominator, "denominator");
        if (!(numerator instanceof Num || numerator instanceof Poly)
                || !(denominator instanceof Num || denominator instanceof Poly)) {
            throw new IllegalArgumentException("a rational function has polynomial parts");
        }
        if (numerator.isZero() || denominator.isZero()) {
            throw new IllegalArgumentException("a rational function has non-zero parts (0 is the number 0)");
        }
    }

    /** {@code num/den} as Asir's MKRAT makes it; 0 when {@code num} is 0. Both must be numbers or polynomials. */
    public static Value of(Value num, Value den) {
        Objects.requireNonNull(num, "num");
        return num.isZero() ? Value.ZERO : new Rat(num, den);
    }

    @Override
    public String toString() {
        return ValuePrinter.print(this);
    }
}
