package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;

/**
 * The raw bytes of one stream as a transport receives them (the body of a bulk frame). It is read on the
 * transport's I/O thread during {@link PeerTransport.Listener#onStream}; what the listener leaves unread is skipped.
 */
public interface StreamBody {
    /** Number of bytes in the body. */
    long length();

    /** Fills {@code dst} from its position to its limit with the next bytes of the body. */
    void readFully(ByteBuffer dst);

    /**
     * Reads at least {@code min} (at most {@code dst.remaining()}) next bytes of the body into {@code dst}: what has
     * arrived so far, waiting only until there are {@code min}. Returns the number read. This default reads
     * {@code dst} full.
     */
    default int readSome(ByteBuffer dst, int min) {
        int n = dst.remaining();
        readFully(dst);
        return n;
    }
}
