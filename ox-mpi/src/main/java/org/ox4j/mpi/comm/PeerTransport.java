package org.ox4j.mpi.comm;

import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import org.ox4j.cmo.Cmo;

/**
 * The link layer under a {@link Communicator}: reliable, per-link FIFO delivery of CMOs between the ranks
 * {@code 0..size()-1} of one server group.
 *
 * <p>Contract (implemented over RFC-102 server-to-server links and, for tests, by the test-jar's
 * {@code InMemoryTransport}):
 * <ul>
 *   <li>{@link #send} never blocks the caller; the future completes when the message has been handed to the
 *       link (written to the socket buffer / the peer's queue) and fails if the link is or becomes broken. A
 *       transport need not support {@code dest == rank()}: the communicator delivers self-messages locally.</li>
 *   <li>Messages from one source to one destination arrive in the order of the {@code send} calls.</li>
 *   <li>Exactly one {@link Listener} is registered (before the first message can arrive); it is called on the
 *       transport's I/O threads, one call at a time per link, and must not block. Inbound messages are always
 *       consumed, whatever the application threads are doing, so no link is ever stalled by a blocked
 *       receiver (the progress rule).</li>
 *   <li>{@link Listener#onLinkFailure} is called at most once per peer when its link breaks; messages already
 *       delivered stay valid.</li>
 * </ul>
 * Messages that are not MPI envelopes (see {@link PeerWire#isEnvelope}) may share the link; the communicator
 * ignores them with a log line, so a transport may also pass plain RFC-102 data to the same listener.
 */
public interface PeerTransport {
    /** This process's rank, {@code 0 <= rank < size}. */
    int rank();

    /** Number of ranks in the group. */
    int size();

    /** Queues {@code message} for rank {@code dest}; completes when handed to the link. Never blocks. */
    CompletableFuture<Void> send(int dest, Cmo message);

    /**
     * Writes {@code message} to rank {@code dest} on the calling thread if the link is idle now (nothing queued for
     * it, no write under way) and the transport writes such a message inline: true once it is written; false, having
     * written nothing, otherwise (then use {@link #send}). The message is encoded as it is written, so what it reads
     * then (a {@link org.ox4j.cmo.CmoDatum#filledBy filled datum} over the caller's array) may change as soon as this
     * returns. Fails (a RuntimeException) if the link is or becomes broken. The default never writes here.
     */
    default boolean sendHere(int dest, Cmo message) {
        return false;
    }

    /**
     * Queues {@code header} for rank {@code dest}, followed on the same link by a body of {@code length} raw bytes
     * taken from {@code chunks} as they come (the writer waits for them; other messages to {@code dest} wait
     * behind the body). Completes when the last byte has been handed to the link. Never blocks. The receiver's
     * listener gets {@link Listener#onMessage} for the header, then {@link Listener#onStream} for the body.
     */
    CompletableFuture<Void> sendStream(int dest, Cmo header, long length, StreamChunks chunks);

    /**
     * Writes {@code header} and a body of {@code length} raw bytes to rank {@code dest} on the calling thread, if the
     * link is idle now (nothing queued for it, no write under way): {@code body} writes the bytes through the writer
     * it is given, each call returning once the socket took them. True once every byte went; false, having written
     * nothing, if the link is busy (then use {@link #sendStream}). The receiver sees what {@link #sendStream} sends.
     * Fails ({@link CommException}) if the link breaks. The default never writes here.
     */
    default boolean sendStreamHere(int dest, Cmo header, long length,
            java.util.function.Consumer<StreamChunks.ChunkWriter> body) {
        return false;
    }

    /**
     * The longest stream body a peer may announce ({@link org.ox4j.cmo.io.CmoLimits#maxMessageBytes()} of the
     * links): longer stream headers are refused before anything is allocated for them.
     */
    default long maxStreamBytes() {
        return org.ox4j.cmo.io.CmoLimits.DEFAULT.maxMessageBytes();
    }

    /**
     * Lets the calling thread, about to wait until {@code done} holds for something only a message from {@code peer}
     * can bring about, read that link itself until then or until {@code deadline} (System.nanoTime): the message
     * is then decoded and matched on the thread that needs it, without the wake-up of an I/O thread and the hand-off
     * from it. May return earlier (another thread reads that link, the next frame is one only the I/O thread
     * handles); the caller then waits as usual. The default reads nothing.
     */
    default void readWhileWaiting(int peer, BooleanSupplier done, long deadline) throws InterruptedException {
    }

    /**
     * A stream header from {@code peer} was just delivered, so its body follows on that link at once. A body whose
     * consumer may block (a stream's handler, a relay) is the I/O thread's: a transport whose I/O thread stays away
     * from a link while waiting threads read it should read on now rather than after a pause. A body that is only
     * copied into place ({@code waiterMayRead}: a large message's array, whose consumer never blocks) may be read
     * by the waiting thread that read the header, which then needs no I/O thread to wake up and wake it in turn.
     * The default does nothing.
     */
    default void bodyFollows(int peer, boolean waiterMayRead) {
    }

    /** Registers the single inbound listener; a second registration is an {@link IllegalStateException}. */
    void setListener(Listener listener);

    /** Inbound callbacks, invoked on I/O threads in per-link FIFO order. */
    interface Listener {
        /** A message from rank {@code source}. Must not block. */
        void onMessage(int source, Cmo message);

        /**
         * A data message from rank {@code source} with an array payload whose elements have not been read yet: where
         * they go (into the posted receive it matched, claimed now: its buffer, or a new array for a receive without
         * one), or null to have the whole message passed to {@link #onMessage} as usual. Must not block.
         */
        default ArrayDestination onArrayPrefix(int source, PeerWire.ArrayPrefix prefix) {
            return null;
        }

        /**
         * The body of a stream from rank {@code source}, right after its header went to {@link #onMessage}. The
         * listener reads it here, on the I/O thread (blocking only on that link's socket); unread bytes are skipped.
         */
        void onStream(int source, StreamBody body);

        /** The link to {@code peer} has failed; no further messages will come from it. */
        void onLinkFailure(int peer, Throwable cause);
    }
}
