/**
 * The server's own backend for the Log4j 2 API: loggers that write lines straight to the log file and warnings to
 * stderr, with none of log4j-core's plugin machinery (see {@link org.ox4j.server.cli.logging.ServerLogProvider}).
 */
package org.ox4j.server.cli.logging;
