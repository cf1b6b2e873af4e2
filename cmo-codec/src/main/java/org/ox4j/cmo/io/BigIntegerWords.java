package org.ox4j.cmo.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import org.ox4j.cmo.LimbOrder;

/**
 * Linear-time conversion between {@link BigInteger} magnitudes and the 32-bit limb arrays of {@code CMO_ZZ}
 * (least significant limb first, each limb in the connection byte order). The old OpenXM Java library divided
 * by 2^32 repeatedly, which is quadratic; here every conversion is a constant number of passes over one byte
 * array.
 *
 * <p>The key observation: the limb bytes and the big-endian magnitude padded to a multiple of 4 bytes are
 * the same bytes in a different order ({@link LimbOrder}), so one in-place routine serves {@link #toLimbBytes}
 * and {@link #fromLimbBytes}. The codec's hot path goes further and moves whole limbs between the sink/source and
 * the big-endian array the {@link BigInteger} API works with, one int32 at a time; the remaining cost is in
 * {@link BigInteger#toByteArray()} and {@link BigInteger#BigInteger(int, byte[])}.
 */
public final class BigIntegerWords {
    /** From this many limbs on, limbs are moved in bulk rather than one int32 at a time. */
    private static final int BULK_WORDS = 16;
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private BigIntegerWords() {
    }

    /** Number of 32-bit words needed for |v| (0 for zero). */
    public static int wordCount(BigInteger v) {
        return (v.abs().bitLength() + 31) >>> 5;
    }

    /**
     * The wire bytes of the limbs of |v|: {@code 4 * wordCount(v)} bytes, limbs low first, each limb in
     * {@code order}.
     */
    public static byte[] toLimbBytes(BigInteger v, ByteOrder order) {
        byte[] be = v.abs().toByteArray(); // big-endian two's complement of |v|: maybe one leading 0 byte
        int start = be.length > 0 && be[0] == 0 ? 1 : 0;
        int magLen = be.length - start;
        int words = (magLen + 3) >>> 2;
        byte[] out = new byte[words * 4];
        System.arraycopy(be, start, out, out.length - magLen, magLen);
        LimbOrder.swap(out, order);
        return out;
    }

    /** The magnitude whose limbs are {@code limbBytes} (length a multiple of 4), as written in {@code order}. */
    public static BigInteger fromLimbBytes(byte[] limbBytes, ByteOrder order) {
        return LimbOrder.magnitude(limbBytes, order);
    }

    /**
     * Writes the limbs of {@code magnitude} (which must not be negative) to {@code out}, low limb first, each
     * as one int32 in the sink's order, without an intermediate limb array: limb k is read straight out of
     * the big-endian byte form.
     *
     * @return the number of limbs written
     */
    static int writeLimbs(BigInteger magnitude, ByteSink out) {
        byte[] be = magnitude.toByteArray();
        int start = be.length > 0 && be[0] == 0 ? 1 : 0;
        int magLen = be.length - start;
        int words = (magLen + 3) >>> 2;
        if (words >= BULK_WORDS) {
            // big numbers: one reordering pass and one bulk write instead of an int32 call per limb
            byte[] limbs = new byte[4 * words];
            System.arraycopy(be, start, limbs, limbs.length - magLen, magLen);
            LimbOrder.swap(limbs, out.order());
            out.writeBytes(limbs, 0, limbs.length);
            return words;
        }
        int fullWords = magLen >>> 2;
        int end = be.length;
        for (int k = 0; k < fullWords; k++) {
            out.writeInt((int) INT_BE.get(be, end - 4 * (k + 1)));
        }
        if (fullWords < words) {
            // the most significant limb has only magLen % 4 bytes
            int top = 0;
            for (int i = start; i < end - 4 * fullWords; i++) {
                top = (top << 8) | (be[i] & 0xff);
            }
            out.writeInt(top);
        }
        return words;
    }

    /**
     * Reads {@code words} limbs from {@code in} (low limb first, in the source's order) and returns the
     * magnitude; each limb is stored straight into its place in the big-endian byte array the
     * {@link BigInteger} constructor wants. The caller has checked that the bytes are available.
     */
    static BigInteger readLimbs(ByteSource in, int words) {
        byte[] be = new byte[words * 4];
        if (words >= BULK_WORDS) {
            // big numbers: one bulk read (straight from the socket for very large ones) and one reordering pass
            in.readBytes(be, 0, be.length);
            LimbOrder.swap(be, in.order());
            return new BigInteger(1, be);
        }
        for (int k = words - 1; k >= 0; k--) {
            // the i-th limb read (i = words-1-k) is the i-th word from the end of the big-endian array
            INT_BE.set(be, 4 * k, in.readInt());
        }
        return new BigInteger(1, be);
    }
}
