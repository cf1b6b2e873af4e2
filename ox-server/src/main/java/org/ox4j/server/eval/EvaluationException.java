package org.ox4j.server.eval;

/**
 * An error while executing an SM command, a function or a statement. The stack machine turns it into a
 * {@code CMO_ERROR2} carrying the serial of the command and {@link #getMessage()}, and keeps serving.
 */
public class EvaluationException extends RuntimeException {
    public EvaluationException(String message) {
        super(message);
    }

    public EvaluationException(String message, Throwable cause) {
        super(message, cause);
    }
}
