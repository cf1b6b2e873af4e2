package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * Direct buffers of one size for streams: a link reader fills them straight from the socket and a link writer
 * sends them straight to the next socket, so relayed bytes are never copied inside the JVM. Never blocks: when no
 * buffer is free a new one is made; at most {@link #KEPT} idle buffers are kept, and no more than
 * {@link #KEPT_BYTES} of them.
 */
final class ChunkPool {
    static final int KEPT = 64;

    /** Idle bytes kept at most (64 buffers of 128 KiB, 8 of 1 MiB). */
    static final int KEPT_BYTES = 8 << 20;

    private final int chunkBytes;
    private final ArrayBlockingQueue<ByteBuffer> free;

    ChunkPool(int chunkBytes) {
        if (chunkBytes < 8 || chunkBytes % 8 != 0) {
            throw new IllegalArgumentException("chunkBytes: " + chunkBytes + " (expected: a positive multiple of 8)");
        }
        this.chunkBytes = chunkBytes;
        this.free = new ArrayBlockingQueue<>(Math.max(2, Math.min(KEPT, KEPT_BYTES / chunkBytes)));
    }

    int chunkBytes() {
        return chunkBytes;
    }

    /** A cleared little-endian buffer of {@link #chunkBytes()} bytes. */
    ByteBuffer acquire() {
        ByteBuffer b = free.poll();
        if (b == null) {
            b = ByteBuffer.allocateDirect(chunkBytes).order(ByteOrder.LITTLE_ENDIAN);
        }
        b.clear();
        return b;
    }

    /**
     * Returns a buffer from {@link #acquire()}; others are left to the garbage collector, among them the read-only
     * views of a sender's own direct memory that a stream writes in place of chunks.
     */
    void release(ByteBuffer b) {
        if (b.isDirect() && !b.isReadOnly() && b.capacity() == chunkBytes) {
            free.offer(b);
        }
    }
}
