package org.ox4j.server.rfc102;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.Objects;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.mpi.comm.ArrayDestination;
import org.ox4j.mpi.comm.LinkClosedLocallyException;
import org.ox4j.mpi.comm.PeerWire;
import org.ox4j.mpi.comm.StreamBody;
import org.ox4j.mpi.comm.StreamChunks;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxTag;
import org.ox4j.protocol.blocking.BlockingHandshake;
import org.ox4j.protocol.blocking.BlockingSocketTuning;
import org.ox4j.protocol.blocking.ChannelByteSource;
import org.ox4j.protocol.blocking.OxFrame;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.protocol.handshake.HandshakeRole;

/**
 * One established RFC-102 link to the member of rank {@link #peerRank()}: a connected socket (TCP or AF_UNIX)
 * whose byte order has been negotiated.
 *
 * <p>Every incoming message is decoded by whoever holds the link's {@link LinkReadRole}: its reader thread, or a
 * thread waiting for a message from this peer that reads the socket itself ({@link #readUntil}, {@link #poll}).
 * Envelope-format CMOs of the messaging layer (a LIST whose first element is the STRING {@code "ox4j-mpi"}) go to
 * the {@link Listener}; everything else goes to this link's FIFO, where {@code ox_recv_102}, the collectives and
 * the reset drain take it from. An array message that a posted receive waits for is not decoded whole: its
 * elements go from the socket into that receive's buffer ({@link #readArrayIntoPlace}). Sends are framed by the
 * caller and written, in submission order, by a single writer thread, so a slow peer never blocks the session past
 * the group's timeout; small messages of the messaging layer are written by the caller itself when the writer has
 * nothing queued, under the same wire lock, and a watchdog ends such a write if the peer stops reading. When the
 * socket ends, the FIFO gets a {@link Inbound.Closed} marker that wakes every waiting receiver at once.
 */
final class PeerLink implements AutoCloseable, PeerWait.Inbox {
    /**
     * OX tag of a stream body (in OpenXM's private range 0x7fff0000..): int32 length, then that many raw bytes.
     * Only sent between ox4j members, right after the stream's envelope.
     */
    static final int BULK_TAG = 0x7fff0b01;

    /**
     * The link writer's buffer: room for any message the sending thread writes itself ({@link
     * PeerGroup#SMALL_ENVELOPE_BYTES} of payload and the envelope around it), so that such a message leaves in one
     * write. Why: an array's datum is filled straight into this buffer, and a message longer than the buffer went
     * out in two writes, the second a packet of a few hundred bytes that the receiver, already woken by the first and
     * inside the frame, may have to wait for (every 64 KiB message, with the 64 KiB buffer before).
     */
    static final int WRITE_BUFFER_BYTES = PeerGroup.SMALL_ENVELOPE_BYTES + 4096;

    private static final Logger LOG = LogManager.getLogger();
    /** Bytes of an OX message's head: tag and serial. */
    private static final int OX_HEAD_BYTES = 8;
    private static final int OX_DATA = OxTag.OX_DATA.code();
    /** The direct buffer that the elements of an array read into place come through ({@link #readArrayIntoPlace}). */
    private static final int ELEMENTS_IN_BYTES = 64 * 1024;

    /** Receives what is not for the FIFO. Called by the reader of the link (its thread, or a waiter). */
    interface Listener {
        void onEnvelope(int sourceRank, Cmo envelope);

        /**
         * An array message whose elements are not read yet: where they go, or null to have it decoded whole and
         * passed to {@link #onEnvelope} (see {@link PeerGroup.Listener#onArrayPrefix}).
         */
        default ArrayDestination onArrayPrefix(int sourceRank, PeerWire.ArrayPrefix prefix) {
            return null;
        }

        /** A stream body: read it during the call (what is left unread is skipped). Always on the reader thread. */
        void onBulk(int sourceRank, StreamBody body);

        void onLinkClosed(int peerRank, Throwable cause);
    }

