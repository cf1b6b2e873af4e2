package org.ox4j.mpi.topo;

/** A rows × cols torus (mesh with wraparound), ranks numbered row-major: rank = row·cols + col. */
public record Torus2D(int rows, int cols) {
    public Torus2D {
        if (rows < 1 || cols < 1) {
            throw new IllegalArgumentException("torus: " + rows + "x" + cols + " (expected: >= 1x1)");
        }
    }

    /** The most nearly square torus of exactly {@code p} ranks (rows = largest divisor ≤ √p). */
    public static Torus2D forSize(int p) {
        Topologies.checkSize(p);
        int rows = (int) Math.sqrt(p);
        while (p % rows != 0) {
            rows--;
        }
        return new Torus2D(rows, p / rows);
    }

    public int size() {
        return rows * cols;
    }

    public int row(int r) {
        return r / cols;
    }

    public int col(int r) {
        return r % cols;
    }

    public int rank(int row, int col) {
        return Math.floorMod(row, rows) * cols + Math.floorMod(col, cols);
    }

    public int east(int r) {
        return rank(row(r), col(r) + 1);
    }

    public int west(int r) {
        return rank(row(r), col(r) - 1);
    }

    public int south(int r) {
        return rank(row(r) + 1, col(r));
    }

    public int north(int r) {
        return rank(row(r) - 1, col(r));
    }
}
