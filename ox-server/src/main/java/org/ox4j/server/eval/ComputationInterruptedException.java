package org.ox4j.server.eval;

/** Thrown by {@link Interruption#check()}: the session was reset while a command ran. */
public class ComputationInterruptedException extends EvaluationException {
    public ComputationInterruptedException() {
        super("interrupted by reset");
    }
}