    private final int peerRank;
    private final SocketChannel channel;
    private final ChannelByteSource in;
    private final OxMessageWriter out;
    private final ByteOrder order;
    private final BlockingDeque<Inbound> fifo = new LinkedBlockingDeque<>();
    private final ExecutorService writer;
    private final Thread reader;
    private final LinkReadRole role;
    private final OxMessageReader frameReader;
    private final Listener listener;
    private final CmoLimits limits;
    /**
     * SYNC_BALLs of the peer's reset drain that a receive took before this member's own drain ran (the peer reset
     * first): the drain counts them as already seen instead of waiting for a ball that will not come again.
     */
    private final AtomicInteger syncBallsTakenEarly = new AtomicInteger();
    /** Held by whoever writes a message or a whole stream frame: the writer thread or a caller of writeSmall. */
    private final ReentrantLock wire = new ReentrantLock();
    /** Write tasks handed to the writer thread and not finished yet. */
    private final AtomicInteger queuedWrites = new AtomicInteger();
    /** When the current write on a caller's thread began (System.nanoTime, odd), 0 while there is none. */
    private volatile long inlineWriteSince;
    private volatile Throwable closedCause;
    private final QuickAcks quickAcks;
    /**
     * Where the elements of an array message read into a posted buffer come off the socket when they are not buffered
     * yet (made on first use; only the holder of the read role touches it). Direct: the socket's bytes land in it
     * without the JDK's copy through a temporary direct buffer.
     */
    private ByteBuffer elementsIn;
    /** Array messages whose elements went straight into a posted receive's buffer (diagnostics and tests). */
    private final AtomicLong arraysReadIntoPlace = new AtomicLong();

    private PeerLink(int peerRank, SocketChannel channel, ChannelByteSource in, OxMessageWriter out,
            LinkReadRole role, QuickAcks quickAcks, Listener listener, CmoLimits limits, int ownRank) {
        this.peerRank = peerRank;
        this.quickAcks = quickAcks;
        this.channel = channel;
        this.in = in;
        this.out = out;
        this.order = out.order();
        this.role = role;
        // ox_asir reads no body for an unknown tag; such a message is delivered as 0. A polynomial stays in the bytes
        // it came in: a broadcast passes it on as those bytes, decoded only where a function needs it (lists are
        // decoded at once: the messaging layer's envelopes are lists, opened as soon as they arrive)
        this.frameReader = new OxMessageReader(in, limits, OxMessageReader.UnknownTags.HEADER_ONLY)
                .keepingPolynomials();
        this.listener = Objects.requireNonNull(listener, "listener");
        this.limits = limits;
        String name = "rfc102-link-" + ownRank + "-" + peerRank;
        this.writer = Executors.newSingleThreadExecutor(r -> daemon(r, name + "-writer"));
        this.reader = daemon(role::readerLoop, name + "-reader");
    }

    /**
     * Performs the byte-order exchange on a freshly connected blocking channel (both ends write first) and starts
     * the link. Blocks until the peer's byte arrives; callers run it off the session thread.
     *
     * @param waitersRead whether a thread waiting for this peer reads the link itself
     * @param spin how long such a thread polls the socket before it sleeps
     */
    static PeerLink handshake(SocketChannel channel, int peerRank, int ownRank, byte preferredByte,
            Listener listener, CmoLimits limits, LinkKeepAlive keepAlive, boolean waitersRead, LinkReadRole.Spin spin)
            throws IOException {
        // small collective messages wait neither for Nagle's algorithm nor for delayed ACKs
        QuickAcks quickAcks = new QuickAcks(BlockingSocketTuning.tune(channel));
        // an unreachable peer closes the link within the group's timeout, invisibly to the OX stream
        keepAlive.apply(channel);
        LinkReadRole role = new LinkReadRole(waitersRead, spin);
        try {
            ChannelByteSource in = new ChannelByteSource(channel, ChannelByteSource.DEFAULT_BUFFER_SIZE, quickAcks,
                    role::awaitReadable);
            OxMessageWriter out = new OxMessageWriter(channel, WRITE_BUFFER_BYTES, role::awaitWritable);
            ByteOrder order;
            try {
                order = BlockingHandshake.exchange(HandshakeRole.PEER, preferredByte, in, out);
            } catch (UncheckedIOException e) {
                throw new IOException("link closed during the byte-order exchange", e.getCause());
            }
            LOG.debug("link {}<->{}: wrote {}, order {}", ownRank, peerRank, ByteOrderBytes.describe(preferredByte),
                    order);
            PeerLink link = new PeerLink(peerRank, channel, in, out, role, quickAcks, listener, limits, ownRank);
            role.start(channel, link.new LinkFrames());
            link.reader.start();
            return link;
        } catch (IOException | RuntimeException e) {
            role.close();
            throw e;
        }
    }

    @Override
    public int peerRank() {
        return peerRank;
    }

