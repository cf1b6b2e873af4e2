package org.ox4j.cmo.io;

/**
 * Bounds every decoder checks <em>before</em> it allocates, so that a hostile length field never decides how
 * much memory is used.
 *
 * @param maxDepth        deepest nesting: a CMO without children has depth 1, each enclosing CMO adds 1; a value
 *                        of exactly {@code maxDepth} is accepted, one level more is rejected
 * @param maxElements     most elements in one LIST/ARRAY, terms in one polynomial, exponents in one monomial
 * @param maxStringBytes  longest STRING or DATUM body
 * @param maxBignumWords  most 32-bit words in one ZZ (each of a QQ's parts) or BIGFLOAT32 mantissa
 * @param maxMessageBytes largest complete OX message
 */
public record CmoLimits(int maxDepth, int maxElements, int maxStringBytes, int maxBignumWords, long maxMessageBytes) {

    /** Generous defaults for a server: 256 MiB messages, 16 Mi elements, depth 10 000 (ox_asir round-trips such lists). */
    public static final CmoLimits DEFAULT = new CmoLimits(10_000, 16 << 20, 64 << 20, 16 << 20, 256L << 20);

    public CmoLimits {
        if (maxDepth < 1 || maxElements < 0 || maxStringBytes < 0 || maxBignumWords < 0 || maxMessageBytes < 8) {
            throw new IllegalArgumentException("limits must be positive: depth=" + maxDepth + " elements=" + maxElements
                    + " stringBytes=" + maxStringBytes + " bignumWords=" + maxBignumWords + " messageBytes="
                    + maxMessageBytes);
        }
    }

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return new Builder(DEFAULT);
    }

    /** A builder starting from these limits. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Mutable builder for {@link CmoLimits}. */
    public static final class Builder {
        private int maxDepth;
        private int maxElements;
        private int maxStringBytes;
        private int maxBignumWords;
        private long maxMessageBytes;

        private Builder(CmoLimits l) {
            maxDepth = l.maxDepth;
            maxElements = l.maxElements;
            maxStringBytes = l.maxStringBytes;
            maxBignumWords = l.maxBignumWords;
            maxMessageBytes = l.maxMessageBytes;
        }

        public Builder maxDepth(int v) {
            maxDepth = v;
            return this;
        }

        public Builder maxElements(int v) {
            maxElements = v;
            return this;
        }

        public Builder maxStringBytes(int v) {
            maxStringBytes = v;
            return this;
        }

        public Builder maxBignumWords(int v) {
            maxBignumWords = v;
            return this;
        }

        public Builder maxMessageBytes(long v) {
            maxMessageBytes = v;
            return this;
        }

        public CmoLimits build() {
            return new CmoLimits(maxDepth, maxElements, maxStringBytes, maxBignumWords, maxMessageBytes);
        }
    }
}
