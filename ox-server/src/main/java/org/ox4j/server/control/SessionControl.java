package org.ox4j.server.control;

import org.ox4j.server.session.Session;

/** Control of one {@link Session}. */
public record SessionControl(Session session) implements ControlTarget {
    @Override
    public void reset() {
        session.reset();
    }

    @Override
    public void interrupt() {
        session.interrupt();
    }

    @Override
    public void kill(String reason) {
        session.end(reason);
    }
}
