package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * A stream being received (see {@link Communicator#recvStream}). Its chunks are filled by the link reader; once
 * the receiver calls {@link #start}, each chunk goes straight from the reader to the receiver's
 * {@link StreamHandler} (chunks that came earlier are handed over first), and {@link #await} returns when the last
 * byte was handled.
 */
public final class InStream {
    private final int source;
    private final int tag;
    private final Payload.Kind kind;
    private final long length;
    private final ChunkPool pool;
    private final ArrayDeque<ByteBuffer> early = new ArrayDeque<>();
    private StreamHandler handler;
    /** The receive buffer the link reader reads the whole body into (see {@link #startInto}), or null. */
    private ByteBuffer into;
    private boolean pulled;
    private long arrived;
    private boolean ended;
    private RuntimeException failure;
    private long lastProgress = System.nanoTime();
    /** Completes once the last byte was handled, exceptionally when the stream failed (for asynchronous waiters). */
    private final CompletableFuture<Void> settled = new CompletableFuture<>();

    InStream(int source, int tag, Payload.Kind kind, long length, ChunkPool pool) {
        this.source = source;
        this.tag = tag;
        this.kind = kind;
        this.length = length;
        this.pool = pool;
    }

    /** The sending rank. */
    public int source() {
        return source;
    }

    public int tag() {
        return tag;
    }

    /** What the bytes encode (see {@link StreamedPayload}). */
    public Payload.Kind kind() {
        return kind;
    }

    /** Total number of bytes. */
    public long length() {
        return length;
    }

    /** Gives a chunk back for reuse. */
    public void release(ByteBuffer chunk) {
        pool.release(chunk);
    }

    /**
     * Hands every chunk to {@code h}: earlier ones now, on this thread; later ones on the link's thread as they
     * arrive. Does not wait (see {@link #await}).
     */
    public synchronized void start(StreamHandler h) {
        while (!early.isEmpty() && failure == null) {
            dispatch(h, early.poll());
        }
        handler = h;
        lastProgress = System.nanoTime();
    }

    /**
     * Instead of {@link #start}: the link reader reads the body straight into {@code target} (direct memory of
     * exactly {@link #length()} bytes, from its position), with no chunk in between; {@link #settled()} completes
     * when the last byte is in. False, doing nothing, once a byte has come or another consumer has the stream.
     */
    synchronized boolean startInto(ByteBuffer target) {
        if (handler != null || into != null || pulled || arrived > 0 || failure != null
                || !target.isDirect() || target.remaining() != length) {
            return false;
        }
        into = target.slice();
        lastProgress = System.nanoTime();
        return true;
    }

    /** The buffer of {@link #startInto}, for the link reader (null: chunks as usual). */
    synchronized ByteBuffer target() {
        return into;
    }

    /** The link reader put {@code n} more bytes into the buffer of {@link #startInto}. */
    synchronized void arrivedInPlace(int n) {
        arrived += n;
        lastProgress = System.nanoTime();
    }

    /**
     * Waits until the handler of {@link #start} had all {@link #length()} bytes. {@link CommException} naming the
     * source if the link failed or the handler threw; {@link RequestTimeoutException} if no chunk arrived for
     * {@code idleTimeout} (null: no limit).
     */
    public synchronized void await(Duration idleTimeout) {
        waitUntil(() -> ended, idleTimeout);
        throwIfFailed();
    }

    /**
     * Pull mode, instead of {@link #start}: the next chunk in order, waiting for it; null once all {@link #length()}
     * bytes were taken. The caller owns the chunk ({@link #release} it or pass it on to an {@link OutStream}). A
     * relay around a cycle of links pulls on its own thread, so that the link readers never wait for a socket
     * and the cycle cannot fill up and stall. Failures as in {@link #await}.
     */
    public synchronized ByteBuffer take(Duration idleTimeout) {
        if (handler != null) {
            throw new IllegalStateException("stream from rank " + source + " is handled by " + handler);
        }
        pulled = true;
        while (true) {
            throwIfFailed();
            ByteBuffer b = early.poll();
            // every byte came and was taken (a stream that ended short has failed, see end())
            if (b != null || arrived == length) {
                return b;
            }
            waitUntil(() -> !early.isEmpty() || ended, idleTimeout);
        }
    }

    /**
     * Waits (holding this lock) until {@code progressed} holds or the stream failed; a pause in the data longer
     * than {@code idleTimeout} or an interrupt becomes the failure.
     */
    private void waitUntil(BooleanSupplier progressed, Duration idleTimeout) {
        try {
            if (!ProgressWait.await(this, () -> progressed.getAsBoolean() || failure != null, () -> lastProgress,
                    idleTimeout)) {
                failure = new RequestTimeoutException("stream from rank " + source + ": no data within "
                        + idleTimeout + " (" + arrived + " of " + length + " bytes received)", source);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = new CommException("interrupted while receiving a stream from rank " + source, source);
        }
    }

    private void throwIfFailed() {
        if (failure != null) {
            throw failure instanceof CommException ? Request.rethrow(failure)
                    : new CommException("stream from rank " + source + " failed: " + failure, source, failure);
        }
    }

    private void dispatch(StreamHandler h, ByteBuffer b) {
        try {
            h.chunk(b);
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    synchronized void offer(ByteBuffer chunk) {
        arrived += chunk.remaining();
        lastProgress = System.nanoTime();
        if (failure != null) {
            pool.release(chunk);
        } else if (handler != null) {
            dispatch(handler, chunk);
            // the receiver waits for the end or a failure only (its idle limit rereads lastProgress when it wakes):
            // waking it for every chunk cost two context switches per chunk on a busy host
            if (failure != null) {
                notifyAll();
            }
        } else {
            queueEarly(chunk);
            if (pulled) {
                notifyAll();
            }
        }
    }

    /**
     * Queues a chunk that came before its receiver: appended to the last queued one when that has room. Why: a link
     * reader passes on what it has as soon as a relay could use it (tens of KiB), each piece in a buffer of a whole
     * chunk, so a stream that waits for its receiver would hold up to chunk / piece times its bytes.
     */
    private void queueEarly(ByteBuffer chunk) {
        ByteBuffer last = early.peekLast();
        if (last != null && last.capacity() - last.limit() >= chunk.remaining()) {
            int end = last.limit();
            last.limit(end + chunk.remaining()).position(end);
            last.put(chunk);
            last.position(0);
            pool.release(chunk);
        } else {
            early.add(chunk);
        }
    }

    /** Buffers holding chunks that wait for the receiver (for tests). */
    synchronized int queuedBuffers() {
        return early.size();
    }

    void end() {
        RuntimeException failed;
        synchronized (this) {
            if (arrived != length && failure == null) {
                failure = new CommException("stream from rank " + source + " ended after " + arrived + " of "
                        + length + " bytes", source);
            }
            ended = true;
            notifyAll();
            failed = failure;
        }
        // outside the lock: what depends on the stream may take other locks
        if (failed == null) {
            settled.complete(null);
        } else {
            settled.completeExceptionally(failed);
        }
    }

    /**
     * Completes when the handler of {@link #start} had every byte, or exceptionally with the stream's failure: the
     * asynchronous form of {@link #await} (its dependents run on the thread that ends the stream, the link's).
     */
    CompletableFuture<Void> settled() {
        return settled;
    }

    void fail(Throwable cause) {
        RuntimeException failed;
        synchronized (this) {
            if (failure == null) {
                failure = cause instanceof CommException c ? c
                        : new CommException("stream from rank " + source + " failed: " + cause.getMessage(), source,
                                cause);
            }
            notifyAll();
            failed = failure;
        }
        settled.completeExceptionally(failed);
    }
}
