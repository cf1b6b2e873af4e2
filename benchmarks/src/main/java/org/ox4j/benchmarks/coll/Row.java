package org.ox4j.benchmarks.coll;

/**
 * One measurement: {@code median} seconds of {@code collective} with {@code algorithm} on {@code p} servers at
 * {@code bytes}, the cost model's prediction, whether the selector would pick this algorithm, and the Open MPI
 * reference time (NaN when none).
 */
public record Row(String collective, String algorithm, int p, long bytes, double median, double model,
        boolean selected, double mpi) {
    /** The same row with the Open MPI time. */
    public Row withMpi(double seconds) {
        return new Row(collective, algorithm, p, bytes, median, model, selected, seconds);
    }

    /** ox4j time / Open MPI time, NaN without a reference. */
    public double ratio() {
        return Double.isNaN(mpi) || mpi <= 0 ? Double.NaN : median / mpi;
    }
}
