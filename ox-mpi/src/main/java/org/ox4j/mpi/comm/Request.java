package org.ox4j.mpi.comm;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * A nonblocking operation in flight (MPI_Request). Completion fills a {@link Status}; a receive also yields the
 * {@link Payload}. Unlike MPI handles a request is not freed by {@link #await()}: asking again returns the same
 * status, and dropping the reference is {@code MPI_Request_free} (the operation still completes).
 */
public final class Request {
    private final CompletableFuture<Message> future;
    private final BooleanSupplier canceller;
    private final int peer;
    /** Whose link a waiting thread may read itself (see {@link PeerTransport#readWhileWaiting}), or null. */
    private final PeerTransport link;

    Request(CompletableFuture<Message> future, BooleanSupplier canceller) {
        this(future, canceller, CommException.NO_RANK, null);
    }

    /**
     * @param peer the one rank this request waits for (send: destination, receive: source), or NO_RANK
     * @param link the transport whose link to {@code peer} a thread waiting for this request may read, or null
     */
    Request(CompletableFuture<Message> future, BooleanSupplier canceller, int peer, PeerTransport link) {
        this.future = future;
        this.canceller = canceller;
        this.peer = peer;
        this.link = link;
    }

    /**
     * The one rank this request depends on (the destination of a send, the named source of a receive), or
     * {@link CommException#NO_RANK} (wildcard receives, combined and local requests). Timeouts name it.
     */
    public int peer() {
        return peer;
    }

    /** A request that is already complete (PROC_NULL peers, buffered sends). */
    static Request completed(Message m) {
        return new Request(CompletableFuture.completedFuture(m), () -> false);
    }

    /** Blocks until complete; {@link CommException} if the operation failed. */
    public Status await() {
        return awaitMessage().status();
    }

    /**
     * Blocks at most {@code timeout}; {@link RequestTimeoutException} naming {@link #peer()} on timeout (the
     * operation stays pending).
     */
    public Status await(Duration timeout) {
        return awaitMessage(timeout).status();
    }

    /** Blocks until complete and returns status and payload (payload is {@link Payload#NONE} for sends). */
    public Message awaitMessage() {
        try {
            readWhileWaiting(deadlineAfter(null));
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("interrupted while waiting for a request");
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        }
    }

    /** As {@link #awaitMessage()} with a timeout. */
    public Message awaitMessage(Duration timeout) {
        try {
            long deadline = deadlineAfter(timeout);
            readWhileWaiting(deadline);
            return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("interrupted while waiting for a request");
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        } catch (TimeoutException e) {
            throw timedOut(timeout);
        }
    }

    /** A wait far enough to mean none, and near enough that System.nanoTime arithmetic cannot overflow. */
    private static final long FOREVER_NANOS = Long.MAX_VALUE / 4;

    /** The System.nanoTime deadline {@code timeout} from now; null: none (a deadline that never comes). */
    static long deadlineAfter(Duration timeout) {
        return System.nanoTime() + (timeout == null ? FOREVER_NANOS : Math.min(timeout.toNanos(), FOREVER_NANOS));
    }

    /**
     * Reads the peer's link on this thread while the request is pending (a receive's message, a synchronous send's
     * acknowledgement), until it completes or {@code deadline}; may return earlier, the caller then waits as usual.
     */
    void readWhileWaiting(long deadline) throws InterruptedException {
        if (link != null && peer != CommException.NO_RANK && !future.isDone()) {
            link.readWhileWaiting(peer, future::isDone, deadline);
        }
    }

    /** MPI_Test: true once complete (successfully or not); never blocks. */
    public boolean test() {
        return future.isDone();
    }

    /** MPI_Request_get_status: the status if complete successfully, without waiting. */
    public Optional<Status> status() {
        if (!future.isDone() || future.isCompletedExceptionally()) {
            return Optional.empty();
        }
        return Optional.of(future.join().status());
    }

    /** True if the operation failed (then {@link #await()} throws). */
    public boolean isFailed() {
        return future.isCompletedExceptionally();
    }

    /** The received payload; waits for completion. */
    public Payload payload() {
        return awaitMessage().payload();
    }

    /**
     * Cancels a pending receive. Returns true if the receive was still unmatched and is now complete with
     * {@link Status#cancelled()} set (nothing was received); false if it had already matched (it then completes
     * normally). Cancelling a send is not supported (deprecated in MPI-4) and returns false.
     */
    public boolean cancel() {
        return canceller.getAsBoolean();
    }

    /** The completion as a future of the status (for composition; never blocks). */
    public CompletableFuture<Status> asFuture() {
        return future.thenApply(Message::status);
    }

    RequestTimeoutException timedOut(Duration timeout) {
        String with = peer == CommException.NO_RANK ? "" : " (waiting for rank " + peer + ")";
        return new RequestTimeoutException("request not complete after " + timeout + with, peer);
    }

    CompletableFuture<Message> future() {
        return future;
    }

    /** {@code t} without its CompletionException / ExecutionException wrappers. */
    static Throwable rootCause(Throwable t) {
        Throwable c = t;
        while ((c instanceof CompletionException || c instanceof ExecutionException) && c.getCause() != null) {
            c = c.getCause();
        }
        return c;
    }

    static CommException rethrow(Throwable t) {
        Throwable c = rootCause(t);
        if (c instanceof RankFailedException rf) {
            return new RankFailedException(rf.rank(), rf.detail(), rf);
        }
        if (c instanceof RequestTimeoutException rt) {
            return new RequestTimeoutException(rt.getMessage(), rt.rank());
        }
        if (c instanceof CommException ce) {
            return new CommException(ce.getMessage(), ce.rank(), ce);
        }
        if (c instanceof CancellationException) {
            return new CommException("request was abandoned", CommException.NO_RANK, c);
        }
        return new CommException("request failed: " + c, CommException.NO_RANK, c);
    }
}
