package org.ox4j.cmo.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.ox4j.cmo.BufferFiller;

/** The few writes a CMO encoder needs, in a fixed byte order; implemented over Netty buffers in ox-protocol. */
public interface ByteSink {
    /** Byte order of every int32 and double written. */
    ByteOrder order();

    /** Writes one int32. */
    void writeInt(int v);

    /** Writes one 64-bit word (for doubles). */
    void writeLong(long v);

    /** Writes {@code len} bytes of {@code src} unchanged. */
    void writeBytes(byte[] src, int off, int len);

    /**
     * Writes the {@code length} bytes that {@code filler} puts into a buffer ({@link org.ox4j.cmo.CmoDatum#filledBy}),
     * unchanged. A sink over a buffer of its own lets the filler put them straight into it; this default has them put
     * into a heap array, piece by piece, and writes that.
     */
    default void writeFilled(int length, BufferFiller filler) {
        byte[] piece = new byte[Math.min(length, FILLED_PIECE_BYTES)];
        for (int done = 0; done < length; ) {
            int n = Math.min(piece.length, length - done);
            filler.fillWhole(ByteBuffer.wrap(piece, 0, n), done);
            writeBytes(piece, 0, n);
            done += n;
        }
    }

    /** The largest piece {@link #writeFilled}'s default asks a filler for. */
    int FILLED_PIECE_BYTES = 64 * 1024;

    /** A hint that {@code n} more bytes are coming (lets a buffer grow once). */
    default void ensureWritable(long n) {
    }
}
