package org.ox4j.server.sm;

/**
 * Executes one SM command on a session's stack machine. Runs on the session's worker thread, never on an I/O
 * thread. A handler reports a failure by throwing {@link org.ox4j.server.eval.EvaluationException} (the engine
 * pushes a {@code CMO_ERROR2} with the command's serial and that message) or by pushing an error itself with
 * {@link SmContext#pushError(String)}; it lets {@link org.ox4j.server.eval.ComputationInterruptedException}
 * propagate so a reset can abandon it.
 */
@FunctionalInterface
public interface SmCommandHandler {
    /** Executes the command. */
    void execute(SmContext context);
}
