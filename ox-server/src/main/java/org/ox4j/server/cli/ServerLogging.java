package org.ox4j.server.cli;

import org.ox4j.server.cli.logging.ServerLogProvider;

/**
 * How a server logs: unless the user configured Log4j (a configuration file, a configuration factory or a provider
 * of their own, all given as system properties), the Log4j API is pointed at the server's own backend
 * ({@link ServerLogProvider}): everything at INFO and above ({@code -Dox4j.logLevel} to change it) to the log file
 * {@code ox4j.logFile}, warnings also to stderr. With {@code -Dlog4j2.configurationFile=...} log4j-core reads the
 * user's file as usual.
 */
public final class ServerLogging {
    private ServerLogging() {
    }

    /** Makes the Log4j API use the server's backend unless the user gave a configuration or provider. */
    static void installUnlessConfigured() {
        for (String p : new String[] {"log4j2.configurationFile", "log4j.configurationFile",
            "log4j2.configurationFactory", "log4j.provider", "log4j2.provider", "log4j2.loggerContextFactory"}) {
            if (System.getProperty(p) != null) {
                return;
            }
        }
        System.setProperty("log4j.provider", ServerLogProvider.class.getName());
    }
}
