package org.ox4j.mpi.coll;

import java.util.function.Function;
import org.ox4j.mpi.comm.InStream;
import org.ox4j.mpi.comm.OutStream;
import org.ox4j.mpi.comm.StreamedPayload;

/** The two sides of a hop of the streamed algorithms. */
final class StreamSends {
    private StreamSends() {
    }

    /** Streams every byte of {@code src} to {@code dest} and waits until the link has taken the last one. */
    static void streamTo(CollChannel ch, int dest, StreamedPayload.Source src) {
        OutStream out = ch.sendStream(dest, src.kind(), src.length());
        out.writeFrom(src, 0, src.length());
        ch.awaitSent(out);
    }

    /**
     * Receives the next stream from {@code source} through {@code onArrival} (on the link's thread, see
     * {@link CollChannel#recvStream(int, Function)}) when {@code out} was opened before; if the
     * stream never comes or does not fit, {@code out} is abandoned so the next rank fails too instead of waiting.
     */
    static <R> R receive(CollChannel ch, int source, OutStream out, Function<InStream, R> onArrival) {
        try {
            return ch.recvStream(source, onArrival);
        } catch (RuntimeException e) {
            if (out != null) {
                out.abort(e);
            }
            throw e;
        }
    }

    /**
     * The rest of the receiving side of a hop whose stream {@code in} was started when it arrived (or is pulled
     * by {@code meanwhile}): runs {@code meanwhile} here, then waits for the last chunk and for {@code out} (null at
     * the end of the chain) to be sent. On any failure {@code out} is abandoned, so the next rank fails too instead
     * of waiting.
     */
    static void finish(CollChannel ch, InStream in, OutStream out, Runnable meanwhile) {
        try {
            meanwhile.run();
            ch.awaitEnd(in);
        } catch (RuntimeException e) {
            if (out != null) {
                out.abort(e);
            }
            throw e;
        }
        if (out != null) {
            ch.awaitSent(out);
        }
    }
}
