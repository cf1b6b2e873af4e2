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
     * The bytes this source has in memory, ready to be read in place: a heap buffer whose bytes between position and
     * limit come next, in {@link #order()}. A scanner reads them from the array and then consumes them with
     * {@link #advance}, which costs no call per int. The buffer must not be modified, and is valid only until the
     * next call of another method of this source; its bytes may run past what {@link #remaining()} allows (the
     * caller clamps). Null when this source lends nothing this way (then every read goes through the methods).
     */
    default java.nio.ByteBuffer window() {
        return null;
    }

    /** Consumes the next {@code n} bytes of {@link #window()} as reading them would (charged, captured). */
    default void advance(int n) {
        skip(n);
    }

    /**
     * Starts keeping a copy of the bytes read or skipped from here on (a CMO kept as its encoding), returned by
     * {@link #endCapture()}; false when this source cannot (then nothing is kept).
     */
    default boolean startCapture() {
        return false;
    }

    /**
     * The bytes read or skipped since {@link #startCapture()}, which stops keeping them: a heap buffer from position
     * 0 to its limit, over an array the caller takes over (it may be longer than the limit).
     */
    default java.nio.ByteBuffer endCapture() {
        throw new IllegalStateException("not capturing");
    }
}
