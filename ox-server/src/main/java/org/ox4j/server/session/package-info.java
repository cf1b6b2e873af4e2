/**
 * A session: its worker thread, stack machine, evaluation context and replies (Session), and the process-wide
 * runtime every session is built from (ServerRuntime).
 */
package org.ox4j.server.session;
