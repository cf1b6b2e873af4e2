package org.ox4j.cmo.io;

import org.ox4j.cmo.CmoTruncatedException;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.UnsupportedCmoTypeException;

/**
 * Walks the structure of one CMO without building it, to find where it ends. OX frames carry no length, so a
 * streaming decoder scans first and decodes only once the whole message is there: partial input then costs
 * no allocation, and leaves (strings, limbs) are skipped in constant time. Applies the same limits as
 * {@link CmoReader}; throws {@link CmoTruncatedException} when the input ends first.
 *
 * <p>Nesting is followed with an explicit stack (one int per open level: the children still due), not with the
 * Java stack. {@link CmoReader} also uses it to consume the rest of a CMO that is nested too deep; there the depth
 * is not limited, and the memory is bounded by the message: each level takes at least eight bytes of input.
 */
public final class CmoScanner {
    private final ByteSource in;
    private final CmoLimits limits;
    /** Children still due per open composite, innermost last; negative: a univariate term (exponent first). */
    private int[] due = new int[16];
    private int open;
    /** The most composites open around one CMO so far, and the types met (bit i: {@code CmoType.values()[i]}). */
    private int deepest;
    private long types;

    public CmoScanner(ByteSource in, CmoLimits limits) {
        this.in = in;
        this.limits = limits;
    }

    /** Skips one complete CMO in {@code in}. */
    public static void skip(ByteSource in, CmoLimits limits) {
        new CmoScanner(in, limits).skipCmo(true);
    }

    /**
     * What {@link #scan} found in one CMO: the most composites open around one of its parts (the nesting depth
     * {@link CmoReader} compares with {@link CmoLimits#maxDepth()}) and the tags of the CMOs in it.
     */
    public record Scan(int depth, int[] tags) {
    }

    /**
     * Skips one complete CMO however deep (each level takes at least eight bytes of the message, so the memory is
     * bounded by the message budget) and reports its depth and tags; the caller refuses one too deep, with the input
     * in step.
     */
    public static Scan scan(ByteSource in, CmoLimits limits) {
        CmoScanner s = new CmoScanner(in, limits);
        s.skipCmo(false);
        int[] tags = new int[Long.bitCount(s.types)];
        int k = 0;
        for (CmoType t : CmoType.values()) {
            if ((s.types & (1L << t.ordinal())) != 0) {
                tags[k++] = t.code();
            }
        }
        return new Scan(s.deepest, tags);
    }

    /** Skips one complete CMO, however deep. */
    void skipWithoutDepthLimit() {
        skipCmo(false);
    }

    /** Skips the body of a CMO whose tag, {@code type}, was just read, however deep. */
    void skipBodyWithoutDepthLimit(CmoType type) {
        open = 0;
        skipFrom(type, false);
    }

    private void skipCmo(boolean limitDepth) {
        open = 0;
        skipFrom(readType(), limitDepth);
    }

    private CmoType readType() {
        int tag = in.readInt();
        CmoType type = CmoType.ofCode(tag);
        if (type == null) {
            throw new UnsupportedCmoTypeException(tag);
        }
        return type;
    }

    private void skipFrom(CmoType first, boolean limitDepth) {
        CmoType type = first;
        while (true) {
            if (limitDepth) {
                CmoLimitChecks.depth(limits, open);
            }
            deepest = Math.max(deepest, open);
            types |= 1L << type.ordinal();
            skipHead(type);
            // find the next child due, closing the composites that are done
            while (true) {
                if (open == 0) {
                    return;
                }
                int d = due[open - 1];
                if (d == 0) {
                    open--;
                    continue;
                }
                if (d < 0) {
                    skipBytes(4);
                    due[open - 1] = d + 1;
                } else {
                    due[open - 1] = d - 1;
                }
                break;
            }
            type = readType();
        }
    }

    /** Skips what a CMO of {@code type} holds inline and opens a level for its CMO children, if any. */
    private void skipHead(CmoType type) {
        switch (type) {
            case NULL, ZERO, DMS_GENERIC, ERROR -> {
            }
            case INT32 -> skipBytes(4);
            case MACHINE_DOUBLE_64, IEEE_DOUBLE_FLOAT -> skipBytes(8);
            case DATUM, STRING, ATOM -> skipBytes(CmoLimitChecks.byteLength(limits, type.specName(), in.readInt()));
            case MATHCAP, ERROR2, DMS_OF_N_VARIABLES, RING_BY_NAME, INDETERMINATE -> push(1);
            case LIST, ARRAY -> push(count(type));
            case MONOMIAL32 -> {
                int n = count(type);
                skipBytes(4L * n);
                push(1);
            }
            case ZZ -> skipZZ();
            case QQ, BIGFLOAT -> {
                skipZZ();
                skipZZ();
            }
            case RECURSIVE_POLYNOMIAL, RATIONAL, COMPLEX, LAMBDA -> push(2);
            case TREE -> push(3);
            case DISTRIBUTED_POLYNOMIAL -> push(count(type) + 1);
            case POLYNOMIAL_IN_ONE_VARIABLE -> {
                int m = count(type);
                skipBytes(4);
                push(-m);
            }
            case BIGFLOAT32 -> {
                skipBytes(12);
                skipBytes(4L * CmoLimitChecks.bigFloatWords(limits, in.readInt()));
            }
            default -> throw new UnsupportedCmoTypeException(type.code());
        }
    }

    private void push(int children) {
        if (open == due.length) {
            due = java.util.Arrays.copyOf(due, due.length * 2);
        }
        due[open++] = children;
    }

    private int count(CmoType type) {
        return CmoLimitChecks.count(limits, type.specName(), in.readInt());
    }

    private void skipZZ() {
        skipBytes(4L * CmoLimitChecks.zzWords(limits, in.readInt()));
    }

    private void skipBytes(long n) {
        if (n > in.remaining()) {
            throw new CmoTruncatedException("needs " + n + " more bytes, " + in.remaining() + " available");
        }
        in.skip(n);
    }
}
