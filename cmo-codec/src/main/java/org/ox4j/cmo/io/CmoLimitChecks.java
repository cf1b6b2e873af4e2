package org.ox4j.cmo.io;

import org.ox4j.cmo.CmoFormatException;
import org.ox4j.cmo.CmoLimitExceededException;

/**
 * The checks {@link CmoReader} and {@link CmoScanner} both apply to a count or length read from the wire, before
 * anything is allocated or skipped, so the two reject exactly the same input with the same message. {@code what}
 * names the CMO type as in the spec ({@code CMO_LIST}).
 */
final class CmoLimitChecks {
    private CmoLimitChecks() {
    }

    /** Fails if a CMO body at nesting {@code depth} (0 = top level) would exceed the depth limit. */
    static void depth(CmoLimits limits, int depth) {
        if (depth >= limits.maxDepth()) {
            throw new CmoLimitExceededException(depthMessage(limits, depth));
        }
    }

    /** What a refusal of a CMO inside {@code depth} open composites says. */
    static String depthMessage(CmoLimits limits, int depth) {
        return "nesting depth: " + (depth + 1) + " (expected: <= " + limits.maxDepth() + ")";
    }

    /** Checks the byte length of a string, atom or datum; returns it. */
    static int byteLength(CmoLimits limits, String what, int n) {
        if (n < 0) {
            throw new CmoFormatException(what + " length: " + n + " (expected: >= 0)");
        }
        if (n > limits.maxStringBytes()) {
            throw new CmoLimitExceededException(what + " length: " + n + " (expected: <= " + limits.maxStringBytes()
                    + ")");
        }
        return n;
    }

    /** Checks an element, term or exponent count; returns it. */
    static int count(CmoLimits limits, String what, int n) {
        if (n < 0) {
            throw new CmoFormatException(what + " count: " + n + " (expected: >= 0)");
        }
        if (n > limits.maxElements()) {
            throw new CmoLimitExceededException(what + " count: " + n + " (expected: <= " + limits.maxElements()
                    + ")");
        }
        return n;
    }

    /** Checks the unsigned limb count of a {@code CMO_BIGFLOAT32}; returns it. */
    static int bigFloatWords(CmoLimits limits, int len) {
        if (len < 0) {
            throw new CmoFormatException("CMO_BIGFLOAT32 length: " + len + " (expected: >= 0)");
        }
        if (len > limits.maxBignumWords()) {
            throw new CmoLimitExceededException("CMO_BIGFLOAT32 words: " + len + " (expected: <= "
                    + limits.maxBignumWords() + ")");
        }
        return len;
    }

    /** Checks the signed limb count {@code f} of a {@code CMO_ZZ}; returns its magnitude. */
    static int zzWords(CmoLimits limits, int f) {
        long words = Math.abs((long) f);
        if (words > limits.maxBignumWords()) {
            throw new CmoLimitExceededException("CMO_ZZ words: " + words + " (expected: <= "
                    + limits.maxBignumWords() + ")");
        }
        return (int) words;
    }
}
