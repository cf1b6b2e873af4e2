package org.ox4j.benchmarks.coll;

/**
 * One measurement: {@code median} seconds of {@code collective} with {@code algorithm} on {@code p} servers at
 * {@code bytes}, the cost model's prediction, whether the selector would pick this algorithm, and the Open MPI
 * reference time (NaN when none) and the bandwidth lower bound of the collective (NaN when not known).
 */
public record Row(String collective, String algorithm, int p, long bytes, double median, double model,
        boolean selected, double mpi, double bound) {
    /** The same row with the Open MPI time. */
    public Row withMpi(double seconds) {
        return new Row(collective, algorithm, p, bytes, median, model, selected, seconds, bound);
    }

    /** ox4j time / bandwidth bound, NaN without a bound. */
    public double boundRatio() {
        return Double.isNaN(bound) || bound <= 0 ? Double.NaN : median / bound;
    }

    /** ox4j time / Open MPI time, NaN without a reference. */
    public double ratio() {
        return Double.isNaN(mpi) || mpi <= 0 ? Double.NaN : median / mpi;
    }
}
