package org.ox4j.cmo.io;

import java.nio.ByteOrder;

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

    /** A hint that {@code n} more bytes are coming (lets a buffer grow once). */
    default void ensureWritable(long n) {
    }
}
