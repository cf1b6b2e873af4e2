package org.ox4j.server;

import org.ox4j.protocol.SerialCounter;
import org.ox4j.server.eval.Interruption;

/**
 * What a session service factory may know about the session it serves: an id unique in the process, the session's
 * interrupt flag, the process-wide serial counter (Asir numbers every message a process sends with one counter),
 * and the server's limits.
 */
public record SessionInfo(long id, Interruption interruption, SerialCounter serials, ServerLimits limits) {
}
