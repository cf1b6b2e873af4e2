package org.ox4j.algebra;

/**
 * How a long computation learns that it should stop: it calls {@link #check()} now and then (every few thousand
 * term operations), which throws when a stop was requested. The server passes its session's interrupt flag.
 */
@FunctionalInterface
public interface Interrupt {
    /** Never stops. */
    Interrupt NONE = () -> { };

    /** Throws an unchecked exception of the caller's choice when the computation must stop. */
    void check();
}
