package org.ox4j.server.control;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * SIGUSR1 as the reset request of Asir's launcher (spec §2.2, §7.2). The launcher starts the engine with SIGUSR1
 * ignored; installing a handler with {@code sun.misc.Signal} replaces that disposition (verified on JDK 17).
 */
public final class ResetSignal {
    private static final Logger LOG = LogManager.getLogger();

    private ResetSignal() {
    }

    /** Installs {@code onReset} as the SIGUSR1 handler; false if the JVM refuses. */
    public static boolean install(Runnable onReset) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("USR1"), sig -> {
                LOG.info("SIGUSR1 received: reset");
                onReset.run();
            });
            return true;
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            LOG.warn("cannot install a SIGUSR1 handler: {}", e.getMessage());
            return false;
        }
    }
}
