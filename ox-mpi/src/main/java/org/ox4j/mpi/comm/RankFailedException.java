package org.ox4j.mpi.comm;

/**
 * A rank of the group has failed: its link broke (closed, reset, or declared dead by TCP keepalive), another rank
 * reported that failure, or it did not answer within a collective's timeout. The message always reads
 * {@code "rank N failed: detail"} and {@link #rank()} is N, the failed rank, which is not necessarily the peer the
 * failing operation talked to: once a failure is known, every collective of the group fails naming it.
 */
public class RankFailedException extends CommException {
    private final String detail;

    public RankFailedException(int failedRank, String detail) {
        this(failedRank, detail, null);
    }

    public RankFailedException(int failedRank, String detail, Throwable cause) {
        super("rank " + failedRank + " failed: " + detail, failedRank, cause);
        if (failedRank < 0) {
            throw new IllegalArgumentException("failedRank: " + failedRank + " (expected: >= 0)");
        }
        this.detail = detail;
    }

    /** What happened, without the leading {@code "rank N failed: "}. */
    public String detail() {
        return detail;
    }
}
