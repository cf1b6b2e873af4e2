package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A stream being sent (see {@link Communicator#sendStream}): the sender fills chunks from {@link #buffer()} (or
 * passes on chunks of an {@link InStream}) and {@link #write}s them in order, exactly {@link #length()} bytes in
 * all; the link's writer sends each as soon as it is queued. {@link #abort} when the bytes cannot be produced:
 * the link then has to be dropped, since the receiver expects the announced length.
 */
public final class OutStream implements StreamChunks {
    private final int dest;
    private final long length;
    private final ChunkPool pool;
    private final Duration producerTimeout;
    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final CompletableFuture<Void> sent = new CompletableFuture<>();
    private long queued;
    private ChunkWriter direct;
    private long directWritten;
    private RuntimeException failure;
    private long lastProgress = System.nanoTime();

    OutStream(int dest, long length, ChunkPool pool, Duration producerTimeout) {
        this.dest = dest;
        this.length = length;
        this.pool = pool;
        this.producerTimeout = producerTimeout;
    }

    public long length() {
        return length;
    }

    /** An empty chunk to fill (flip it before {@link #write}). */
    public ByteBuffer buffer() {
        return pool.acquire();
    }

    /**
     * Sends a chunk (its position to limit); the stream owns it from now on. Once the link's writer has handed its
     * connection over ({@link #handOver}) the chunk is written right here, on the caller's thread, which then
     * waits for the socket (back-pressure); before that it is queued.
     */
    public synchronized void write(ByteBuffer chunk) {
        reserve(chunk.remaining());
        if (direct == null) {
            queue.offer(chunk);
            return;
        }
        try {
            writeDirect(chunk);
        } finally {
            pool.release(chunk);
        }
    }

    /**
     * Writes a chunk now if the link's writer has handed its connection over, leaving the chunk's contents and
     * position as they were and its ownership with the caller (a relay then keeps a copy after passing it on);
     * false, doing nothing, while chunks are still queued (then use {@link #write}).
     */
    public synchronized boolean writeNowKeeping(ByteBuffer chunk) {
        if (direct == null) {
            return false;
        }
        reserve(chunk.remaining());
        writeDirect(chunk.duplicate());
        return true;
    }

    /**
     * Writes bytes {@code [from, from + length)} of {@code src} in chunks of this stream's buffer size, each on the
     * calling thread: a Java array copied into a buffer, a direct payload's memory as it is (the sender's buffer is
     * not to be touched until the send completes, MPI's rule, which covers the chunks still queued); on a failure
     * the stream is abandoned, so the receiver fails too instead of waiting, and the failure is rethrown.
     */
    public void writeFrom(StreamedPayload.Source src, long from, long length) {
        try {
            long off = from;
            long end = from + length;
            int chunk = pool.chunkBytes();
            while (off < end) {
                int n = (int) Math.min(chunk, end - off);
                // a payload in direct memory goes to the socket as it is, queued or written now (a read-only view:
                // the pool takes no such buffer back); a Java array is copied into a new chunk (the stream owns it)
                write(src.piece(off, n, src.inPlace() ? null : buffer()));
                off += n;
            }
        } catch (RuntimeException e) {
            abort(e);
            throw e;
        }
    }

    private void reserve(int n) {
        if (queued + n > length) {
            throw new CommException("stream to rank " + dest + ": " + (queued + n) + " bytes written, " + length
                    + " announced", dest);
        }
        queued += n;
    }

    private void writeDirect(ByteBuffer b) {
        int n = b.remaining();
        try {
            direct.write(b);
        } catch (RuntimeException e) {
            failure = e;
            notifyAll();
            throw e;
        }
        directWritten += n;
        lastProgress = System.nanoTime();
        if (directWritten == length) {
            notifyAll();
        }
    }

    /** Gives up: the writer stops and the link to the destination is dropped. */
    public synchronized void abort(Throwable cause) {
        queue.offer(cause);
        if (failure == null) {
            failure = new CommException("stream to rank " + dest + " abandoned: " + cause.getMessage(), dest, cause);
        }
        notifyAll();
    }

    @Override
    public boolean handOver(ChunkWriter out) {
        synchronized (this) {
            direct = out;
            // what was queued before the hand-over goes first; later chunks are written by the producer itself
            for (Object o = queue.poll(); o != null; o = queue.poll()) {
                if (o instanceof Throwable t) {
                    throw new CommException("stream to rank " + dest + " abandoned: " + t.getMessage(), dest, t);
                }
                ByteBuffer b = (ByteBuffer) o;
                try {
                    writeDirect(b);
                } finally {
                    pool.release(b);
                }
            }
            lastProgress = System.nanoTime();
            try {
                if (!ProgressWait.await(this, () -> directWritten >= length || failure != null, () -> lastProgress,
                        producerTimeout)) {
                    failure = new CommException("stream to rank " + dest + ": no data from the sender within "
                            + producerTimeout, dest);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = new CommException("interrupted while sending a stream to rank " + dest, dest);
            }
            if (failure != null) {
                throw failure;
            }
            return true;
        }
    }

    /** Waits until every byte has been handed to the link; {@link CommException} if the link failed. */
    public void await(Duration timeout) {
        try {
            if (timeout == null) {
                sent.get();
            } else {
                sent.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("interrupted while sending a stream to rank " + dest, dest);
        } catch (ExecutionException e) {
            throw Request.rethrow(e.getCause());
        } catch (TimeoutException e) {
            throw new RequestTimeoutException("stream to rank " + dest + " not sent within " + timeout, dest);
        }
    }

    void completion(CompletableFuture<Void> f) {
        f.whenComplete((v, err) -> {
            if (err == null) {
                sent.complete(null);
            } else if (Request.rootCause(err) instanceof CommException c) {
                sent.completeExceptionally(c);
            } else {
                sent.completeExceptionally(new CommException("stream to rank " + dest + " failed: "
                        + err.getMessage(), dest, err));
            }
        });
    }

    @Override
    public ByteBuffer next() {
        Object o;
        try {
            o = producerTimeout == null ? queue.take()
                    : queue.poll(producerTimeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("interrupted while sending a stream to rank " + dest, dest);
        }
        if (o == null) {
            throw new CommException("stream to rank " + dest + ": no data from the sender within " + producerTimeout,
                    dest);
        }
        if (o instanceof Throwable t) {
            throw new CommException("stream to rank " + dest + " abandoned: " + t.getMessage(), dest, t);
        }
        return (ByteBuffer) o;
    }

    @Override
    public void written(ByteBuffer chunk) {
        pool.release(chunk);
    }
}
