package org.ox4j.cmo.io;

import java.math.BigInteger;
import java.nio.ByteOrder;

/**
 * Linear-time conversion between {@link BigInteger} magnitudes and the 32-bit limb arrays of {@code CMO_ZZ}
 * (least significant limb first, each limb in the connection byte order). The old OpenXM Java library divided
 * by 2^32 repeatedly, which is quadratic; here every conversion is one pass over a byte array.
 */
public final class BigIntegerWords {
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
        byte[] be = v.abs().toByteArray(); // big-endian magnitude, maybe with a leading 0 byte
        int start = be.length > 0 && be[0] == 0 ? 1 : 0;
        int magLen = be.length - start;
        int words = (magLen + 3) >>> 2;
        byte[] out = new byte[words * 4];
        if (order == ByteOrder.LITTLE_ENDIAN) {
            // LE byte string of the magnitude == limb array in LE mode
            for (int i = 0; i < magLen; i++) {
                out[i] = be[be.length - 1 - i];
            }
        } else {
            // limb k holds bytes [4k, 4k+4) of the LE string, written big-endian within the limb
            for (int i = 0; i < magLen; i++) {
                int k = i >>> 2;
                int inLimb = i & 3;
                out[k * 4 + (3 - inLimb)] = be[be.length - 1 - i];
            }
        }
        return out;
    }

    /** The magnitude whose limbs are {@code limbBytes} (length a multiple of 4), as written in {@code order}. */
    public static BigInteger fromLimbBytes(byte[] limbBytes, ByteOrder order) {
        int n = limbBytes.length;
        byte[] be = new byte[n];
        if (order == ByteOrder.LITTLE_ENDIAN) {
            for (int i = 0; i < n; i++) {
                be[n - 1 - i] = limbBytes[i];
            }
        } else {
            int words = n >>> 2;
            for (int k = 0; k < words; k++) {
                int dst = (words - 1 - k) * 4;
                System.arraycopy(limbBytes, k * 4, be, dst, 4);
            }
        }
        return new BigInteger(1, be);
    }
}
