package org.ox4j.mpi.topo;

/** A ring of {@code size} ranks: rank r is linked to r ± 1 mod size. */
public record Ring(int size) {
    public Ring {
        Topologies.checkSize(size);
    }

    public int right(int r) {
        return (r + 1) % size;
    }

    public int left(int r) {
        return (r - 1 + size) % size;
    }

    /** Hops between two ranks along the shorter direction. */
    public int distance(int a, int b) {
        int d = Math.floorMod(b - a, size);
        return Math.min(d, size - d);
    }
}
