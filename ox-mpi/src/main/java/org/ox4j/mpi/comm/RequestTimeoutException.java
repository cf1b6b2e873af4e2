package org.ox4j.mpi.comm;

/**
 * A wait for a request ran out of time; the operation stays pending. {@link #rank()} is the peer the request
 * waits for (the destination of a send, the source of a receive) when there is exactly one, else
 * {@link #NO_RANK}.
 */
public class RequestTimeoutException extends CommException {
    public RequestTimeoutException(String message, int rank) {
        super(message, rank);
    }
}
