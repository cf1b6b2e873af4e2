package org.ox4j.server;

import org.ox4j.cmo.io.CmoLimits;

/**
 * The bounds one server enforces on every session, so that a hostile or careless master costs a bounded amount
 * of memory: the size and nesting of one incoming message, the depth of the operand stack, and an estimate of
 * the bytes one session's stack and variables hold.
 *
 * @param maxMessageBytes largest OX message read (bigger → the connection is closed with a logged reason)
 * @param maxDepth        deepest CMO nesting read
 * @param maxStackDepth   most objects on one operand stack (a push beyond it pushes a CMO_ERROR2 instead)
 * @param maxSessionBytes estimated bytes one session may keep on its stack (a push beyond → CMO_ERROR2)
 */
public record ServerLimits(long maxMessageBytes, int maxDepth, int maxStackDepth, long maxSessionBytes) {
    /** 64 MiB messages, nesting 256, 100 000 stack entries, 512 MiB per session. */
    public static final ServerLimits DEFAULT = new ServerLimits(64L << 20, 10_000, 100_000, 512L << 20);

    public ServerLimits {
        if (maxMessageBytes < 16 || maxDepth < 2 || maxStackDepth < 1 || maxSessionBytes < 1024) {
            throw new IllegalArgumentException("limits too small: message=" + maxMessageBytes + " depth=" + maxDepth
                    + " stack=" + maxStackDepth + " session=" + maxSessionBytes);
        }
    }

    /** The decoder limits derived from these bounds. */
    public CmoLimits cmoLimits() {
        int bytes = (int) Math.min(Integer.MAX_VALUE - 8, maxMessageBytes);
        return CmoLimits.builder()
                .maxDepth(maxDepth)
                .maxElements(bytes / 4)
                .maxStringBytes(bytes)
                .maxBignumWords(bytes / 4)
                .maxMessageBytes(maxMessageBytes)
                .build();
    }
}
