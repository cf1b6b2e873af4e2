package org.ox4j.mpi.comm;

/**
 * A point-to-point or collective communication error. {@link #rank()} names the peer involved when one is
 * known (for example the rank whose link failed), else {@link #NO_RANK}.
 */
public class CommException extends RuntimeException {
    /** Value of {@link #rank()} when no single peer is to blame. */
    public static final int NO_RANK = -1;

    private final int rank;

    public CommException(String message) {
        this(message, NO_RANK, null);
    }

    public CommException(String message, int rank) {
        this(message, rank, null);
    }

    public CommException(String message, int rank, Throwable cause) {
        super(message, cause);
        this.rank = rank;
    }

    /** The peer rank this error concerns, or {@link #NO_RANK}. */
    public int rank() {
        return rank;
    }
}
