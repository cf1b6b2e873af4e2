package org.ox4j.server.algebra;

/**
 * An immutable Asir-like value: a rational number, a double, a complex number with rational parts, a polynomial
 * with named variables, a rational function, a string, a list, a vector, a matrix, a distributed polynomial without
 * variable names, or an opaque CMO passed through unchanged. Arithmetic lives in {@link Algebra}; conversion to and
 * from CMOs in {@link ValueCodec}.
 */
public sealed interface Value permits Num, Real, Complex, Poly, Rat, Str, Lst, Vect, Mat, Dp, Opaque {
    /** Asir's zero. */
    Num ZERO = Num.of(0);

    /** Whether this is the number 0 (Asir's null object). */
    default boolean isZero() {
        return this instanceof Num n && n.isZero();
    }
}
