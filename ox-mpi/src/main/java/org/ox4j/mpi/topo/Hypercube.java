package org.ox4j.mpi.topo;

/** A d-dimensional hypercube of 2^d ranks: r is linked to r ⊕ 2^k for each dimension k. */
public record Hypercube(int dimension) {
    public Hypercube {
        if (dimension < 0 || dimension > 30) {
            throw new IllegalArgumentException("dimension: " + dimension + " (expected: 0..30)");
        }
    }

    /** The cube of exactly {@code p} ranks; p must be a power of two. */
    public static Hypercube forSize(int p) {
        Topologies.checkSize(p);
        if (Integer.bitCount(p) != 1) {
            throw new IllegalArgumentException("hypercube size: " + p + " (expected: a power of two)");
        }
        return new Hypercube(Integer.numberOfTrailingZeros(p));
    }

    public int size() {
        return 1 << dimension;
    }

    public int neighbour(int r, int k) {
        return r ^ (1 << k);
    }

    /** Hops between two nodes (Hamming distance; E-cube routing takes exactly this many). */
    public int distance(int a, int b) {
        return Integer.bitCount(a ^ b);
    }
}
