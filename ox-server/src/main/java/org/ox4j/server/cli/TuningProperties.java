package org.ox4j.server.cli;

import org.ox4j.mpi.comm.SystemPropertyValues;

/**
 * The server's numeric tuning properties that classes deep in the algebra read once, in static fields, with a
 * default: {@code ox4j.maxSteps} (the language's step limit), {@code ox4j.gb.contentEvery} (content removals of the
 * Buchberger over Z) and {@code ox4j.algebra.denseSlots} (the dense product's size limit). Checked when the server
 * starts, so that a mistyped value ({@code -Dox4j.maxSteps=1e9}) is refused with a message naming it instead of
 * being replaced by the default without a word. Why not where they are read: an error in a static initialiser ends
 * the session's thread, and it ended the server during the mathcap exchange with nothing in its log.
 */
final class TuningProperties {
    private TuningProperties() {
    }

    /** Throws an IllegalArgumentException naming the first property that is set but not a positive integer. */
    static void check() {
        positive("ox4j.maxSteps", SystemPropertyValues.longInteger("ox4j.maxSteps", 1));
        positive("ox4j.gb.contentEvery", SystemPropertyValues.integer("ox4j.gb.contentEvery", 1));
        positive("ox4j.algebra.denseSlots", SystemPropertyValues.longInteger("ox4j.algebra.denseSlots", 1));
    }

    private static void positive(String name, long value) {
        if (value < 1) {
            throw SystemPropertyValues.invalid(name, Long.toString(value), "a positive integer");
        }
    }
}
