package org.ox4j.cmo.io;

import java.nio.ByteOrder;

/**
 * The few reads a CMO decoder needs, in a fixed byte order. Implementations wrap a {@link java.nio.ByteBuffer}
 * ({@link ByteBufferSource}) or a Netty {@code ByteBuf} (in ox-protocol), so the codec never depends on Netty.
 */
public interface ByteSource {
    /** Byte order of every int32 and double read. */
    ByteOrder order();

    /** Bytes left to read. */
    long remaining();

    /** Reads one int32; throws {@link org.ox4j.cmo.CmoTruncatedException} at the end of input. */
    int readInt();

    /** Reads one 64-bit word (for doubles). */
    long readLong();

    /** Reads exactly {@code len} bytes into {@code dst}. */
    void readBytes(byte[] dst, int off, int len);

    /** Skips {@code n} bytes. */
    void skip(long n);

    /**
     * Starts keeping a copy of the bytes read or skipped from here on (a CMO kept as its encoding), returned by
     * {@link #endCapture()}; false when this source cannot (then nothing is kept).
     */
    default boolean startCapture() {
        return false;
    }

    /** The bytes read or skipped since {@link #startCapture()}, which stops keeping them. */
    default byte[] endCapture() {
        throw new IllegalStateException("not capturing");
    }
}
