package org.ox4j.mpi.comm;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.ox4j.cmo.Cmo;

/**
 * A group of ranks with MPI-style point-to-point messaging (method names follow the Open MPI Java binding).
 *
 * <p>Semantics in brief (details and deviations in {@code specs/src/main/markdown/peer-messaging.md}):
 * <ul>
 *   <li>Matching on (communicator, source or {@link #ANY_SOURCE}, tag or {@link #ANY_TAG}); user tags are
 *       {@code >= 0}. Non-overtaking per (sender, communicator).</li>
 *   <li>Standard sends are eager: complete once handed to the link. Buffered sends are local and charge the
 *       attached buffer. Synchronous sends complete after the receiver matched them. Ready sends complete after
 *       the receiver confirmed a posted receive, and fail with {@link CommException} if there was none.</li>
 *   <li>Inbound messages are always drained into the unexpected queue, so blocking in one call never stalls a
 *       link. Blocking calls must not be made on a Netty event loop.</li>
 *   <li>A failed link fails every pending operation involving that rank with a {@link CommException} whose
 *       {@link CommException#rank()} names it.</li>
 * </ul>
 * Thread-safe: any thread may call any method. Sends from different threads are unordered.
 */
public final class Communicator {
    /** Wildcard source for receives and probes. */
    public static final int ANY_SOURCE = -1;
    /** Wildcard tag for receives and probes. */
    public static final int ANY_TAG = -1;
    /** The null peer: operations with it complete at once and transfer nothing. */
    public static final int PROC_NULL = -2;

    private final PeerEndpoint endpoint;
    private final int context;
    private final AtomicInteger collectiveSequence = new AtomicInteger();
    private final Communicator collective;

    private Communicator(PeerEndpoint endpoint, int context) {
        this.endpoint = endpoint;
        this.context = context;
        this.collective = (context & 1) == 0 ? new Communicator(endpoint, context + 1) : this;
    }

    /** The communicator of all ranks of {@code transport} (MPI_COMM_WORLD); call once per transport. */
    public static Communicator world(PeerTransport transport) {
        return new Communicator(new PeerEndpoint(transport), 0);
    }

    /** A new communicator over the same ranks with its own matching space; a collective call (same order). */
    public Communicator dup() {
        return new Communicator(endpoint, endpoint.allocateContextPair());
    }

    /**
     * The companion communicator collectives run on: same ranks, a separate context (context + 1), so collective
     * traffic never matches user receives, even with wildcards. For algorithm implementations.
     */
    public Communicator collectiveContext() {
        return collective;
    }

    /**
     * Next collective sequence number of this communicator (every rank calls collectives in the same order, so
     * the numbers agree); algorithms derive their tags from it.
     */
    public int nextCollectiveSequence() {
        return collectiveSequence.getAndIncrement();
    }

    public int rank() {
        return endpoint.rank();
    }

    public int size() {
        return endpoint.size();
    }

    /** Context id of this communicator (even for user communicators). */
    public int context() {
        return context;
    }

    // ---- nonblocking sends ----

    /** Standard-mode nonblocking send. */
    public Request iSend(Payload payload, int dest, int tag) {
        return start(payload, dest, tag, SendMode.STANDARD);
    }

    /** Buffered-mode nonblocking send (local; needs an attached buffer with room). */
    public Request ibSend(Payload payload, int dest, int tag) {
        return start(payload, dest, tag, SendMode.BUFFERED);
    }

