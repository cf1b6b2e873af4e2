package org.ox4j.server.algebra;

import org.ox4j.server.eval.EvaluationException;

/**
 * A value that has no CMO form (a vector, a matrix, or a list holding one), asked for as a CMO: ox_asir's
 * "cannot convert to CMO object". The stack machine catches it to keep such a value on the operand stack as
 * ox_asir does.
 */
public final class NoCmoFormException extends EvaluationException {
    private static final long serialVersionUID = 1L;

    public NoCmoFormException(String message) {
        super(message);
    }
}
