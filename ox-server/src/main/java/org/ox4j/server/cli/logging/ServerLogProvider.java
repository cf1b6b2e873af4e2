package org.ox4j.server.cli.logging;

import org.apache.logging.log4j.spi.Provider;

/**
 * The Log4j 2 API provider of a server started without a logging configuration of its own: every logger writes
 * through one {@link ServerLogSink}. Selected by the system property {@code log4j.provider} (set by
 * {@code ServerLogging} before the first logger exists); a user's {@code -Dlog4j2.configurationFile=...} leaves the
 * property unset and log4j-core in charge.
 *
 * <p>Why not log4j-core with a configuration built in code: starting log4j-core (its lookups and pattern plugins,
 * the appender builders' annotation checks, which define proxy classes at run time) was more than half of a server's
 * start-up on the main thread and a share of its first compilations, about 100 ms of CPU per server, and a group's
 * servers start on the same two cores at once. The lines written are the same.
 */
public final class ServerLogProvider extends Provider {
    /** Instantiated by the Log4j API (the property names this class). */
    public ServerLogProvider() {
        super(100, "2.6.0", ServerLoggerContext.class);
    }
}
