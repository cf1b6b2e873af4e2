package org.ox4j.cmo;

import java.util.Arrays;

/**
 * {@code CMO_BIGFLOAT32} (52) as Asir and ox_toolkit write it: precision in bits, sign (1 or -1), binary
 * exponent, and the mantissa words least significant first (the {@code len} word on the wire is the number
 * of words).
 */
public final class CmoBigFloat32 implements Cmo {
    private final int precision;
    private final int sign;
    private final int exponent;
    private final int[] words;

    private CmoBigFloat32(int precision, int sign, int exponent, int[] words) {
        this.precision = precision;
        this.sign = sign;
        this.exponent = exponent;
        this.words = words;
    }

    /** A bigfloat with a copy of {@code words}. */
    public static CmoBigFloat32 of(int precision, int sign, int exponent, int[] words) {
        return new CmoBigFloat32(precision, sign, exponent, words.clone());
    }

    /** Takes ownership of freshly read words. */
    public static CmoBigFloat32 wrap(int precision, int sign, int exponent, int[] words) {
        return new CmoBigFloat32(precision, sign, exponent, words);
    }

    public int precision() {
        return precision;
    }

    public int sign() {
        return sign;
    }

    public int exponent() {
        return exponent;
    }

    /** A copy of the mantissa words, least significant first. */
    public int[] words() {
        return words.clone();
    }

    /** Number of mantissa words. */
    public int wordCount() {
        return words.length;
    }

    /** Mantissa word {@code i} (0 = least significant). */
    public int word(int i) {
        return words[i];
    }

    @Override
    public CmoType type() {
        return CmoType.BIGFLOAT32;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CmoBigFloat32 b && precision == b.precision && sign == b.sign
                && exponent == b.exponent && Arrays.equals(words, b.words);
    }

    @Override
    public int hashCode() {
        return ((precision * 31 + sign) * 31 + exponent) * 31 + Arrays.hashCode(words);
    }

    @Override
    public String toString() {
        return "CmoBigFloat32[prec=" + precision + ", sign=" + sign + ", exp=" + exponent + ", words="
                + words.length + "]";
    }
}
