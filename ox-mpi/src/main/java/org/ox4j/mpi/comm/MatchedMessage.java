package org.ox4j.mpi.comm;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A message taken off the unexpected queue by a matched probe ({@link Communicator#mProbe},
 * {@link Communicator#imProbe}) and reserved for one {@link Communicator#mRecv}: no other receive can take it
 * in between (MPI_Message). Receiving it twice is an error.
 */
public final class MatchedMessage {
    private final Envelope envelope;
    private final Status status;
    private final AtomicBoolean received = new AtomicBoolean();

    MatchedMessage(Envelope envelope, Status status) {
        this.envelope = envelope;
        this.status = status;
    }

    /** Source, tag, count and size of the message. */
    public Status status() {
        return status;
    }

    Envelope claim() {
        if (!received.compareAndSet(false, true)) {
            throw new CommException("matched message from rank " + status.source() + " tag " + status.tag()
                    + " was already received", status.source());
        }
        return envelope;
    }
}
