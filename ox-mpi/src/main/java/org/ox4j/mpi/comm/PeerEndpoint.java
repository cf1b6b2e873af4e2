package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.Cmo;

/**
 * The per-transport engine behind every {@link Communicator} of one process: envelopes out, matching in,
 * synchronous/ready acknowledgements, the Bsend buffer and link-failure handling. It is the transport's single
 * listener, so inbound messages are consumed on I/O threads whatever application threads do (progress).
 */
final class PeerEndpoint implements PeerTransport.Listener {
    private static final Logger LOG = LogManager.getLogger();

    private final PeerTransport transport;
    private final int rank;
    private final int size;
    private final MatchingEngine engine = new MatchingEngine();
    private final AttachedBuffer buffer = new AttachedBuffer();
    private final AtomicInteger[] sequences;
    /** Synchronous and ready sends waiting for ACK/NACK, keyed by (destination, sequence). */
    private final Map<Long, PendingAck> pendingAcks = new ConcurrentHashMap<>();
    private final AtomicInteger nextContext = new AtomicInteger(2);
    private final ChunkPool pool = new ChunkPool(streamChunkBytes());
    private final StreamMatcher streams = new StreamMatcher();
    /** Large messages that arrived, by (source, sequence), until a receive takes them. */
    private final Map<Long, LargeBody> largeBodies = new ConcurrentHashMap<>();
    private final long largeMessageBytes = largeMessageBytes();
    /** Per source: stream headers whose bodies have not arrived yet (the body follows its header on the link). */
    private final ConcurrentLinkedDeque<InStream>[] awaitingBody;

    /**
     * System property: bytes per stream chunk (default 1 MiB), large messages' bodies included: the most a link
     * reader takes into one buffer and a sender fills before it writes. Relays pass data on at a finer grain
     * ({@link #STREAM_FORWARD_PROPERTY}), and a stream's pieces that wait for their receiver are packed together
     * ({@link InStream}), so a large chunk costs no latency and pins no memory; it saves hand-offs and system calls
     * (16 MiB at p = 8 on the 2-core VM, against 128 KiB: streamed chain bcast 57-61 → 48 ms, streamed ring allreduce
     * 104-117 → 85-88 ms; 16 MiB one way at p = 2: 11.1 → 8.2 ms).
     */
    public static final String STREAM_CHUNK_PROPERTY = "ox.comm.streamChunkBytes";

    /**
     * System property: a standard send of an array payload of at least this many bytes (default 512 KiB) is a large
     * message ({@link Envelope.Kind#DATA_STREAM}): the sending thread writes the array through the link in stream
     * chunks and the receiver's link reader puts the bytes straight into the posted receive's array, instead of
     * the array being encoded into a CMO_DATUM, decoded and copied, each a fresh array the size of the message.
     * Why 512 KiB: with 1 MiB chunks and direct payloads a stream won from there on in alternated ping-pong runs
     * (benchmarks/results/messaging-2026-12-04.md); at 2 MiB, the threshold before, it had won with 128 KiB chunks.
     */
    public static final String LARGE_MESSAGE_PROPERTY = "ox.comm.largeMessageBytes";

    static long largeMessageBytes() {
        return Math.max(1, SystemPropertyValues.longInteger(LARGE_MESSAGE_PROPERTY, 512L << 10));
    }

    private record PendingAck(int dest, int tag, SendMode mode, CompletableFuture<Message> future, Status status) {
    }

    PeerEndpoint(PeerTransport transport) {
        this.transport = transport;
        this.rank = transport.rank();
        this.size = transport.size();
        this.sequences = new AtomicInteger[size];
        for (int i = 0; i < size; i++) {
            sequences[i] = new AtomicInteger();
        }
        @SuppressWarnings("unchecked")
        ConcurrentLinkedDeque<InStream>[] pending = new ConcurrentLinkedDeque[size];
        for (int i = 0; i < size; i++) {
            pending[i] = new ConcurrentLinkedDeque<>();
        }
        this.awaitingBody = pending;
        transport.setListener(this);
    }

