package org.ox4j.cmo;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The one rearrangement between the limb bytes of {@code CMO_ZZ} (32-bit limbs, least significant first, each in
 * the connection's byte order) and the big-endian magnitude that {@link java.math.BigInteger} reads and writes: in
 * little-endian mode the limb bytes are the whole magnitude byte-reversed, in network mode the magnitude with its
 * 4-byte words in reverse order. Both are their own inverse, so one in-place routine converts either way. Cost: one
 * pass over the bytes, eight (or four) at a time.
 */
public final class LimbOrder {
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private LimbOrder() {
    }

    /**
     * Converts in place between limb bytes in {@code order} and the big-endian magnitude of the same length
     * (length must be a multiple of 4). Applying it twice restores the input.
     */
    public static void swap(byte[] b, ByteOrder order) {
        int n = b.length;
        if ((n & 3) != 0) {
            throw new IllegalArgumentException("limb bytes: " + n + " (expected: a multiple of 4)");
        }
        if (order == ByteOrder.LITTLE_ENDIAN) {
            reverseBytes(b);
        } else {
            reverseWords(b);
        }
    }

    /** The magnitude whose limbs are {@code limbBytes} (left as they are), as written in {@code order}. */
    public static java.math.BigInteger magnitude(byte[] limbBytes, ByteOrder order) {
        byte[] be = limbBytes.clone();
        swap(be, order);
        return new java.math.BigInteger(1, be);
    }

    /** Full byte reversal, eight bytes at a time where possible. */
    private static void reverseBytes(byte[] b) {
        int lo = 0;
        int hi = b.length - 8;
        while (lo + 8 <= hi) {
            long a = (long) LONG_BE.get(b, lo);
            long z = (long) LONG_BE.get(b, hi);
            LONG_BE.set(b, lo, Long.reverseBytes(z));
            LONG_BE.set(b, hi, Long.reverseBytes(a));
            lo += 8;
            hi -= 8;
        }
        // the middle (fewer than 16 bytes) byte by byte
        int i = lo;
        int j = hi + 7;
        while (i < j) {
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
            i++;
            j--;
        }
    }

    /** Reverses the order of the 4-byte words, keeping the bytes inside each word. */
    private static void reverseWords(byte[] b) {
        int lo = 0;
        int hi = b.length - 4;
        while (lo < hi) {
            int a = (int) INT_BE.get(b, lo);
            int z = (int) INT_BE.get(b, hi);
            INT_BE.set(b, lo, z);
            INT_BE.set(b, hi, a);
            lo += 4;
            hi -= 4;
        }
    }
}