    ByteOrder order() {
        return order;
    }

    /** The socket's receive buffer as the kernel reports it (SO_RCVBUF; Linux reports twice what was asked for). */
    int receiveBufferBytes() throws IOException {
        return channel.getOption(StandardSocketOptions.SO_RCVBUF);
    }

    /** Whether the peer's end is on this host's loopback interface. */
    boolean isLoopback() {
        try {
            return channel.getRemoteAddress() instanceof InetSocketAddress a && a.getAddress() != null
                    && a.getAddress().isLoopbackAddress();
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether the link has ended. */
    boolean isClosed() {
        return closedCause != null;
    }

    /** Why the link ended, or null while it is open. */
    Throwable closedCause() {
        return closedCause;
    }

    /** Encodes and writes one message on the link's writer thread; completes once written. */
    CompletableFuture<Void> write(OxMessage message) {
        return queue(() -> send(message));
    }

    /**
     * Writes a small message: on the calling thread when nothing is queued for the writer (saving the wake-up of
     * the writer thread, a few tens of microseconds on each message), else behind what is queued. Small means at
     * most a few hundred kilobytes, which the socket buffers take at once or as soon as the peer reads; a write
     * blocked by a peer that has stopped reading is ended by {@link #abortIfWriteBlockedSince} (the group's
     * timeout).
     */
    CompletableFuture<Void> writeSmall(OxMessage message) {
        try {
            if (writeHere(message)) {
                return CompletableFuture.completedFuture(null);
            }
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return queue(() -> send(message));
    }

    /**
     * Writes {@code message} on the calling thread if nothing is queued for the writer and no write is under way:
     * true once written, false having written nothing. Throws if the link is closed ({@link PeerFailureException}) or
     * the write fails ({@link UncheckedIOException}, the link is closed then).
     */
    boolean writeHere(OxMessage message) {
        return onThisThreadIfIdle(() -> send(message));
    }

    /**
     * Runs {@code write} on the calling thread, holding the wire, if nothing is queued for the writer and no write is
     * under way: true once it has run, false having run nothing; {@link PeerFailureException} if the link is closed.
     * The write is watched from its start by {@link #abortIfWriteBlockedSince}.
     */
    private boolean onThisThreadIfIdle(Runnable write) {
        Throwable cause = closedCause;
        if (cause != null) {
            throw closedError(cause);
        }
        if (queuedWrites.get() != 0 || !wire.tryLock()) {
            return false;
        }
        try {
            // checked again under the lock: a write queued meanwhile must not be overtaken
            if (queuedWrites.get() != 0) {
                return false;
            }
            inlineWriteSince = System.nanoTime() | 1;
            try {
                write.run();
                return true;
            } finally {
                inlineWriteSince = 0;
            }
        } finally {
            wire.unlock();
        }
    }

    /**
     * Closes the link if a write on the calling thread ({@link #writeHere}) has been blocked since before
     * {@code nanos} (System.nanoTime): the peer stopped reading, and the caller, a session, must not hang on it.
     */
    void abortIfWriteBlockedSince(long nanos, String why) {
        long since = inlineWriteSince;
        if (since != 0 && since - nanos < 0) {
            LOG.warn("link to rank {}: {}; closing it", peerRank, why);
            markClosed(new IOException(why));
        }
    }

    /**
     * Runs a write task on the writer thread, holding the wire for the whole task (a stream frame is one task); fails
     * at once if the link has closed.
     */
    private CompletableFuture<Void> queue(Runnable task) {
        Throwable cause = closedCause;
        if (cause != null) {
            return CompletableFuture.failedFuture(closedError(cause));
        }
        queuedWrites.incrementAndGet();
        try {
            return CompletableFuture.runAsync(() -> {
                wire.lock();
                try {
                    task.run();
                } finally {
                    wire.unlock();
                    queuedWrites.decrementAndGet();
                }
            }, writer);
        } catch (RejectedExecutionException e) {
            queuedWrites.decrementAndGet();
            return CompletableFuture.failedFuture(closedError(e));
        }
    }

    /**
     * Writes {@code header} and then a bulk frame of {@code length} bytes pulled from {@code chunks}, on the
     * writer thread, which waits for the chunks as they are produced; messages queued later wait behind it. If
     * the chunks stop coming (the producer gave up) the frame cannot be completed and the link is closed.
     */
    CompletableFuture<Void> writeStream(OxMessage header, int serial, int length, StreamChunks chunks) {
        return queue(() -> sendStream(header, serial, length, chunks));
    }

    private void sendStream(OxMessage header, int serial, int length, StreamChunks chunks) {
        try {
            out.send(header);
            out.startRawFrame(BULK_TAG, serial, length);
            long left = length;
            if (left == 0) {
                out.writeBody(ByteBuffer.allocate(0));
                return;
            }
            // the producer (often the reader of another link, relaying) writes through this connection itself
            if (chunks.handOver(this::writeChunk)) {
                return;
            }
            while (left > 0) {
                ByteBuffer b = chunks.next();
                if (b.remaining() > left) {
                    throw new IllegalStateException("stream chunk overruns the announced length " + length);
                }
                left -= b.remaining();
                out.writeBody(b);
                chunks.written(b);
            }
        } catch (UncheckedIOException e) {
            markClosed(e.getCause());
            throw e;
        } catch (RuntimeException e) {
            LOG.warn("stream to rank {} abandoned mid-frame; closing the link: {}", peerRank, describe(e));
            markClosed(e);
            throw e;
        }
    }

    /**
     * Writes {@code header} and a bulk frame of {@code length} bytes that {@code body} writes through the link, all
     * on the calling thread, if nothing is queued for the writer and no write is under way; false, writing nothing,
     * otherwise. Why: a large message written by the writer thread costs its wake-up and, at the root of a linear
     * bcast, p − 1 writer threads filling their sockets at once on cores the receivers need; written here, one
     * thread fills the sockets in turn, as a C program's blocking sends do. A write blocked by a peer that stopped
     * reading is ended as a small one's is ({@link #abortIfWriteBlockedSince}), counted from the last piece the socket
     * took, so a long body on a slow link is not mistaken for a blocked one.
     */
    boolean writeStreamHere(OxMessage header, int serial, int length, Consumer<StreamChunks.ChunkWriter> body) {
        return onThisThreadIfIdle(() -> {
            try {
                out.send(header);
                out.startRawFrame(BULK_TAG, serial, length);
                body.accept(b -> {
                    writeChunk(b);
                    inlineWriteSince = System.nanoTime() | 1;
                });
            } catch (UncheckedIOException e) {
                markClosed(e.getCause());
                throw closedError(e.getCause());
            } catch (RuntimeException e) {
                // the frame cannot be completed: the receiver would read whatever follows as its body
                LOG.warn("large message to rank {} abandoned mid-frame; closing the link: {}", peerRank, describe(e));
                markClosed(e);
                throw e;
            }
        });
    }

    private void writeChunk(ByteBuffer b) {
        try {
            out.writeBody(b);
        } catch (UncheckedIOException e) {
            markClosed(e.getCause());
            throw e;
        }
    }

    private void send(OxMessage message) {
        try {
            out.send(message);
        } catch (UncheckedIOException e) {
            markClosed(e.getCause());
            throw e;
        }
    }

    /**
     * Takes the next FIFO entry, waiting at most {@code timeoutMillis}; null on timeout. A {@link Inbound.Closed}
     * marker is left in place so every later receiver sees it too.
     */
    @Override
    public Inbound poll(long timeoutMillis) throws InterruptedException {
        Inbound x = fifo.pollFirst();
        if (x == null && timeoutMillis > 0) {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            role.readUntil(() -> !fifo.isEmpty(), deadline);
            x = fifo.pollFirst(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        if (x instanceof Inbound.Closed) {
            fifo.offerFirst(x);
        }
        return x;
    }

    /**
     * Reads this link on the calling thread until {@code done} holds or the deadline (System.nanoTime) passes, for a
     * thread about to wait for something only this peer sends (see {@link LinkReadRole#readUntil}); it may return
     * earlier, and the caller then waits as usual.
     */
    boolean readUntil(BooleanSupplier done, long deadline) throws InterruptedException {
        return role.readUntil(done, deadline);
    }

    /** A stream body follows the frame just delivered ({@link LinkReadRole#bodyFollows}). */
    void bodyFollows(boolean waiterMayRead) {
        role.bodyFollows(waiterMayRead);
    }

    /** A receive outside the reset drain took the peer's SYNC_BALL (see {@link #takeEarlySyncBall()}). */
    void noteSyncBallTakenEarly() {
        syncBallsTakenEarly.incrementAndGet();
    }

    /** Whether a SYNC_BALL was taken before the drain; if so, that one counts as the drain's and is used up. */
    boolean takeEarlySyncBall() {
        return syncBallsTakenEarly.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
    }

    /** Takes the next entry without waiting; null when empty. Leaves a close marker in place. */
    Inbound pollNow() {
        Inbound x = fifo.pollFirst();
        if (x instanceof Inbound.Closed) {
            fifo.offerFirst(x);
        }
        return x;
    }

    /** The exception to report for an operation on this (closed) link. */
    @Override
    public PeerFailureException closedError(Throwable cause) {
        String why = cause == null ? "link closed" : "link closed (" + describe(cause) + ")";
        return new PeerFailureException(peerRank, why, cause);
    }

    /** The link's frames as its {@link LinkReadRole} reads them. */
    private final class LinkFrames implements LinkReadRole.Frames {
        @Override
        public boolean available() {
            return in.hasInput();
        }

        @Override
        public boolean readableByWaiter() {
            in.startMessage(limits.maxMessageBytes());
            return in.peekInt() != BULK_TAG || role.bodyForWaiter();
        }

        @Override
        public boolean buffered() {
            return in.buffered();
        }

        @Override
        public void readOne() {
            if (readArrayIntoPlace()) {
                return;
            }
            OxFrame f = frameReader.read();
            if (f.message() == null && f.tag() == BULK_TAG) {
                role.bodyTaken();
                quickAcks.peerIsOx4j();
                readBulk();
                return;
            }
            Inbound m = f.message() == null ? new Inbound.Unknown(f.tag(), f.serial())
                    : new Inbound.Message(f.message());
            if (m instanceof Inbound.Message msg && msg.message() instanceof OxData d && isEnvelope(d.cmo())) {
                quickAcks.peerIsOx4j();
                listener.onEnvelope(peerRank, d.cmo());
            } else {
                if (m instanceof Inbound.Unknown u) {
                    LOG.warn("link from rank {}: unknown OX tag {} (serial {}), delivered as 0", peerRank, u.tag(),
                            u.serial());
                }
                fifo.offerLast(m);
            }
        }

        @Override
        public boolean closed() {
            return closedCause != null;
        }

        @Override
        public void failed(Throwable e) {
            Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
            if (closedCause == null) {
                LOG.info("link from rank {} ended: {}", peerRank, describe(cause));
            }
            markClosed(cause);
        }
    }

    /**
     * Reads the next frame if it is an array message that a posted receive waits for, putting its elements straight
     * into that receive's buffer (or a new array for a receive without one): true if it did; false, having consumed
     * nothing, for any other frame and when no such receive waits (the frame is then decoded whole). Why: decoded whole, the elements went into a new array of bytes (made and
     * zeroed for each message), which was then copied into the buffer; here they go from the socket's bytes into the
     * buffer once. Only the envelope's head is looked at before the receive is claimed, and each part of it is waited
     * for only once the parts before prove the frame holds it ({@link PeerWire#arrayPrefix(PeerWire.Lookahead)}).
     */
    private boolean readArrayIntoPlace() {
        // every OX frame has its tag and serial, and one has begun to arrive
        in.startMessage(limits.maxMessageBytes());
        ByteBuffer w = in.lookAhead(OX_HEAD_BYTES);
        if (w.getInt(w.position()) != OX_DATA) {
            return false;
        }
        PeerWire.ArrayPrefix prefix = PeerWire.arrayPrefix(this::cmoHead);
        if (prefix == null
                || OX_HEAD_BYTES + PeerWire.ARRAY_PREFIX_BYTES + (long) prefix.elementBytes() > limits.maxMessageBytes()) {
            return false;
        }
        ArrayDestination into = listener.onArrayPrefix(peerRank, prefix);
        if (into == null) {
            return false;
        }
        quickAcks.peerIsOx4j();
        in.advance(OX_HEAD_BYTES + PeerWire.ARRAY_PREFIX_BYTES);
        try {
            long left = prefix.elementBytes();
            while (left > 0) {
                left -= in.buffered() ? acceptBuffered(into, left) : acceptFromSocket(into, left);
            }
        } catch (RuntimeException e) {
            into.fail(e);
            throw e;
        }
        // counted before the receive completes, so that whoever it wakes sees the count
        arraysReadIntoPlace.incrementAndGet();
        into.complete();
        return true;
    }

    /**
     * The first {@code n} bytes of the CMO in the OX_DATA frame next on the link, waited for if need be and not
     * consumed ({@link PeerWire.Lookahead}).
     */
    private ByteBuffer cmoHead(int n) {
        ByteBuffer w = in.lookAhead(OX_HEAD_BYTES + n);
        return w.slice(w.position() + OX_HEAD_BYTES, n).order(w.order());
    }

    /** Hands over the buffered bytes of the elements (at most {@code left}); returns how many. */
    private int acceptBuffered(ArrayDestination into, long left) {
        ByteBuffer w = in.window();
        int n = (int) Math.min(left, w.remaining());
        into.accept(w.slice(w.position(), n));
        in.advance(n);
        return n;
    }

    /**
     * Reads what has come of the elements (at least a byte, at most {@code left}) and hands it over: straight into
     * the receive buffer when that is direct memory, else through a buffer of this link's.
     */
    private int acceptFromSocket(ArrayDestination into, long left) {
        ByteBuffer room = into.directRoom(left);
        if (room != null) {
            int n = in.readAtLeast(room, 1);
            into.filledInPlace(n);
            return n;
        }
        if (elementsIn == null) {
            elementsIn = ByteBuffer.allocateDirect(ELEMENTS_IN_BYTES);
        }
        elementsIn.clear().limit((int) Math.min(left, ELEMENTS_IN_BYTES));
        int n = in.readAtLeast(elementsIn, 1);
        into.accept(elementsIn.flip());
        return n;
    }

    /** How many array messages went straight into a posted receive's buffer. */
    long arraysReadIntoPlace() {
        return arraysReadIntoPlace.get();
    }

    /** Hands a bulk body to the listener and skips what it left unread (the frame budget bounds its length). */
    private void readBulk() {
        int length = in.readInt();
        if (length < 0) {
            throw new IllegalStateException("bulk frame from rank " + peerRank + " with length " + length);
        }
        long[] left = {length};
        listener.onBulk(peerRank, new StreamBody() {
            @Override
            public long length() {
                return length;
            }

            @Override
            public void readFully(ByteBuffer dst) {
                readSome(dst, dst.remaining());
            }

            @Override
            public int readSome(ByteBuffer dst, int min) {
                if (dst.remaining() > left[0]) {
                    throw new IllegalStateException("read past the end of a bulk body");
                }
                int n = in.readAtLeast(dst, min);
                left[0] -= n;
                return n;
            }
        });
        if (left[0] > 0) {
            in.skip(left[0]);
        }
    }

    /**
     * TCP quick ACKs, re-armed after a read while the peer may write with Nagle's algorithm on (an Asir member, whose
     * next small message would wait up to 40 ms for our delayed ACK) or while a large message is coming in. A peer
     * that has sent a messaging-layer envelope or a stream body is an ox4j member, and those write with TCP_NODELAY
     * ({@link BlockingSocketTuning}): its small messages never wait for our ACKs, and quick ACKs after them would
     * cost a system call per read and an ACK packet per message, kernel time taken from the members when they share
     * a host's cores. A large transfer still gets them: the sender's window grows (again after an idle pause) as
     * fast as ACKs come back.
     */
    static final class QuickAcks implements IntConsumer {
        /** A read of at least this many bytes is part of a large transfer. */
        static final int LARGE_READ_BYTES = 16 * 1024;
        private final Runnable rearm;
        private volatile boolean peerIsOx4j;

        QuickAcks(Runnable rearm) {
            this.rearm = rearm;
        }

        @Override
        public void accept(int bytesRead) {
            if (!peerIsOx4j || bytesRead >= LARGE_READ_BYTES) {
                rearm.run();
            }
        }

        void peerIsOx4j() {
            peerIsOx4j = true;
        }
    }

    static boolean isEnvelope(Cmo cmo) {
        return PeerWire.isMarked(cmo);
    }

    private void markClosed(Throwable cause) {
        boolean first;
        synchronized (this) {
            first = closedCause == null;
            if (first) {
                closedCause = cause;
            }
        }
        if (!first) {
            return;
        }
        fifo.offerLast(new Inbound.Closed(cause));
        try {
            channel.close();
        } catch (IOException e) {
            LOG.debug("closing link to rank {}: {}", peerRank, e.toString());
        }
        role.close();
        writer.shutdown();
        listener.onLinkClosed(peerRank, cause);
    }

    @Override
    public void close() {
        markClosed(new LinkClosedLocallyException("link closed locally"));
    }

    private static String describe(Throwable t) {
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + m;
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
