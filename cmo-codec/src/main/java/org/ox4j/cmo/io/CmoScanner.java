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
    private static final int ZZ_CODE = CmoType.ZZ.code();
    private static final int INT32_CODE = CmoType.INT32.code();
    private static final long ZZ_BIT = 1L << CmoType.ZZ.ordinal();
    private static final long INT32_BIT = 1L << CmoType.INT32.ordinal();

    private final ByteSource in;
    private final CmoLimits limits;
    /** Children still due per open composite, innermost last; negative: a univariate term (exponent first). */
    private int[] due = new int[16];
    private int open;
    /** The most composites open around one CMO so far, and the types met (bit i: {@code CmoType.values()[i]}). */
    private int deepest;
    private long types;
    /** Whether a CMO_ZZ of value zero (no words) was met. */
    private boolean zeroInteger;
    /**
     * The source's {@link ByteSource#window()}, read in place: its array, the next index, the end (no further than
     * the message budget allows) and the first index not yet consumed from the source. Ints are decoded here with
     * shifts, not through the source's methods: a fresh server scans its first big messages in the interpreter and in
     * C1 code, where each call per int costs more than the whole decode.
     */
    private byte[] window;
    private int next;
    private int end;
    private int unconsumed;
    private final boolean littleEndian;
    /** Whether the CMO being skipped is refused beyond the depth limit ({@link #run}). */
    private boolean limitDepth;

    public CmoScanner(ByteSource in, CmoLimits limits) {
        this.in = in;
        this.limits = limits;
        this.littleEndian = in.order() == java.nio.ByteOrder.LITTLE_ENDIAN;
    }

    /** Skips one complete CMO in {@code in}. */
    public static void skip(ByteSource in, CmoLimits limits) {
        new CmoScanner(in, limits).run(null, true);
    }

    /**
     * What {@link #scan} found in one CMO: the most composites open around one of its parts (the nesting depth
     * {@link CmoReader} compares with {@link CmoLimits#maxDepth()}), the tags of the CMOs in it, and whether one of
     * them is a CMO_ZZ of value zero.
     */
    public record Scan(int depth, int[] tags, boolean zeroInteger) {
    }

    /**
     * Skips one complete CMO however deep (each level takes at least eight bytes of the message, so the memory is
     * bounded by the message budget) and reports its depth and tags; the caller refuses one too deep, with the input
     * in step.
     */
    public static Scan scan(ByteSource in, CmoLimits limits) {
        CmoScanner s = new CmoScanner(in, limits);
        s.run(null, false);
        int[] tags = new int[Long.bitCount(s.types)];
        int k = 0;
        for (CmoType t : CmoType.values()) {
            if ((s.types & (1L << t.ordinal())) != 0) {
                tags[k++] = t.code();
            }
        }
        return new Scan(s.deepest, tags, s.zeroInteger);
    }

    /** Skips one complete CMO, however deep. */
    void skipWithoutDepthLimit() {
        run(null, false);
    }

    /** Skips the body of a CMO whose tag, {@code type}, was just read, however deep. */
    void skipBodyWithoutDepthLimit(CmoType type) {
        run(type, false);
    }

    /** Skips one CMO (the body only when its tag {@code first} was read already), consuming from the source. */
    private void run(CmoType first, boolean limitDepth) {
        this.limitDepth = limitDepth;
        open = 0;
        lend();
        try {
            skipFrom(first != null ? first : readType());
        } finally {
            consume();
        }
    }

    /** Takes the source's window, clamped to the message budget. */
    private void lend() {
        java.nio.ByteBuffer w = in.window();
        if (w == null || !w.hasArray()) {
            window = null;
            next = end = unconsumed = 0;
            return;
        }
        window = w.array();
        next = unconsumed = w.arrayOffset() + w.position();
        end = next + (int) Math.max(0, Math.min(w.remaining(), in.remaining()));
    }

    /** Consumes from the source what was read of its window. */
    private void consume() {
        if (next != unconsumed) {
            in.advance(next - unconsumed);
            unconsumed = next;
        }
    }

    /** The int at index {@code i} of the window (four bytes there). */
    private int intAt(int i) {
        byte[] b = window;
        return littleEndian
                ? (b[i] & 0xff) | (b[i + 1] & 0xff) << 8 | (b[i + 2] & 0xff) << 16 | b[i + 3] << 24
                : b[i] << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff);
    }

    private int readInt() {
        int i = next;
        if (end - i >= 4) {
            next = i + 4;
            return intAt(i);
        }
        consume();
        int v = in.readInt();
        lend();
        return v;
    }

    private CmoType readType() {
        int tag = readInt();
        CmoType type = CmoType.ofCode(tag);
        if (type == null) {
            throw new UnsupportedCmoTypeException(tag);
        }
        return type;
    }

    private void skipFrom(CmoType first) {
        CmoType type = first;
        do {
            type = step(type);
        } while (type != null);
    }

    /**
     * Skips the CMO of {@code type} whose tag was just read and returns the type of the next one due, or null when
     * the outermost is complete. One call per CMO, so that the JIT compiles this work fully after some thousand CMOs;
     * the loop around it runs once per message and would get only on-stack replacement.
     */
    private CmoType step(CmoType type) {
        if (limitDepth) {
            CmoLimitChecks.depth(limits, open);
        }
        deepest = Math.max(deepest, open);
        types |= 1L << type.ordinal();
        skipHead(type);
        // find the next child due, closing the composites that are done
        while (true) {
            if (open == 0) {
                return null;
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
            return readType();
        }
    }

    /** Skips what a CMO of {@code type} holds inline and opens a level for its CMO children, if any. */
    private void skipHead(CmoType type) {
        switch (type) {
            case NULL, ZERO, DMS_GENERIC, ERROR -> {
            }
            case INT32 -> skipBytes(4);
            case MACHINE_DOUBLE_64, IEEE_DOUBLE_FLOAT -> skipBytes(8);
            case DATUM, STRING, ATOM -> skipBytes(CmoLimitChecks.byteLength(limits, type.specName(), readInt()));
            case MATHCAP, ERROR2, DMS_OF_N_VARIABLES, RING_BY_NAME, INDETERMINATE -> push(1);
            case LIST, ARRAY -> push(count(type));
            case MONOMIAL32 -> {
                int n = count(type);
                skipBytes(4L * n);
                push(1);
            }
            case ZZ -> zeroInteger |= skipZZ() == 0;
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
                push(-(m - skipNumberTerms(m)));
            }
            case BIGFLOAT32 -> {
                skipBytes(12);
                skipBytes(4L * CmoLimitChecks.bigFloatWords(limits, readInt()));
            }
            default -> throw new UnsupportedCmoTypeException(type.code());
        }
    }

    /**
     * Skips the leading terms of a univariate polynomial (whose head was just read) that are an exponent and a CMO_ZZ
     * or CMO_INT32 coefficient lying whole in the window, and returns how many: the innermost level of a dense
     * polynomial is most of its CMOs, and here each costs a few array reads instead of a step. The rest of the terms,
     * if any, go the general way. Checks what {@link #step} checks (depth, the ZZ word limit) and records the same.
     */
    private int skipNumberTerms(int m) {
        int done = 0;
        while (done < m) {
            int i = next;
            if (end - i < 12) {
                break;
            }
            int tag = intAt(i + 4);
            if (tag == ZZ_CODE) {
                int words = CmoLimitChecks.zzWords(limits, intAt(i + 8));
                long size = 12L + 4L * words;
                if (size > end - i) {
                    break;
                }
                zeroInteger |= words == 0;
                types |= ZZ_BIT;
                next = i + (int) size;
            } else if (tag == INT32_CODE) {
                types |= INT32_BIT;
                next = i + 12;
            } else {
                break;
            }
            done++;
        }
        if (done > 0) {
            // the coefficients sit one level inside the polynomial, whose level is not open yet
            if (limitDepth) {
                CmoLimitChecks.depth(limits, open + 1);
            }
            deepest = Math.max(deepest, open + 1);
        }
        return done;
    }

    private void push(int children) {
        if (open == due.length) {
            due = java.util.Arrays.copyOf(due, due.length * 2);
        }
        due[open++] = children;
    }

    private int count(CmoType type) {
        return CmoLimitChecks.count(limits, type.specName(), readInt());
    }

    /** Skips a CMO_ZZ body; returns its word count. */
    private int skipZZ() {
        int words = CmoLimitChecks.zzWords(limits, readInt());
        skipBytes(4L * words);
        return words;
    }

    private void skipBytes(long n) {
        if (n <= end - next) {
            next += (int) n;
            return;
        }
        consume();
        if (n > in.remaining()) {
            throw new CmoTruncatedException("needs " + n + " more bytes, " + in.remaining() + " available");
        }
        in.skip(n);
        lend();
    }
}
