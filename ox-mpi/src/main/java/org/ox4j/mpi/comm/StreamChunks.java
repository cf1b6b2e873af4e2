package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;

/** Where a transport's writer takes the chunks of an outgoing stream from, in order. */
public interface StreamChunks {
    /**
     * The next chunk (position to limit is what to write), waiting until the producer has one;
     * {@link CommException} if the producer gave up, after which the link cannot be framed any more.
     */
    ByteBuffer next();

    /** The chunk returned by {@link #next} has been written and may be reused. */
    void written(ByteBuffer chunk);

    /**
     * Optional fast path, offered by a writer that owns its connection for the rest of the body: the producer may
     * write its chunks through {@code out} on its own thread (no hand-off per chunk). Returns once every byte has
     * gone through {@code out} (true), or false at once if the producer does not take the offer (the writer then
     * pulls with {@link #next}). {@link CommException} if the producer gave up.
     */
    default boolean handOver(ChunkWriter out) {
        return false;
    }

    /** Writes one chunk to the connection, blocking until the socket took it. */
    @FunctionalInterface
    interface ChunkWriter {
        void write(ByteBuffer chunk);
    }
}
