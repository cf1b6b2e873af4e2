package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Where the elements of one array message go, decided before they are read ({@link PeerTransport.Listener#
 * onArrayPrefix}): the buffer of the receive the message matched, or a new array of the message's kind and length for
 * a receive without one. The link hands over the elements' bytes in pieces as they come off the socket, then
 * completes it once; if the link fails in between, it fails it instead, so the receive does not wait for bytes that
 * will not come.
 */
public final class ArrayDestination {
    private final StreamedPayload.Assembler elements;
    private final Consumer<Payload> completion;
    private final Consumer<Throwable> failure;

    /**
     * @param completion given the payload once every byte is in (the receive's buffer, or the new array)
     * @param failure    given the cause if the message is not read to its end
     */
    ArrayDestination(StreamedPayload.Assembler elements, Consumer<Payload> completion, Consumer<Throwable> failure) {
        this.elements = Objects.requireNonNull(elements, "elements");
        this.completion = completion;
        this.failure = failure;
    }

    /** Takes the next piece of the elements' little-endian bytes, from {@code piece}'s position to its limit. */
    public void accept(ByteBuffer piece) {
        elements.accept(piece);
    }

    /**
     * Room for the next bytes (at most {@code max}) in the receive buffer itself, when that is direct memory, where
     * the link reads them with no copy; null otherwise, and the link hands them to {@link #accept}. Bytes read into
     * it count once {@link #filledInPlace} is told.
     */
    public ByteBuffer directRoom(long max) {
        return elements.directRoom(max);
    }

    /** {@code n} bytes were read into the room {@link #directRoom} gave. */
    public void filledInPlace(int n) {
        elements.filledInPlace(n);
    }

    /** Every byte was taken: the receive completes with its buffer or the new array. */
    public void complete() {
        completion.accept(elements.result());
    }

    /** The message could not be read to its end: the receive fails with {@code cause}. */
    public void fail(Throwable cause) {
        failure.accept(cause);
    }
}
