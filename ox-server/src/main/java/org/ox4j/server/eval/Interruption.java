package org.ox4j.server.eval;

/**
 * The cooperative interrupt flag of one session. A reset (control channel, SIGUSR1) raises it; long computations
 * call {@link #check()} often enough to stop within a fraction of a second. Never {@code Thread.stop}.
 */
public final class Interruption {
    private volatile boolean raised;

    /** Asks the running computation to stop. */
    public void raise() {
        raised = true;
    }

    /** Clears the flag before the next command runs. */
    public void clear() {
        raised = false;
    }

    /** Whether a stop was requested. */
    public boolean isRaised() {
        return raised;
    }

    /** Throws {@link ComputationInterruptedException} if a stop was requested. */
    public void check() {
        if (raised) {
            throw new ComputationInterruptedException();
        }
    }
}