    /** Synchronous-mode nonblocking send: completes after the matching receive has started. */
    public Request isSend(Payload payload, int dest, int tag) {
        return start(payload, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** Ready-mode nonblocking send: fails if the receiver had no matching receive posted. */
    public Request irSend(Payload payload, int dest, int tag) {
        return start(payload, dest, tag, SendMode.READY);
    }

    /** Nonblocking send in {@code mode}. */
    public Request start(Payload payload, int dest, int tag, SendMode mode) {
        if (dest == PROC_NULL) {
            return Request.completed(new Message(Status.procNull(), Payload.NONE));
        }
        return endpoint.send(context, payload, dest, tag, mode);
    }

    public Request iSend(Cmo cmo, int dest, int tag) {
        return iSend(Payload.of(cmo), dest, tag);
    }

    public Request ibSend(Cmo cmo, int dest, int tag) {
        return ibSend(Payload.of(cmo), dest, tag);
    }

    public Request isSend(Cmo cmo, int dest, int tag) {
        return isSend(Payload.of(cmo), dest, tag);
    }

    public Request irSend(Cmo cmo, int dest, int tag) {
        return irSend(Payload.of(cmo), dest, tag);
    }

    /**
     * The size from which a standard send of an array is a large message
     * ({@value PeerEndpoint#LARGE_MESSAGE_PROPERTY}): written from the array and read into the posted receive's
     * buffer, so that an array in direct memory passes through the JVM with no copy at either end.
     */
    public static long largeMessageBytes() {
        return PeerEndpoint.largeMessageBytes();
    }

    // ---- streams (bulk data relayed chunk by chunk) ----

    /** Bytes per stream chunk buffer ({@value PeerEndpoint#STREAM_CHUNK_PROPERTY}). */
    public static int streamChunkBytes() {
        return PeerEndpoint.streamChunkBytes();
    }

    /**
     * The granularity at which relays pass stream data on: what has arrived once there are this many bytes
     * ({@value PeerEndpoint#STREAM_FORWARD_PROPERTY}, at most a chunk buffer).
     */
    public static int streamForwardBytes() {
        return PeerEndpoint.streamForwardBytes();
    }

    /**
     * Starts sending a stream of {@code length} bytes encoding a {@code kind} payload to {@code dest} (not this
     * rank): fill and {@link OutStream#write} its chunks, then {@link OutStream#await}. The chunks go out while
     * later ones are produced, and a relay can pass on the chunks of an {@link InStream} without copying them.
     * The writer gives up if no chunk comes within {@code producerTimeout} (null: waits as long as it takes).
     */
    public OutStream sendStream(int dest, int tag, Payload.Kind kind, long length, java.time.Duration producerTimeout) {
        return endpoint.sendStream(context, dest, tag, kind, length, producerTimeout);
    }

    /**
     * Receives the next stream from {@code source} with {@code tag} (no wildcards), waiting at most {@code timeout}
     * for it to start (null: no limit). Streams match in the order they were sent.
     */
    public InStream recvStream(int source, int tag, Duration timeout) {
        return recvStream(source, tag, timeout, in -> in);
    }

    /**
     * As {@link #recvStream(int, int, Duration)}, returning what {@code onArrival} makes of the stream; it runs on
     * the link's thread as soon as the header arrives, before the body (e.g. to start a relay at once).
     */
    public <R> R recvStream(int source, int tag, Duration timeout, Function<InStream, R> onArrival) {
        return endpoint.receiveStream(context, source, tag, timeout, onArrival);
    }

    // ---- blocking sends ----

    public void send(Payload payload, int dest, int tag) {
        iSend(payload, dest, tag).await();
    }

    public void send(Cmo cmo, int dest, int tag) {
        send(Payload.of(cmo), dest, tag);
    }

    public void bSend(Payload payload, int dest, int tag) {
        ibSend(payload, dest, tag).await();
    }

    public void bSend(Cmo cmo, int dest, int tag) {
        bSend(Payload.of(cmo), dest, tag);
    }

    public void sSend(Payload payload, int dest, int tag) {
        isSend(payload, dest, tag).await();
    }

    public void sSend(Cmo cmo, int dest, int tag) {
        sSend(Payload.of(cmo), dest, tag);
    }

    /** Synchronous send that gives up (with {@link CommException}) if not matched within {@code timeout}. */
    public void sSend(Payload payload, int dest, int tag, Duration timeout) {
        isSend(payload, dest, tag).await(timeout);
    }

    public void rSend(Payload payload, int dest, int tag) {
        irSend(payload, dest, tag).await();
    }

    public void rSend(Cmo cmo, int dest, int tag) {
        rSend(Payload.of(cmo), dest, tag);
    }

    // ---- receives ----

    /** Nonblocking receive from {@code source} (or ANY_SOURCE) with {@code tag} (or ANY_TAG). */
    public Request iRecv(int source, int tag) {
        if (source == PROC_NULL) {
            return Request.completed(new Message(Status.procNull(), Payload.NONE));
        }
        checkRecvTag(tag);
        return endpoint.receive(context, source, tag);
    }

    /** Blocking receive. */
    public Message recv(int source, int tag) {
        return iRecv(source, tag).awaitMessage();
    }

    /**
     * Nonblocking receive into {@code buffer} (an array payload; MPI's receive buffer): the message's elements are
     * put into its array, and the completed message's payload is {@code buffer}. A message that is not an array of
     * the buffer's kind and length fails the receive ({@link CommException}). A large message goes straight from
     * the link into the buffer when the receive was posted before it came.
     */
    public Request iRecv(Payload buffer, int source, int tag) {
        java.util.Objects.requireNonNull(buffer, "buffer");
        if (source == PROC_NULL) {
            return Request.completed(new Message(Status.procNull(), Payload.NONE));
        }
        checkRecvTag(tag);
        return endpoint.receive(context, source, tag, buffer);
    }

    /** Blocking receive into {@code buffer} (see {@link #iRecv(Payload, int, int)}). */
    public Message recv(Payload buffer, int source, int tag) {
        return iRecv(buffer, source, tag).awaitMessage();
    }

    /**
     * Blocking receive with a timeout: on expiry the receive is cancelled and {@link CommException} thrown (if
     * a message matched in the meantime it is returned instead, so nothing is lost).
     */
    public Message recv(int source, int tag, Duration timeout) {
        Request r = iRecv(source, tag);
        try {
            return r.awaitMessage(timeout);
        } catch (CommException e) {
            if (r.cancel() || r.isFailed() || !r.test()) {
                throw e;
            }
            return r.awaitMessage();
        }
    }

    /** Blocking probe: status of the oldest matchable message, which stays queued. */
    public Status probe(int source, int tag) {
        checkRecvTag(tag);
        return endpoint.probe(context, source, tag, null);
    }

    /** Probe with a timeout ({@link CommException} on expiry). */
    public Status probe(int source, int tag, Duration timeout) {
        checkRecvTag(tag);
        return endpoint.probe(context, source, tag, timeout);
    }

    /** Nonblocking probe. */
    public Optional<Status> iProbe(int source, int tag) {
        checkRecvTag(tag);
        return endpoint.iProbe(context, source, tag);
    }

    /** Matched probe: takes the oldest matchable message off the queue, reserved for {@link #mRecv}. */
    public MatchedMessage mProbe(int source, int tag) {
        checkRecvTag(tag);
        return endpoint.mProbe(context, source, tag, null);
    }

    /** Matched probe with a timeout ({@link CommException} on expiry). */
    public MatchedMessage mProbe(int source, int tag, Duration timeout) {
        checkRecvTag(tag);
        return endpoint.mProbe(context, source, tag, timeout);
    }

    /** Nonblocking matched probe. */
    public Optional<MatchedMessage> imProbe(int source, int tag) {
        checkRecvTag(tag);
        return endpoint.imProbe(context, source, tag);
    }

    /** Receives a message reserved by a matched probe (MPI_Mrecv). */
    public Message mRecv(MatchedMessage message) {
        return endpoint.mRecv(message);
    }

    /** Nonblocking send-receive (MPI_Isendrecv): completes when both halves have; yields the received message. */
    public Request iSendRecv(Payload payload, int dest, int sendTag, int source, int recvTag) {
        Request r = iRecv(source, recvTag);
        Request s = iSend(payload, dest, sendTag);
        return new Request(r.future().thenCombine(s.future(), (m, ignored) -> m), () -> false);
    }

    // ---- persistent requests ----

    /** Persistent standard send (MPI_Send_init). */
    public PersistentRequest sendInit(Payload payload, int dest, int tag) {
        return new PersistentRequest(() -> iSend(payload, dest, tag));
    }

    /** Persistent buffered send (MPI_Bsend_init). */
    public PersistentRequest bSendInit(Payload payload, int dest, int tag) {
        return new PersistentRequest(() -> ibSend(payload, dest, tag));
    }

    /** Persistent synchronous send (MPI_Ssend_init). */
    public PersistentRequest sSendInit(Payload payload, int dest, int tag) {
        return new PersistentRequest(() -> isSend(payload, dest, tag));
    }

    /** Persistent ready send (MPI_Rsend_init). */
    public PersistentRequest rSendInit(Payload payload, int dest, int tag) {
        return new PersistentRequest(() -> irSend(payload, dest, tag));
    }

    /** Persistent receive (MPI_Recv_init). */
    public PersistentRequest recvInit(int source, int tag) {
        checkRecvTag(tag);
        return new PersistentRequest(() -> iRecv(source, tag));
    }

    /** Sends and receives at once (both posted before either is waited on, so exchanges cannot deadlock). */
    public Message sendRecv(Payload payload, int dest, int sendTag, int source, int recvTag) {
        Request r = iRecv(source, recvTag);
        Request s = iSend(payload, dest, sendTag);
        Message m = r.awaitMessage();
        s.await();
        return m;
    }

    /** As {@link #sendRecv(Payload, int, int, int, int)} with one timeout for both halves. */
    public Message sendRecv(Payload payload, int dest, int sendTag, int source, int recvTag, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Request r = iRecv(source, recvTag);
        Request s = iSend(payload, dest, sendTag);
        Message m = r.awaitMessage(timeout);
        s.await(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        return m;
    }

    // ---- buffered mode ----

    /** Attaches a Bsend buffer of {@code bytes} (one per process/transport). */
    public void attachBuffer(long bytes) {
        endpoint.buffer().attach(bytes);
    }

    /** Waits until all buffered messages have left, detaches the buffer and returns its size. */
    public long detachBuffer() {
        return endpoint.buffer().detach();
    }

    /** Bytes of the attached buffer currently in use (including {@value AttachedBuffer#BSEND_OVERHEAD} per message). */
    public long bufferUsed() {
        return endpoint.buffer().used();
    }

    /** Per-message overhead charged to the Bsend buffer (MPI_BSEND_OVERHEAD). */
    public static int bsendOverhead() {
        return AttachedBuffer.BSEND_OVERHEAD;
    }

    private static void checkRecvTag(int tag) {
        if (tag < 0 && tag != ANY_TAG) {
            throw new CommException("tag: " + tag + " (expected: >= 0 or ANY_TAG)");
        }
    }

    @Override
    public String toString() {
        return "Communicator[context=" + context + ", rank=" + rank() + ", size=" + size() + "]";
    }
}
