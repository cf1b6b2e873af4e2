package org.ox4j.mpi.comm;

import java.util.concurrent.CompletableFuture;

/**
 * The body of a large message ({@link Envelope.Kind#DATA_STREAM}) as it arrives on a link: assembled straight into
 * the matched receive's buffer when a receive was posted before the header came (read from the socket into it,
 * when that buffer is direct memory), else into a new array at once (a link is always drained, so the bytes cannot
 * wait for a receive); a receive that matches later gets that array, or a copy of it in its buffer.
 */
final class LargeBody {
    private final InStream stream;
    private final Status status;
    private CompletableFuture<Payload> assembled;

    LargeBody(InStream stream, Status status) {
        this.stream = stream;
        this.status = status;
    }

    /** The status a probe or receive reports: source, tag, element count and bytes of the announced array. */
    Status status() {
        return status;
    }

    /** No receive matched on arrival: assembles into a new array as the bytes come. */
    synchronized void startUnexpected() {
        if (assembled == null) {
            assembled = start(null);
        }
    }

    /**
     * The payload for the receive that matched this message: its {@code buffer} (null: a new array) filled with the
     * body, once every byte came; fails with the stream's failure, or when the array does not fit the buffer.
     */
    synchronized CompletableFuture<Payload> deliverTo(Payload buffer) {
        if (assembled == null) {
            assembled = start(buffer);
            return assembled;
        }
        return buffer == null ? assembled : assembled.thenApply(p -> {
            p.copyTo(buffer);
            return buffer;
        });
    }

    private CompletableFuture<Payload> start(Payload buffer) {
        if (buffer != null && buffer.isDirect() && buffer.kind() == stream.kind()
                && buffer.byteSize() == stream.length() && stream.startInto(buffer.directBuffer())) {
            return stream.settled().thenApply(v -> buffer);
        }
        StreamedPayload.Assembler a;
        try {
            a = buffer == null ? StreamedPayload.assembler(stream.kind(), stream.length())
                    : StreamedPayload.assemblerInto(stream.kind(), stream.length(), buffer);
        } catch (CommException e) {
            // the receive fails; the body is still read off the link (and dropped), so the link stays usable
            stream.start(stream::release);
            return CompletableFuture.failedFuture(e);
        }
        stream.start(chunk -> {
            try {
                a.accept(chunk);
            } finally {
                stream.release(chunk);
            }
        });
        return stream.settled().thenApply(v -> a.result());
    }
}
