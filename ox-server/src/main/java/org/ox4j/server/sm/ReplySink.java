package org.ox4j.server.sm;

import org.ox4j.protocol.OxMessage;

/** Where a stack machine's replies go: the session's data channel (which drops replies of an abandoned command). */
public interface ReplySink {
    /** The serial number for the next message sent. */
    int nextSerial();

    /** Sends one message. */
    void send(OxMessage message);
}
