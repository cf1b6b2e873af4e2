package org.ox4j.server.algebra;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Asir's matrix ({@code newmat}): rows × columns elements, 0 where nothing was put, kept row by row. Immutable here:
 * {@code M[i][j] = X} gives the variable a copy. {@code M[i]} is row i as a {@link Vect}. Prints as Asir does, one
 * {@code [ a b ]} line per row; has no CMO form.
 */
public record Mat(int rows, int cols, List<Value> cells) implements Value {
    public Mat {
        if (rows < 0 || cols < 0 || cells.size() != (long) rows * cols) {
            throw new IllegalArgumentException(rows + "×" + cols + " matrix with " + cells.size() + " cells");
        }
        cells = List.copyOf(cells);
    }

    /** A matrix of zeros. */
    public static Mat zeros(int rows, int cols) {
        return new Mat(rows, cols, Collections.nCopies(rows * cols, Value.ZERO));
    }

    public Value get(int i, int j) {
        return cells.get(i * cols + j);
    }

    /** Row {@code i} as a vector. */
    public Vect row(int i) {
        return new Vect(cells.subList(i * cols, (i + 1) * cols));
    }

    /** This matrix with cell (i, j) replaced. */
    public Mat with(int i, int j, Value v) {
        List<Value> out = new ArrayList<>(cells);
        out.set(i * cols + j, v);
        return new Mat(rows, cols, out);
    }

    /** This matrix with row {@code i} replaced by the elements of {@code row} (of length {@link #cols}). */
    public Mat withRow(int i, Vect row) {
        if (row.size() != cols) {
            throw new IllegalArgumentException("a row of " + cols + " elements expected, got " + row.size());
        }
        List<Value> out = new ArrayList<>(cells);
        for (int j = 0; j < cols; j++) {
            out.set(i * cols + j, row.get(j));
        }
        return new Mat(rows, cols, out);
    }
}
