package org.ox4j.server.sm;

import java.util.List;
import org.ox4j.protocol.OxMessage;

/** A reply sink for tests: numbers replies 0, 1, 2, … and appends them to a list the test reads. */
public final class RecordingReplySink implements ReplySink {
    private final List<OxMessage> sent;
    private int next;

    public RecordingReplySink(List<OxMessage> sent) {
        this.sent = sent;
    }

    @Override
    public int nextSerial() {
        return next++;
    }

    @Override
    public void send(OxMessage message) {
        sent.add(message);
    }
}
