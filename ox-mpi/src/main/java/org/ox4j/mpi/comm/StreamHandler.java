package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;

/**
 * Consumes the chunks of an {@link InStream} as they arrive, on the link's I/O thread, so that a relay passes each
 * chunk on without waking its own thread. Must not block. A handler that throws ends the stream for the receiver
 * (the rest of the body is discarded) with that exception.
 */
@FunctionalInterface
public interface StreamHandler {
    /** The next chunk (position to limit); the handler owns the buffer from now on. */
    void chunk(ByteBuffer chunk);
}
