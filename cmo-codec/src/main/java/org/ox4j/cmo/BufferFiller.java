package org.ox4j.cmo;

import java.nio.ByteBuffer;

/**
 * Bytes that are put where they are going when they are written, instead of being held in an array of their own
 * first: those of a {@link CmoDatum#filledBy filled datum}, which an encoder puts straight into its output buffer.
 */
@FunctionalInterface
public interface BufferFiller {
    /**
     * Puts the bytes from {@code offset} on into {@code dst}, from its position to its limit, and leaves the position
     * at the limit. A piece may begin and end at any offset; the order of {@code dst} is the filler's to set.
     */
    void fill(ByteBuffer dst, long offset);

    /**
     * {@link #fill}, then fails ({@link IllegalStateException}) if the filler left part of {@code dst} unfilled: the
     * datum would come out shorter than it said.
     */
    default void fillWhole(ByteBuffer dst, long offset) {
        fill(dst, offset);
        if (dst.hasRemaining()) {
            throw new IllegalStateException("a datum's filler left " + dst.remaining() + " bytes of a piece unfilled");
        }
    }
}
