package org.ox4j.cmo.io;

import org.ox4j.cmo.CmoTruncatedException;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.UnsupportedCmoTypeException;

/**
 * Walks the structure of one CMO without building it, to find where it ends. OX frames carry no length, so a
 * streaming decoder scans first and decodes only once the whole message is there: partial input then costs
 * no allocation, and leaves (strings, limbs) are skipped in constant time. Applies the same limits as
 * {@link CmoReader}; throws {@link CmoTruncatedException} when the input ends first.
 */
public final class CmoScanner {
    private final ByteSource in;
    private final CmoLimits limits;

    public CmoScanner(ByteSource in, CmoLimits limits) {
        this.in = in;
        this.limits = limits;
    }

    /** Skips one complete CMO in {@code in}. */
    public static void skip(ByteSource in, CmoLimits limits) {
        new CmoScanner(in, limits).skipCmo(0);
    }

    private void skipCmo(int depth) {
        int tag = in.readInt();
        CmoType type = CmoType.fromCode(tag).orElseThrow(() -> new UnsupportedCmoTypeException(tag));
        skipBody(type, depth);
    }

    private void skipBody(CmoType type, int depth) {
        CmoLimitChecks.depth(limits, depth);
        int d = depth + 1;
        switch (type) {
            case NULL, ZERO, DMS_GENERIC, ERROR -> {
            }
            case INT32 -> skipBytes(4);
            case MACHINE_DOUBLE_64, IEEE_DOUBLE_FLOAT -> skipBytes(8);
            case DATUM, STRING, ATOM -> {
                skipBytes(CmoLimitChecks.byteLength(limits, type.specName(), in.readInt()));
            }
            case MATHCAP, ERROR2, DMS_OF_N_VARIABLES, RING_BY_NAME, INDETERMINATE -> skipCmo(d);
            case LIST, ARRAY -> {
                int n = count(type, 4);
                for (int i = 0; i < n; i++) {
                    skipCmo(d);
                }
            }
            case MONOMIAL32 -> {
                int n = count(type, 4);
                skipBytes(4L * n);
                skipCmo(d);
            }
            case ZZ -> skipZZ();
            case QQ, BIGFLOAT -> {
                skipZZ();
                skipZZ();
            }
            case RECURSIVE_POLYNOMIAL, RATIONAL, COMPLEX, LAMBDA -> {
                skipCmo(d);
                skipCmo(d);
            }
            case TREE -> {
                skipCmo(d);
                skipCmo(d);
                skipCmo(d);
            }
            case DISTRIBUTED_POLYNOMIAL -> {
                int m = count(type, 8);
                skipCmo(d);
                for (int i = 0; i < m; i++) {
                    skipCmo(d);
                }
            }
            case POLYNOMIAL_IN_ONE_VARIABLE -> {
                int m = count(type, 8);
                skipBytes(4);
                for (int i = 0; i < m; i++) {
                    skipBytes(4);
                    skipCmo(d);
                }
            }
            case BIGFLOAT32 -> {
                skipBytes(12);
                skipBytes(4L * CmoLimitChecks.bigFloatWords(limits, in.readInt()));
            }
            default -> throw new UnsupportedCmoTypeException(type.code());
        }
    }

    private int count(CmoType type, int minBytesPerItem) {
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
