package org.ox4j.mpi.topo;

/**
 * Binary-reflected Gray code G(i) = i ⊕ (i >> 1): consecutive codes differ in one bit and G(2^d − 1) is one bit
 * from G(0), so a ring of 2^d nodes embeds in a d-cube with dilation 1; a 2^r × 2^s mesh or torus embeds in an
 * (r+s)-cube by concatenating the row and column codes.
 */
public final class GrayCode {
    private GrayCode() {
    }

    /** G(i). */
    public static int encode(int i) {
        return i ^ (i >>> 1);
    }

    /** G⁻¹(g): prefix XOR of the bits. */
    public static int decode(int g) {
        int i = g;
        for (int shift = 1; shift < 32; shift <<= 1) {
            i ^= i >>> shift;
        }
        return i;
    }

    /** Hypercube node of ring position {@code i}. */
    public static int ringToHypercube(int i) {
        return encode(i);
    }

    /**
     * Hypercube node of mesh/torus position (row, col) in a 2^rowBits × 2^colBits grid: G(row) in the high bits,
     * G(col) in the low bits.
     */
    public static int meshToHypercube(int row, int col, int colBits) {
        return (encode(row) << colBits) | encode(col);
    }
}