    int rank() {
        return rank;
    }

    int size() {
        return size;
    }

    AttachedBuffer buffer() {
        return buffer;
    }

    MatchingEngine engine() {
        return engine;
    }

    /** Allocates a pair of context ids (point-to-point, collective); collective call, same order everywhere. */
    int allocateContextPair() {
        return nextContext.getAndAdd(2);
    }

    // ---- sending ----------------------------------------------------------------------------------------

    Request send(int context, Payload payload, int dest, int tag, SendMode mode) {
        checkPeer(dest);
        if (tag < 0) {
            throw new CommException("tag: " + tag + " (expected: >= 0)");
        }
        Status status = new Status(dest, tag, payload.count(), payload.byteSize(), false);
        if (engine.isFailed(dest)) {
            return new Request(CompletableFuture.failedFuture(
                    new RankFailedException(dest, "send to it (it failed earlier)")), () -> false, dest, null);
        }
        if (mode == SendMode.STANDARD && dest != rank && payload.isArray() && payload.byteSize() >= largeMessageBytes
                && payload.byteSize() <= transport.maxStreamBytes()) {
            return sendLarge(context, payload, dest, tag, status);
        }
        long reserved = mode == SendMode.BUFFERED ? buffer.reserve(payload.byteSize()) : 0;
        int seq = sequences[dest].incrementAndGet();
        Envelope env = new Envelope(Envelope.Kind.DATA, context, rank, tag, mode, seq, payload);
        CompletableFuture<Message> done = new CompletableFuture<>();
        boolean needsAck = mode == SendMode.SYNCHRONOUS || mode == SendMode.READY;
        if (needsAck) {
            pendingAcks.put(key(dest, seq), new PendingAck(dest, tag, mode, done, status));
        }
        CompletableFuture<Void> handed = deliver(dest, env);
        handed.whenComplete((v, err) -> {
            if (reserved > 0) {
                buffer.release(reserved);
            }
            if (err != null) {
                pendingAcks.remove(key(dest, seq));
                // the link would not take the message: it is broken, so the peer is gone for this process
                done.completeExceptionally(new RankFailedException(dest, "send: " + rootMessage(err), err));
            } else if (!needsAck) {
                done.complete(new Message(status, Payload.NONE));
            }
        });
        if (mode == SendMode.BUFFERED) {
            // local completion: the data now belongs to the buffer (errors after this are logged only)
            return Request.completed(new Message(status, Payload.NONE));
        }
        // only an acknowledgement comes over the link; a plain send completes when the writer has written it, and a
        // thread reading the link would not notice that
        return new Request(done, () -> false, dest, needsAck ? transport : null);
    }

    /**
     * A large message: its header, then its array written by this thread in stream chunks (so the send returns once
     * the link has taken every byte; the receiver drains its links whatever its threads do, so this cannot wait on
     * a receive being posted).
     */
    private Request sendLarge(int context, Payload payload, int dest, int tag, Status status) {
        long length = payload.byteSize();
        int seq = sequences[dest].incrementAndGet();
        Envelope env = new Envelope(Envelope.Kind.DATA_STREAM, context, rank, tag, SendMode.STANDARD, seq,
                Payload.ofLongs(payload.kind().code(), length));
        try {
            if (transport.sendStreamHere(dest, PeerWire.encode(env), length, w -> writeBody(payload, w))) {
                return Request.completed(new Message(status, Payload.NONE));
            }
        } catch (RuntimeException e) {
            return new Request(CompletableFuture.failedFuture(
                    new RankFailedException(dest, "send: " + rootMessage(e), e)), () -> false, dest, null);
        }
        OutStream out = new OutStream(dest, length, pool, null);
        CompletableFuture<Void> handed;
        try {
            handed = transport.sendStream(dest, PeerWire.encode(env), length, out);
        } catch (RuntimeException e) {
            handed = CompletableFuture.failedFuture(e);
        }
        CompletableFuture<Message> done = handed.handle((v, err) -> {
            if (err != null) {
                throw new RankFailedException(dest, "send: " + rootMessage(err), err);
            }
            return new Message(status, Payload.NONE);
        });
        if (!handed.isDone()) {
            try {
                out.writeFrom(StreamedPayload.source(payload), 0, length);
            } catch (RuntimeException e) {
                // the link broke mid-body (a failed write closes it): the request fails with the link's failure
                LOG.debug("large message to rank {} not sent whole: {}", dest, e.toString());
            }
        }
        return new Request(done, () -> false, dest, null);
    }

