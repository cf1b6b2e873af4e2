/**
 * The command line of bin/ox-server (picocli), early listening, logging set-up and the training run of the
 * start-up archives. The top layer.
 */
package org.ox4j.server.cli;
