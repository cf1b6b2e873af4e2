package org.ox4j.protocol.codec;

import io.netty.buffer.ByteBuf;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxDataWithSize;
import org.ox4j.protocol.OxTag;
import org.ox4j.protocol.codec.OxDecoderException.Reason;

/**
 * Finds where the OX frame at the start of a growing buffer ends, examining every byte at most once however the
 * frame is split across reads. OX frames carry no length, so the structure of the CMO inside has to be walked;
 * this walker keeps its position and an explicit stack of what is still expected between calls, so an
 * unfinished frame is never re-scanned from its start and a large string or bignum is skipped in constant time.
 * Nothing is allocated per CMO node. The stack is bounded by the nesting limit.
 *
 * <p>Applies the same limits as {@link org.ox4j.cmo.io.CmoReader}; in addition, a frame whose declared lengths
 * already exceed {@link CmoLimits#maxMessageBytes()} is rejected before those bytes arrive. It reads the buffer
 * with absolute indices and never changes its reader index. Not thread-safe; one per connection.
 *
 * <p>The CMO grammar here mirrors {@link org.ox4j.cmo.io.CmoScanner} (a test checks they agree); a new CMO type
 * needs a case in {@link #pushBody}.
 */
final class OxFrameScanner {
    // Task kinds on the explicit stack.
    private static final int CMO = 0;          // a whole CMO at depth arg2
    private static final int SKIP = 1;         // arg bytes to pass over
    private static final int REPEAT_CMO = 2;   // arg more CMOs at depth arg2
    private static final int REPEAT_TERM = 3;  // arg more (int32 exponent, CMO) terms at depth arg2
    private static final int BYTES_LEN = 4;    // int32 length then that many bytes (STRING, DATUM, ATOM); arg2 = tag
    private static final int LIST_COUNT = 5;   // int32 count then that many CMOs; arg2 = depth, arg3 = tag
    private static final int MONO_COUNT = 6;   // int32 n, n exponents, one CMO
    private static final int DP_COUNT = 7;     // int32 m, ring CMO, m monomial CMOs
    private static final int UNI_COUNT = 8;    // int32 m, int32 variable, m terms
    private static final int ZZ_LEN = 9;       // int32 signed word count, then the words
    private static final int BF32_LEN = 10;    // int32 word count, then the words
    private static final int SIGNATURE = 11;   // int32 CMO_START_SIGNATURE (OX_DATA_WITH_SIZE)
    private static final int TAIL_LEN = 12;    // int32 length then bytes (OX_DATA_WITH_SIZE)

    private static final int COMMAND = OxTag.OX_COMMAND.code();
    private static final int DATA = OxTag.OX_DATA.code();
    private static final int SYNC_BALL = OxTag.OX_SYNC_BALL.code();
    private static final int DATA_WITH_SIZE = OxTag.OX_DATA_WITH_SIZE.code();

    private final CmoLimits limits;

    private int[] kinds = new int[16];
    private long[] args = new long[16];
    private int[] depths = new int[16];
    private int[] tags = new int[16];
    private int size;

    private boolean headerRead;
    private int frameTag;
    private int frameSerial;
    private long scanned;
    /** Bytes the frame is known to need so far: scanned plus pending fixed-size skips. Checked against the limit. */
    private long committed;

