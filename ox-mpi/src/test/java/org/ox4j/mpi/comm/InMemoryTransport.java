package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoWriter;

/**
 * A {@link PeerTransport} inside one JVM, the one in-memory network of the tests (ox-mpi's test-jar, used by
 * ox-server's RFC-102 tests too): each rank has one inbound
 * thread that runs its listener, so delivery is FIFO per link and never waits for application threads.
 * Optionally every message is encoded to bytes and decoded again, proving it survives the wire.
 */
public final class InMemoryTransport implements PeerTransport {
    private final Group group;
    private final int rank;
    private final ExecutorService inbound;
    private final List<Runnable> early = new ArrayList<>();
    private volatile Listener listener;

    private InMemoryTransport(Group group, int rank) {
        this.group = group;
        this.rank = rank;
        this.inbound = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "inmem-rank-" + rank);
            t.setDaemon(true);
            return t;
        });
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
        Cmo delivered = group.throughCodec ? roundTrip(message) : message;
        group.members.get(dest).enqueue(() -> group.members.get(dest).listener.onMessage(rank, delivered));
        return CompletableFuture.completedFuture(null);
    }

    /**
     * Collects the body on a thread of its own (the caller never waits for the producer), then delivers header and
     * body together. Callers keep per-link order by waiting for the stream before their next send to
     * {@code dest}, as the collectives do.
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
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                ByteBuffer all = ByteBuffer.allocate((int) length);
                while (all.hasRemaining()) {
                    ByteBuffer c = chunks.next();
                    all.put(c);
                    chunks.written(c);
                }
                all.flip();
                Cmo delivered = group.throughCodec ? roundTrip(header) : header;
                InMemoryTransport target = group.members.get(dest);
                target.enqueue(() -> {
                    target.listener.onMessage(rank, delivered);
                    target.listener.onStream(rank, heapBody(all));
                });
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        }, "inmem-stream-" + rank + "-" + dest);
        t.setDaemon(true);
        t.start();
        return done;
    }

    private static StreamBody heapBody(ByteBuffer all) {
        return new StreamBody() {
            @Override
            public long length() {
                return all.limit();
            }

            @Override
            public void readFully(ByteBuffer dst) {
                ByteBuffer part = all.slice();
                part.limit(dst.remaining());
                dst.put(part);
                all.position(all.position() + part.limit());
            }

            /** Three bytes more than asked for where there is room: pieces that end between elements, as a socket's. */
            @Override
            public int readSome(ByteBuffer dst, int min) {
                int n = Math.min(dst.remaining(), min + 3);
                ByteBuffer part = dst.duplicate();
                part.limit(part.position() + n);
                readFully(part);
                dst.position(part.position());
                return n;
            }
        };
    }

    private static Cmo roundTrip(Cmo message) {
        byte[] bytes = CmoWriter.toBytes(message, ByteOrder.LITTLE_ENDIAN);
        return CmoReader.read(ByteBufferSource.of(bytes, ByteOrder.LITTLE_ENDIAN), CmoLimits.DEFAULT);
    }

    /** Runs {@code task} on the inbound thread once a listener exists (earlier messages wait, in order). */
    private void enqueue(Runnable task) {
        inbound.execute(() -> {
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
        inbound.execute(() -> {
            List<Runnable> now = new ArrayList<>(early);
            early.clear();
            now.forEach(Runnable::run);
        });
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
                members.add(new InMemoryTransport(this, r));
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
            ta.enqueue(() -> ta.listener.onLinkFailure(b, cause));
            tb.enqueue(() -> tb.listener.onLinkFailure(a, cause));
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
                t.inbound.shutdownNow();
            }
            for (InMemoryTransport t : members) {
                try {
                    t.inbound.awaitTermination(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
