package org.ox4j.algebra;

/** A monomial's degree does not fit the layout's fields (callers widen the layout) or exceeds 2^31-1. */
public final class ExponentOverflowException extends ArithmeticException {
    private static final long serialVersionUID = 1L;

    public ExponentOverflowException(String message) {
        super(message);
    }
}