    /**
     * Writes an array payload's bytes through {@code w}: direct memory as it is, a Java array through one chunk,
     * refilled for each piece (each write returns once the socket took the piece).
     */
    private void writeBody(Payload payload, StreamChunks.ChunkWriter w) {
        StreamedPayload.Source src = StreamedPayload.source(payload);
        long length = payload.byteSize();
        int piece = pool.chunkBytes();
        ByteBuffer chunk = src.inPlace() ? null : pool.acquire();
        try {
            for (long off = 0; off < length; off += piece) {
                w.write(src.piece(off, (int) Math.min(piece, length - off), chunk));
            }
        } finally {
            if (chunk != null) {
                pool.release(chunk);
            }
        }
    }

    private CompletableFuture<Void> deliver(int dest, Envelope env) {
        if (dest == rank) {
            // self-message: copy arrays as the wire would, then take the inbound path on this thread
            Payload p = env.payload();
            Payload copy = p.isArray() ? PeerWire.payloadFromCmo(p.kind(), PeerWire.payloadToCmo(p)) : p;
            onEnvelope(new Envelope(env.kind(), env.context(), env.source(), env.tag(), env.mode(), env.sequence(),
                    copy));
            return CompletableFuture.completedFuture(null);
        }
        try {
            // an array written on this thread goes from the array into the link's buffer; one queued for the writer
            // thread is copied now, since the caller may change its array once the send has returned
            if (env.payload().isArray() && transport.sendHere(dest, PeerWire.encodeForWriteHere(env))) {
                return CompletableFuture.completedFuture(null);
            }
            return transport.send(dest, PeerWire.encode(env));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** System property: bytes a relay waits for before it passes data on (default 32 KiB, at most a chunk). */
    public static final String STREAM_FORWARD_PROPERTY = "ox.comm.streamForwardBytes";

    static int streamForwardBytes() {
        int n = SystemPropertyValues.integer(STREAM_FORWARD_PROPERTY, 32 * 1024);
        return Math.min(streamChunkBytes(), Math.max(8, n - n % 8));
    }

    static int streamChunkBytes() {
        int n = SystemPropertyValues.integer(STREAM_CHUNK_PROPERTY, 1 << 20);
        return Math.max(8, n - n % 8);
    }

    OutStream sendStream(int context, int dest, int tag, Payload.Kind kind, long length, Duration producerTimeout) {
        checkPeer(dest);
        if (dest == rank) {
            throw new CommException("a stream cannot be sent to the sending rank itself (" + rank + ")");
        }
        if (tag < 0 || length < 0 || length > transport.maxStreamBytes()) {
            throw new CommException("stream tag " + tag + ", length " + length + " (expected: tag >= 0, length 0.."
                    + transport.maxStreamBytes() + ")");
        }
        OutStream out = new OutStream(dest, length, pool, producerTimeout);
        if (engine.isFailed(dest)) {
            out.completion(CompletableFuture.failedFuture(
                    new RankFailedException(dest, "stream to it (it failed earlier)")));
            return out;
        }
        int seq = sequences[dest].incrementAndGet();
        Envelope env = new Envelope(Envelope.Kind.STREAM, context, rank, tag, SendMode.STANDARD, seq,
                Payload.ofLongs(kind.code(), length));
        CompletableFuture<Void> handed;
        try {
            handed = transport.sendStream(dest, PeerWire.encode(env), length, out);
        } catch (RuntimeException e) {
            handed = CompletableFuture.failedFuture(e);
        }
        out.completion(handed);
        return out;
    }

    /**
     * Waits for the next stream of (context, source, tag) and returns what {@code onArrival} made of it. That runs
     * on the link's reader thread the moment the header arrives (on this thread if it had come already), before
     * the first byte of the body is read: a relay can send its own header on and start passing chunks without
     * waiting for this thread to wake up.
     */
    <R> R receiveStream(int context, int source, int tag, Duration timeout, Function<InStream, R> onArrival) {
        checkPeer(source);
        CompletableFuture<InStream> f = streams.post(context, source, tag);
        CompletableFuture<R> r = f.thenApply(onArrival);
        try {
            long deadline = Request.deadlineAfter(timeout);
            transport.readWhileWaiting(source, r::isDone, deadline);
            return timeout == null ? r.get()
                    : r.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            streams.forget(f);
            Thread.currentThread().interrupt();
            throw new CommException("interrupted while waiting for a stream from rank " + source, source);
        } catch (TimeoutException e) {
            streams.forget(f);
            throw new RequestTimeoutException("no stream from rank " + source + " within " + timeout, source);
        } catch (ExecutionException e) {
            throw Request.rethrow(e.getCause());
        }
    }

    private static long key(int dest, int seq) {
        return ((long) dest << 32) | (seq & 0xffffffffL);
    }

    private static String rootMessage(Throwable t) {
        Throwable c = Request.rootCause(t);
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }

    // ---- receiving --------------------------------------------------------------------------------------

    Request receive(int context, int source, int tag) {
        return receive(context, source, tag, null);
    }

    /** A receive into {@code buffer} (an array payload; null: the message's own payload). */
    Request receive(int context, int source, int tag, Payload buffer) {
        checkSource(source);
        if (buffer != null && !buffer.isArray()) {
            throw new CommException("receive buffer " + buffer + " (expected: an array)");
        }
        MatchingEngine.PostedReceive r = new MatchingEngine.PostedReceive(context, source, tag, buffer);
        Envelope e;
        try {
            e = engine.post(r);
        } catch (CommException ex) {
            return new Request(CompletableFuture.failedFuture(ex), () -> false, source, null);
        }
        if (e != null) {
            complete(r, e);
        }
        return new Request(r.future, () -> {
            if (engine.cancel(r)) {
                r.future.complete(new Message(Status.cancelledStatus(), Payload.NONE));
                return true;
            }
            return false;
        }, source == Communicator.ANY_SOURCE ? CommException.NO_RANK : source, transport);
    }

    Status probe(int context, int source, int tag, java.time.Duration timeout) {
        checkSource(source);
        MatchingEngine.ProbeWaiter w = new MatchingEngine.ProbeWaiter(context, source, tag);
        Envelope e = engine.peekOrWait(w);
        if (e != null) {
            return statusOf(e);
        }
        try {
            return timeout == null ? w.future.get()
                    : w.future.get(timeout.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            engine.forgetProbe(w);
            throw new CommException("interrupted in probe");
        } catch (java.util.concurrent.TimeoutException ex) {
            engine.forgetProbe(w);
            throw new CommException("probe: no message after " + timeout);
        } catch (java.util.concurrent.ExecutionException ex) {
            throw Request.rethrow(ex.getCause());
        }
    }

    java.util.Optional<Status> iProbe(int context, int source, int tag) {
        checkSource(source);
        return java.util.Optional.ofNullable(engine.peek(context, source, tag)).map(this::statusOf);
    }

    /** Matched probe: takes the oldest matchable message, waiting up to {@code timeout} (null: forever). */
    MatchedMessage mProbe(int context, int source, int tag, java.time.Duration timeout) {
        long deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos();
        while (true) {
            Envelope e = engine.take(context, source, tag);
            if (e != null) {
                return new MatchedMessage(e, statusOf(e));
            }
            java.time.Duration left = timeout == null ? null
                    : java.time.Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
            if (left != null && left.isZero()) {
                throw new CommException("mProbe: no message after " + timeout);
            }
            probe(context, source, tag, left); // wait for a candidate; another thread may still take it first
        }
    }

    java.util.Optional<MatchedMessage> imProbe(int context, int source, int tag) {
        checkSource(source);
        Envelope e = engine.take(context, source, tag);
        return e == null ? java.util.Optional.empty() : java.util.Optional.of(new MatchedMessage(e, statusOf(e)));
    }

    /** Receives a matched message (acknowledging a synchronous sender now, as the receive starts here). */
    Message mRecv(MatchedMessage m) {
        Envelope e = m.claim();
        if (e.mode() == SendMode.SYNCHRONOUS) {
            reply(Envelope.Kind.ACK, e);
        }
        if (e.kind() == Envelope.Kind.DATA_STREAM) {
            try {
                return new Message(m.status(), takeLarge(e).deliverTo(null).get());
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new CommException("interrupted while receiving a large message from rank " + e.source(),
                        e.source());
            } catch (java.util.concurrent.ExecutionException ex) {
                throw Request.rethrow(ex.getCause());
            }
        }
        return new Message(m.status(), e.payload().fromWireForm());
    }

    private Status statusOf(Envelope e) {
        if (e.kind() == Envelope.Kind.DATA_STREAM) {
            LargeBody b = largeBodies.get(key(e.source(), e.sequence()));
            if (b != null) {
                return b.status();
            }
        }
        return new Status(e.source(), e.tag(), e.payload().count(), e.payload().byteSize(), false);
    }

    private LargeBody takeLarge(Envelope e) {
        LargeBody b = largeBodies.remove(key(e.source(), e.sequence()));
        if (b == null) {
            throw new IllegalStateException("large message " + e.sequence() + " from rank " + e.source() + " taken twice");
        }
        return b;
    }

    /**
     * Completes a matched receive (into its buffer, if it has one) and acknowledges synchronous/ready senders; a
     * large message completes the receive once its body came.
     */
    private void complete(MatchingEngine.PostedReceive r, Envelope e) {
        if (e.mode() == SendMode.SYNCHRONOUS || e.mode() == SendMode.READY) {
            reply(Envelope.Kind.ACK, e);
        }
        if (e.kind() == Envelope.Kind.DATA_STREAM) {
            LargeBody b = takeLarge(e);
            b.deliverTo(r.buffer).whenComplete((p, err) -> {
                if (err == null) {
                    r.future.complete(new Message(b.status(), p));
                } else {
                    r.future.completeExceptionally(Request.rootCause(err));
                }
            });
            return;
        }
        Payload p = e.payload();
        if (r.buffer != null) {
            if (!p.sameArrayShape(r.buffer)) {
                r.future.completeExceptionally(new CommException("message of " + p + " from rank " + e.source()
                        + " tag " + e.tag() + " does not fit the receive buffer " + r.buffer, e.source()));
                return;
            }
            // from the message's own bytes straight into the buffer (an array in its wire form)
            p.copyTo(r.buffer);
            p = r.buffer;
        } else {
            p = p.fromWireForm();
        }
        r.future.complete(new Message(statusOf(e), p));
    }

    private void reply(Envelope.Kind kind, Envelope data) {
        Envelope ctl = Envelope.control(kind, data.context(), rank, data.tag(), data.sequence());
        deliver(data.source(), ctl).exceptionally(err -> {
            LOG.warn("could not send {} for sequence {} to rank {}: {}", kind, data.sequence(), data.source(),
                    err.toString());
            return null;
        });
    }

    // ---- inbound ----------------------------------------------------------------------------------------

    @Override
    public void onMessage(int source, Cmo message) {
        if (!PeerWire.isEnvelope(message)) {
            LOG.debug("ignoring non-envelope {} from rank {}", message.type(), source);
            return;
        }
        Envelope e;
        try {
            e = PeerWire.decodeInbound(message);
        } catch (CommException ex) {
            LOG.warn("dropping malformed envelope from rank {}: {}", source, ex.getMessage());
            return;
        }
        if (e.source() != source) {
            LOG.warn("dropping envelope claiming source {} on the link from rank {}", e.source(), source);
            return;
        }
        onEnvelope(e);
    }

    /**
     * An array message matched before its elements are read: the oldest posted receive it matches is claimed, and
     * the link puts the elements straight into that receive's buffer, or into a new array of their kind for a
     * receive without one; the receive completes once the last byte is there, and a synchronous or ready sender is
     * acknowledged then, as {@link #complete} does. When no receive matches yet, or the oldest that does has a
     * buffer of another shape, the message is decoded whole and arrives through {@link #onMessage}, which keeps it
     * as unexpected, reports the misfit, or answers a ready send that found no receive.
     */
    @Override
    public ArrayDestination onArrayPrefix(int source, PeerWire.ArrayPrefix m) {
        if (m.source() != source) {
            return null;
        }
        MatchingEngine.PostedReceive r = engine.claimForArray(m);
        if (r == null) {
            return null;
        }
        StreamedPayload.Assembler elements = r.buffer == null ? StreamedPayload.assembler(m.kind(), m.elementBytes())
                : StreamedPayload.assemblerInto(m.kind(), m.elementBytes(), r.buffer);
        return new ArrayDestination(elements, p -> {
            if (m.mode() == SendMode.SYNCHRONOUS || m.mode() == SendMode.READY) {
                reply(Envelope.Kind.ACK, new Envelope(Envelope.Kind.DATA, m.context(), m.source(), m.tag(), m.mode(),
                        m.sequence(), Payload.NONE));
            }
            r.future.complete(new Message(m.status(), p));
        }, cause -> r.future.completeExceptionally(new CommException("message from rank " + source + " tag "
                + m.tag() + " cut off: " + cause, source, cause)));
    }

    private void onEnvelope(Envelope e) {
        switch (e.kind()) {
            case DATA -> {
                MatchingEngine.Arrival a = engine.arrive(e);
                if (a.matched() != null) {
                    complete(a.matched(), e);
                } else if (a.dropped()) {
                    LOG.warn("ready send from rank {} tag {} found no posted receive; reporting to sender",
                            e.source(), e.tag());
                    reply(Envelope.Kind.NACK, e);
                }
                if (!a.probesSatisfied().isEmpty()) {
                    Status s = statusOf(e);
                    a.probesSatisfied().forEach(w -> w.future.complete(s));
                }
            }
            case DATA_STREAM -> arriveLarge(e);
            case STREAM -> {
                long[] h = headerWords(e);
                if (h.length != 2 || h[1] < 0 || h[1] > transport.maxStreamBytes()) {
                    // the body that follows finds no header and is skipped within the link's own byte budget
                    LOG.warn("dropping stream header from rank {}: {} (expected: [kind, length <= {}])", e.source(),
                            h.length == 2 ? "length " + h[1] : "malformed", transport.maxStreamBytes());
                    return;
                }
                InStream s = new InStream(e.source(), e.tag(), Payload.Kind.fromCode((int) h[0]), h[1], pool);
                awaitingBody[e.source()].add(s);
                transport.bodyFollows(e.source(), false);
                streams.arrive(e.context(), s);
            }
            case ACK, NACK -> {
                PendingAck p = pendingAcks.remove(key(e.source(), e.sequence()));
                if (p == null) {
                    LOG.warn("{} for unknown sequence {} from rank {}", e.kind(), e.sequence(), e.source());
                } else if (e.kind() == Envelope.Kind.ACK) {
                    p.future().complete(new Message(p.status(), Payload.NONE));
                } else {
                    p.future().completeExceptionally(new CommException("ready send to rank " + p.dest() + " tag "
                            + p.tag() + " found no posted receive (message dropped)", p.dest()));
                }
            }
            case FAILED -> {
                int failedRank = e.tag();
                if (failedRank == rank || failedRank < 0 || failedRank >= size) {
                    LOG.warn("rank {} reports rank {} failed; ignored", e.source(), failedRank);
                } else {
                    LOG.warn("rank {} reports that rank {} failed", e.source(), failedRank);
                    fail(failedRank, new RankFailedException(failedRank, "reported by rank " + e.source()), true);
                }
            }
            default -> LOG.warn("unexpected envelope kind {}", e.kind());
        }
    }

    /** The words of a stream or large-message header ({@code [kind, length]} when well formed), else none. */
    private static long[] headerWords(Envelope e) {
        return e.payload().kind() == Payload.Kind.LONGS ? e.payload().fromWireForm().longs() : new long[0];
    }

    /**
     * The header of a large message: its body follows on the link. Matched at once if a receive is waiting (the
     * body then goes straight into that receive's buffer), else queued as an unexpected message whose body is
     * assembled into a new array as it comes.
     */
    private void arriveLarge(Envelope e) {
        long[] h = headerWords(e);
        Payload.Kind kind = h.length == 2 && h[0] >= 1 && h[0] <= 3 ? Payload.Kind.fromCode((int) h[0]) : null;
        long length = h.length == 2 ? h[1] : -1;
        boolean words = kind != Payload.Kind.BYTES;
        if (kind == null || length < 0 || length > transport.maxStreamBytes() || length > Integer.MAX_VALUE - 8
                || words && length % 8 != 0) {
            // the body that follows finds no header and is skipped within the link's own byte budget
            LOG.warn("dropping large-message header from rank {}: {} (expected: [array kind, length <= {}])",
                    e.source(), java.util.Arrays.toString(h), transport.maxStreamBytes());
            return;
        }
        InStream s = new InStream(e.source(), e.tag(), kind, length, pool);
        LargeBody body = new LargeBody(s, new Status(e.source(), e.tag(),
                (int) (length / Payload.elementBytes(kind)), length, false));
        largeBodies.put(key(e.source(), e.sequence()), body);
        awaitingBody[e.source()].add(s);
        transport.bodyFollows(e.source(), true);
        MatchingEngine.Arrival a = engine.arrive(e);
        if (a.matched() != null) {
            complete(a.matched(), e);
        } else {
            body.startUnexpected();
        }
        a.probesSatisfied().forEach(w -> w.future.complete(body.status()));
    }

    /** Pumps a stream's body into the stream whose header came last from {@code source} (on the I/O thread). */
    @Override
    public void onStream(int source, StreamBody body) {
        InStream s = awaitingBody[source].poll();
        if (s == null) {
            LOG.warn("stream body of {} bytes from rank {} without a header; skipped", body.length(), source);
            return;
        }
        if (body.length() != s.length()) {
            s.fail(new CommException("stream body of " + body.length() + " bytes, header announced " + s.length(),
                    source));
            return;
        }
        try {
            pump(body, s);
            s.end();
        } catch (RuntimeException ex) {
            s.fail(ex);
            throw ex;
        }
    }

    /**
     * Passes the body on in chunks as it arrives: each holds what came so far once there are at least
     * {@link #streamForwardBytes()} (a whole chunk buffer at most), so a relay forwards data a read after it came
     * instead of a whole chunk buffer later. Chunks end on 8-byte boundaries (array elements); the few bytes of a
     * read beyond one start the next chunk.
     */
    private void pump(StreamBody body, InStream s) {
        ByteBuffer into = s.target();
        if (into != null) {
            // a posted receive's direct memory: the socket's bytes land where the receiver wants them
            int piece = pool.chunkBytes();
            while (into.hasRemaining()) {
                s.arrivedInPlace(body.readSome(into, Math.min(piece, into.remaining())));
            }
            return;
        }
        long left = body.length();
        int forward = streamForwardBytes();
        byte[] carry = new byte[8];
        int carried = 0;
        while (left > 0) {
            ByteBuffer b = pool.acquire();
            b.put(carry, 0, carried);
            int room = (int) Math.min(b.remaining(), left);
            b.limit(b.position() + room);
            left -= body.readSome(b, Math.min(room, forward));
            int filled = b.position();
            carried = left > 0 ? filled % 8 : 0;
            b.position(filled - carried);
            b.get(carry, 0, carried);
            b.limit(filled - carried);
            b.position(0);
            s.offer(b);
        }
    }

    /**
     * A link ended. If this process closed it ({@link LinkClosedLocallyException}), only the operations pending
     * on that peer fail. Otherwise the peer has failed: every pending and later collective receive fails too,
     * naming it, and the other ranks are told at once (a {@link Envelope.Kind#FAILED} notice), so a rank waiting
     * on a live peer that is itself stuck on the failed one names the failed rank instead of timing out.
     */
    @Override
    public void onLinkFailure(int peer, Throwable cause) {
        if (cause instanceof LinkClosedLocallyException) {
            LOG.info("link to rank {} closed here: {}", peer, cause.getMessage());
            fail(peer, new CommException("link to rank " + peer + " closed here: " + cause.getMessage(), peer,
                    cause), false);
            return;
        }
        LOG.warn("link to rank {} failed: {}", peer, String.valueOf(cause));
        String why = cause == null ? "link closed" : "link closed (" + rootMessage(cause) + ")";
        if (fail(peer, new RankFailedException(peer, why, cause), true)) {
            tellOthers(peer);
        }
    }

    /** Fails what depends on {@code peer}; true if its failure (as a rank) was not known before. */
    private boolean fail(int peer, CommException ex, boolean rankFailed) {
        MatchingEngine.Failure f = engine.fail(peer, rankFailed);
        streams.fail(peer, rankFailed).forEach(w -> w.completeExceptionally(ex));
        for (InStream s = awaitingBody[peer].poll(); s != null; s = awaitingBody[peer].poll()) {
            s.fail(ex);
        }
        f.receives().forEach(r -> r.future.completeExceptionally(ex));
        f.probes().forEach(w -> w.future.completeExceptionally(ex));
        pendingAcks.entrySet().removeIf(en -> {
            if (en.getValue().dest() == peer) {
                en.getValue().future().completeExceptionally(ex);
                return true;
            }
            return false;
        });
        return f.news();
    }

    /** Sends the notice that {@code failedRank} failed to every other rank not known to have failed. */
    private void tellOthers(int failedRank) {
        Cmo notice = PeerWire.encode(Envelope.failureNotice(rank, failedRank));
        for (int r = 0; r < size; r++) {
            if (r == rank || r == failedRank || engine.isFailed(r)) {
                continue;
            }
            int to = r;
            try {
                transport.send(r, notice).exceptionally(err -> {
                    LOG.debug("failure notice to rank {} not sent: {}", to, err.toString());
                    return null;
                });
            } catch (RuntimeException err) {
                LOG.debug("failure notice to rank {} not sent: {}", to, err.toString());
            }
        }
    }

    private void checkPeer(int dest) {
        if (dest < 0 || dest >= size) {
            throw new CommException("rank: " + dest + " (expected: 0.." + (size - 1) + ")");
        }
    }

    private void checkSource(int source) {
        if (source != Communicator.ANY_SOURCE) {
            checkPeer(source);
        }
    }
}
