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

    /**
     * The datum's last bytes as they already lie in memory (a view: position to limit, which a writer may hand to a
     * gathering write as they are), or null (the default) when every byte is made by {@link #fill}. Bytes before the
     * view still come from {@code fill}. Why: an array in direct memory can go to the socket from where it is,
     * without a copy into the writer's buffer first.
     */
    default ByteBuffer inPlaceTail() {
        return null;
    }
}