    OxFrameScanner(CmoLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** Forgets the current frame (after it was decoded). */
    void reset() {
        size = 0;
        headerRead = false;
        scanned = 0;
        committed = 0;
    }

    /** Bytes of the current frame examined so far. */
    long scanned() {
        return scanned;
    }

    /** True once the current frame's tag and serial are known. */
    boolean headerKnown() {
        return headerRead;
    }

    int frameTag() {
        return frameTag;
    }

    int frameSerial() {
        return frameSerial;
    }

    /**
     * Continues scanning the frame that starts at {@code in.readerIndex()} over the bytes now readable.
     *
     * @return the frame's total length once it is complete, or {@code -1} if more bytes are needed
     * @throws OxDecoderException if the frame can never be decoded
     */
    long scan(ByteBuf in, ByteOrder order) {
        boolean be = order == ByteOrder.BIG_ENDIAN;
        int base = in.readerIndex();
        long available = in.readableBytes();
        if (!headerRead) {
            if (available < OxFrames.HEADER_BYTES) {
                return -1;
            }
            frameTag = be ? in.getInt(base) : in.getIntLE(base);
            frameSerial = be ? in.getInt(base + 4) : in.getIntLE(base + 4);
            headerRead = true;
            scanned = OxFrames.HEADER_BYTES;
            committed = scanned;
            pushFrameBody();
        }
        while (size > 0) {
            int top = size - 1;
            int kind = kinds[top];
            if (kind == SKIP) {
                long n = Math.min(args[top], available - scanned);
                scanned += n;
                args[top] -= n;
                if (args[top] > 0) {
                    return -1;
                }
                size--;
                continue;
            }
            if (kind == REPEAT_CMO || kind == REPEAT_TERM) {
                if (args[top] == 0) {
                    size--;
                    continue;
                }
                args[top]--;
                int d = depths[top];
                push(CMO, 0, d, 0);
                if (kind == REPEAT_TERM) {
                    pushSkip(4);
                }
                continue;
            }
            // every other task starts by reading one int32
            if (available - scanned < 4) {
                return -1;
            }
            int index = base + (int) scanned;
            int v = be ? in.getInt(index) : in.getIntLE(index);
            scanned += 4;
            int d = depths[top];
            int tag = tags[top];
            size--;
            switch (kind) {
                case CMO -> pushCmo(v, d);
                case BYTES_LEN -> pushSkip(checkedLength(v, limits.maxStringBytes(), tag));
                case LIST_COUNT -> push(REPEAT_CMO, checkedCount(v, tag), d, 0);
                case MONO_COUNT -> {
                    int n = checkedCount(v, CmoType.MONOMIAL32.code());
                    push(CMO, 0, d, 0);
                    pushSkip(4L * n);
                }
                case DP_COUNT -> {
                    int m = checkedCount(v, CmoType.DISTRIBUTED_POLYNOMIAL.code());
                    push(REPEAT_CMO, m, d, 0);
                    push(CMO, 0, d, 0);
                }
                case UNI_COUNT -> {
                    int m = checkedCount(v, CmoType.POLYNOMIAL_IN_ONE_VARIABLE.code());
                    push(REPEAT_TERM, m, d, 0);
                    pushSkip(4);
                }
                case ZZ_LEN -> {
                    if (v == Integer.MIN_VALUE || Math.abs(v) > limits.maxBignumWords()) {
                        throw cmoLimit("CMO_ZZ words: " + Math.abs((long) v) + " (expected: <= "
                                + limits.maxBignumWords() + ")");
                    }
                    pushSkip(4L * Math.abs(v));
                }
                case BF32_LEN -> {
                    if (v < 0) {
                        throw malformed(Reason.UNDECODABLE_CMO, "CMO_BIGFLOAT32 length: " + v + " (expected: >= 0)");
                    }
                    if (v > limits.maxBignumWords()) {
                        throw cmoLimit("CMO_BIGFLOAT32 words: " + v + " (expected: <= " + limits.maxBignumWords() + ")");
                    }
                    pushSkip(4L * v);
                }
                case SIGNATURE -> {
                    if (v != OxDataWithSize.START_SIGNATURE) {
                        throw malformed(Reason.MALFORMED_FRAME, "OX_DATA_WITH_SIZE signature: 0x"
                                + Integer.toHexString(v) + " (expected: 0x"
                                + Integer.toHexString(OxDataWithSize.START_SIGNATURE) + ")");
                    }
                }
                case TAIL_LEN -> {
                    if (v < 0) {
                        throw malformed(Reason.MALFORMED_FRAME, "OX_DATA_WITH_SIZE tail length: " + v
                                + " (expected: >= 0)");
                    }
                    if (v > limits.maxStringBytes()) {
                        throw cmoLimit("OX_DATA_WITH_SIZE tail length: " + v + " (expected: <= "
                                + limits.maxStringBytes() + ")");
                    }
                    pushSkip(v);
                }
                default -> throw new IllegalStateException("scanner task " + kind);
            }
        }
        return scanned;
    }

    private void pushFrameBody() {
        if (frameTag == COMMAND) {
            pushSkip(4);
        } else if (frameTag == DATA) {
            push(CMO, 0, 0, 0);
        } else if (frameTag == DATA_WITH_SIZE) {
            // pushed in reverse: size word, CMO, signature, tail
            push(TAIL_LEN, 0, 0, 0);
            push(SIGNATURE, 0, 0, 0);
            push(CMO, 0, 0, 0);
            pushSkip(4);
        } else if (frameTag != SYNC_BALL) {
            if (OxFrames.isLocalObjectTag(frameTag)) {
                throw malformed(Reason.LOCAL_OBJECT, "local object 0x" + Integer.toHexString(frameTag)
                        + " cannot be delimited (not supported)");
            }
            throw malformed(Reason.UNKNOWN_TAG, "unknown OX tag: " + frameTag + " (0x"
                    + Integer.toHexString(frameTag) + ")");
        }
    }

    /** Expands one CMO whose tag {@code code} was just read, at nesting depth {@code depth}. */
    private void pushCmo(int code, int depth) {
        CmoType type = CmoType.fromCode(code).orElseThrow(() -> malformed(Reason.UNDECODABLE_CMO,
                "unknown CMO tag: " + code + " (0x" + Integer.toHexString(code) + ")"));
        if (depth >= limits.maxDepth()) {
            throw cmoLimit("nesting depth: " + (depth + 1) + " (expected: <= " + limits.maxDepth() + ")");
        }
        pushBody(type, depth + 1);
    }

    private void pushBody(CmoType type, int d) {
        switch (type) {
            case NULL, ZERO, DMS_GENERIC, ERROR -> {
            }
            case INT32 -> pushSkip(4);
            case MACHINE_DOUBLE_64, IEEE_DOUBLE_FLOAT -> pushSkip(8);
            case DATUM, STRING, ATOM -> push(BYTES_LEN, 0, d, type.code());
            case MATHCAP, ERROR2, DMS_OF_N_VARIABLES, RING_BY_NAME, INDETERMINATE -> push(CMO, 0, d, 0);
            case LIST, ARRAY -> push(LIST_COUNT, 0, d, type.code());
            case MONOMIAL32 -> push(MONO_COUNT, 0, d, 0);
            case ZZ -> push(ZZ_LEN, 0, d, 0);
            case QQ, BIGFLOAT -> {
                push(ZZ_LEN, 0, d, 0);
                push(ZZ_LEN, 0, d, 0);
            }
            case RECURSIVE_POLYNOMIAL, RATIONAL, COMPLEX, LAMBDA -> push(REPEAT_CMO, 2, d, 0);
            case TREE -> push(REPEAT_CMO, 3, d, 0);
            case DISTRIBUTED_POLYNOMIAL -> push(DP_COUNT, 0, d, 0);
            case POLYNOMIAL_IN_ONE_VARIABLE -> push(UNI_COUNT, 0, d, 0);
            case BIGFLOAT32 -> {
                push(BF32_LEN, 0, d, 0);
                pushSkip(12);
            }
            default -> throw malformed(Reason.UNDECODABLE_CMO, "unsupported CMO type: " + type.specName());
        }
    }

    private long checkedLength(int n, int max, int tag) {
        String what = CmoType.fromCode(tag).map(CmoType::specName).orElse("CMO " + tag);
        if (n < 0) {
            throw malformed(Reason.UNDECODABLE_CMO, what + " length: " + n + " (expected: >= 0)");
        }
        if (n > max) {
            throw cmoLimit(what + " length: " + n + " (expected: <= " + max + ")");
        }
        return n;
    }

    private int checkedCount(int n, int tag) {
        String what = CmoType.fromCode(tag).map(CmoType::specName).orElse("CMO " + tag);
        if (n < 0) {
            throw malformed(Reason.UNDECODABLE_CMO, what + " count: " + n + " (expected: >= 0)");
        }
        if (n > limits.maxElements()) {
            throw cmoLimit(what + " count: " + n + " (expected: <= " + limits.maxElements() + ")");
        }
        return n;
    }

    private void pushSkip(long n) {
        if (n == 0) {
            return;
        }
        committed = Math.max(committed, scanned) + n;
        if (committed > limits.maxMessageBytes()) {
            throw malformed(Reason.MESSAGE_TOO_LARGE, "frame needs at least " + committed + " bytes (expected: <= "
                    + limits.maxMessageBytes() + ")");
        }
        push(SKIP, n, 0, 0);
    }

    private void push(int kind, long arg, int depth, int tag) {
        if (size == kinds.length) {
            int n = size * 2;
            kinds = Arrays.copyOf(kinds, n);
            args = Arrays.copyOf(args, n);
            depths = Arrays.copyOf(depths, n);
            tags = Arrays.copyOf(tags, n);
        }
        kinds[size] = kind;
        args[size] = arg;
        depths[size] = depth;
        tags[size] = tag;
        size++;
    }

    private OxDecoderException cmoLimit(String message) {
        return malformed(Reason.LIMIT_EXCEEDED, message);
    }

    private OxDecoderException malformed(Reason reason, String message) {
        return OxDecoderException.inFrame(reason, frameTag, frameSerial, message, null);
    }
}
