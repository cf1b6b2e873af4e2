package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoWriter;

/**
 * A {@link PeerTransport} inside one JVM, the one in-memory network of the tests (ox-mpi's test-jar, used by
 * ox-server's RFC-102 tests too): each link has its own inbound thread at the receiving end (as each TCP link has
 * its reader) that runs the listener, so delivery is FIFO per link and never waits for application threads.
 * Optionally every message is encoded to bytes and decoded again, proving it survives the wire.
 */
public final class InMemoryTransport implements PeerTransport {
    /** The pieces an array message's elements are handed over in ({@link #deliverEncoded}). */
    private static final int ELEMENT_PIECE_BYTES = 1001;
    private final Group group;
    private final int rank;
    /** Per sending rank: the thread that delivers its messages here, and what came before the listener. */
    private final List<ExecutorService> inbound = new ArrayList<>();
    private final List<List<Runnable>> early = new ArrayList<>();
    private volatile Listener listener;
    /** Array messages whose elements went into place ({@link #deliverEncoded}). */
    private final AtomicLong arraysIntoPlace = new AtomicLong();

    private InMemoryTransport(Group group, int rank, int size) {
        this.group = group;
        this.rank = rank;
        for (int source = 0; source < size; source++) {
            String name = "inmem-rank-" + rank + "-from-" + source;
            inbound.add(Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
            }));
            early.add(new ArrayList<>());
        }
    }

    /** A group of {@code size} connected transports (plain object passing). */
    public static Group group(int size) {
        return new Group(size, false);
    }

    /** A group whose links encode and decode every message with the CMO codec. */
    public static Group groupThroughCodec(int size) {
        return new Group(size, true);
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return group.members.size();
    }

    @Override
    public CompletableFuture<Void> send(int dest, Cmo message) {
        if (dest < 0 || dest >= size() || dest == rank) {
            return CompletableFuture.failedFuture(new CommException("no link to rank " + dest, dest));
        }
        if (group.isBroken(rank, dest)) {
            return CompletableFuture.failedFuture(new CommException("link to rank " + dest + " is broken", dest));
        }
        InMemoryTransport target = group.members.get(dest);
        if (group.throughCodec) {
            byte[] encoded = CmoWriter.toBytes(message, ByteOrder.LITTLE_ENDIAN);
            target.enqueue(rank, () -> target.deliverEncoded(rank, encoded));
        } else {
            target.enqueue(rank, () -> target.listener.onMessage(rank, message));
        }
        return CompletableFuture.completedFuture(null);
    }

    /**
     * Delivers the header at once and the body as its producer writes it (cut-through, as over a socket): the
     * receiver's inbound thread reads the body while a thread of this stream copies the producer's chunks into it,
     * so the sender never waits for the producer, and a relay can pass on a stream before it has all of it. Header
     * and body are queued before this returns, so later sends to {@code dest} arrive after the stream.
     */
    @Override
    public CompletableFuture<Void> sendStream(int dest, Cmo header, long length, StreamChunks chunks) {
        if (dest < 0 || dest >= size() || dest == rank || length > Integer.MAX_VALUE) {
            return CompletableFuture.failedFuture(new CommException("no stream of " + length + " bytes to rank "
                    + dest, dest));
        }
        if (group.isBroken(rank, dest)) {
            return CompletableFuture.failedFuture(new CommException("link to rank " + dest + " is broken", dest));
        }
        PipeBody body = new PipeBody(length);
        Cmo delivered = group.throughCodec ? roundTrip(header) : header;
        InMemoryTransport target = group.members.get(dest);
        target.enqueue(rank, () -> {
            target.listener.onMessage(rank, delivered);
            target.listener.onStream(rank, body);
        });
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                for (long left = length; left > 0; ) {
                    ByteBuffer c = chunks.next();
                    ByteBuffer copy = ByteBuffer.allocate(c.remaining());
                    copy.put(c).flip();
                    chunks.written(c);
                    left -= copy.remaining();
                    body.put(copy);
                }
                done.complete(null);
            } catch (RuntimeException e) {
                body.fail(e);
                done.completeExceptionally(e);
            }
        }, "inmem-stream-" + rank + "-" + dest);
        t.setDaemon(true);
        t.start();
        return done;
    }

    /** A stream body filled by the producer's copies while the receiver reads it. */
    private static final class PipeBody implements StreamBody {
        private final long length;
        private final ArrayDeque<ByteBuffer> parts = new ArrayDeque<>();
        private long available;
        private RuntimeException failure;

        PipeBody(long length) {
            this.length = length;
        }

        synchronized void put(ByteBuffer part) {
            parts.add(part);
            available += part.remaining();
            notifyAll();
        }

        synchronized void fail(RuntimeException e) {
            failure = e;
            notifyAll();
        }

        @Override
        public long length() {
            return length;
        }

        @Override
        public synchronized void readFully(ByteBuffer dst) {
            int n = dst.remaining();
            while (available < n && failure == null) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CommException("interrupted while reading a stream body");
                }
            }
            if (available < n) {
                throw new CommException("stream body failed: " + failure.getMessage(), CommException.NO_RANK,
                        failure);
            }
            available -= n;
            while (dst.hasRemaining()) {
                ByteBuffer head = parts.peek();
                ByteBuffer piece = head.duplicate();
                piece.limit(piece.position() + Math.min(piece.remaining(), dst.remaining()));
                dst.put(piece);
                head.position(piece.position());
                if (!head.hasRemaining()) {
                    parts.poll();
                }
            }
        }

        /**
         * Waits for {@code min} bytes, as a socket's reader; takes up to three bytes more where they came already:
         * pieces that end between elements.
         */
        @Override
        public int readSome(ByteBuffer dst, int min) {
            int start = dst.position();
            ByteBuffer part = dst.duplicate();
            part.limit(start + min);
            readFully(part);
            int extra;
            synchronized (this) {
                extra = (int) Math.min(Math.min(dst.remaining() - min, 3), available);
            }
            part.limit(start + min + extra);
            readFully(part);
            dst.position(start + min + extra);
            return min + extra;
        }
    }

    /**
     * What a link does with an encoded message: an array message that a posted receive takes gets its elements in
     * pieces (of an odd size, so that some end inside an element, as socket reads do), anything else is decoded whole.
     */
    private void deliverEncoded(int source, byte[] encoded) {
        PeerWire.ArrayPrefix prefix = PeerWire.arrayPrefix(ByteBuffer.wrap(encoded).order(ByteOrder.LITTLE_ENDIAN));
        ArrayDestination into = prefix == null ? null : listener.onArrayPrefix(source, prefix);
        if (into == null) {
            listener.onMessage(source, decoded(encoded));
            return;
        }
        for (int at = PeerWire.ARRAY_PREFIX_BYTES; at < encoded.length; at += ELEMENT_PIECE_BYTES) {
            into.accept(ByteBuffer.wrap(encoded, at, Math.min(ELEMENT_PIECE_BYTES, encoded.length - at)));
        }
        arraysIntoPlace.incrementAndGet();
        into.complete();
    }

    /** How many array messages this rank's listener took into a posted buffer before their elements (codec groups). */
    public long arraysIntoPlace() {
        return arraysIntoPlace.get();
    }

    private static Cmo roundTrip(Cmo message) {
        return decoded(CmoWriter.toBytes(message, ByteOrder.LITTLE_ENDIAN));
    }

    private static Cmo decoded(byte[] encoded) {
        return CmoReader.read(ByteBufferSource.of(encoded, ByteOrder.LITTLE_ENDIAN), CmoLimits.DEFAULT);
    }

    /** Runs {@code task} on the inbound thread of the link from {@code source} once a listener exists, in order. */
    private void enqueue(int source, Runnable task) {
        List<Runnable> early = this.early.get(source);
        inbound.get(source).execute(() -> {
            if (listener == null || !early.isEmpty()) {
                // keep FIFO: while earlier messages wait for the drain, later ones queue behind them
                early.add(task);
            } else {
                task.run();
            }
        });
    }

    @Override
    public void setListener(Listener l) {
        synchronized (this) {
            if (listener != null) {
                throw new IllegalStateException("listener already set for rank " + rank);
            }
            listener = l;
        }
        for (int source = 0; source < inbound.size(); source++) {
            List<Runnable> early = this.early.get(source);
            inbound.get(source).execute(() -> {
                List<Runnable> now = new ArrayList<>(early);
                early.clear();
                now.forEach(Runnable::run);
            });
        }
    }

    /** A set of connected in-memory transports; closing stops their threads. */
    public static final class Group implements AutoCloseable {
        private final List<InMemoryTransport> members = new ArrayList<>();
        private final boolean throughCodec;
        private final Set<Long> broken = ConcurrentHashMap.newKeySet();

        private Group(int size, boolean throughCodec) {
            if (size < 1) {
                throw new IllegalArgumentException("size: " + size + " (expected: >= 1)");
            }
            this.throughCodec = throughCodec;
            for (int r = 0; r < size; r++) {
                members.add(new InMemoryTransport(this, r, size));
            }
        }

        /** The transport of rank {@code r}. */
        public InMemoryTransport transport(int r) {
            return members.get(r);
        }

        public int size() {
            return members.size();
        }

        /**
         * Breaks the link between {@code a} and {@code b}: later sends fail, and both sides' listeners hear
         * {@code onLinkFailure} after every message already in flight has been delivered.
         */
        public void breakLink(int a, int b, Throwable cause) {
            broken.add(pair(a, b));
            InMemoryTransport ta = members.get(a);
            InMemoryTransport tb = members.get(b);
            ta.enqueue(b, () -> ta.listener.onLinkFailure(b, cause));
            tb.enqueue(a, () -> tb.listener.onLinkFailure(a, cause));
        }

        private boolean isBroken(int a, int b) {
            return broken.contains(pair(a, b));
        }

        private static long pair(int a, int b) {
            return ((long) Math.min(a, b) << 32) | Math.max(a, b);
        }

        @Override
        public void close() {
            for (InMemoryTransport t : members) {
                t.inbound.forEach(ExecutorService::shutdownNow);
            }
            for (InMemoryTransport t : members) {
                for (ExecutorService link : t.inbound) {
                    try {
                        link.awaitTermination(5, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }
}
