package org.ox4j.mpi.comm;

/**
 * What a completed operation reports (MPI_Status): the source and tag of the matched message, its element
 * count ({@link Payload#count()}) and encoded size, and whether the operation was cancelled. For send requests
 * {@code source} is this rank and {@code tag} the send tag.
 */
public record Status(int source, int tag, int count, long byteCount, boolean cancelled) {
    /** Status of a cancelled operation. */
    public static Status cancelledStatus() {
        return new Status(Communicator.ANY_SOURCE, Communicator.ANY_TAG, 0, 0, true);
    }

    /** Status of an operation with {@link Communicator#PROC_NULL} as peer. */
    public static Status procNull() {
        return new Status(Communicator.PROC_NULL, Communicator.ANY_TAG, 0, 0, false);
    }
}
