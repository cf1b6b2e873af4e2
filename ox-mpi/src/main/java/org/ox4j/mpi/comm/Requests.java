package org.ox4j.mpi.comm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Completion of several requests (MPI_Waitall, Waitany, Waitsome, Testall, Testany, Testsome). {@code null}
 * entries play the part of MPI_REQUEST_NULL: they are skipped. Index results refer to positions in the list.
 */
public final class Requests {
    /** MPI_UNDEFINED: returned by {@link #waitAny} when no non-null request was given. */
    public static final int UNDEFINED = -1;

    private Requests() {
    }

    /**
     * Waits for every request. If any failed, throws one {@link CommException} ("error in status", like
     * MPI_ERR_IN_STATUS) naming the failed indices, with each failure attached as suppressed; the rank of the
     * first failure is kept.
     */
    public static List<Status> waitAll(List<Request> requests) {
        return waitAll(requests, null);
    }

    /** As {@link #waitAll(List)}, giving up with a {@link CommException} after {@code timeout}. */
    public static List<Status> waitAll(List<Request> requests, Duration timeout) {
        CompletableFuture<?>[] fs = futures(requests);
        CompletableFuture<Void> all = CompletableFuture.allOf(fs);
        try {
            long deadline = Request.deadlineAfter(timeout);
            // one at a time, this thread reads the link of each pending request itself (the others' links are read
            // by their I/O threads meanwhile)
            for (Request r : requests) {
                if (r != null) {
                    r.readWhileWaiting(deadline);
                }
            }
            if (timeout == null) {
                all.get();
            } else {
                all.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("interrupted in waitAll");
        } catch (ExecutionException e) {
            // some failed: report all below
        } catch (TimeoutException e) {
            int waitingFor = firstPendingPeer(requests);
            String with = waitingFor == CommException.NO_RANK ? "" : " (waiting for rank " + waitingFor + ")";
            throw new RequestTimeoutException("waitAll: not all requests complete after " + timeout + with,
                    waitingFor);
        }
        List<Status> out = new ArrayList<>(requests.size());
        List<Integer> failed = new ArrayList<>();
        List<CommException> errors = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            Request r = requests.get(i);
            if (r == null) {
                out.add(null);
            } else if (r.isFailed()) {
                out.add(null);
                failed.add(i);
                try {
                    r.await();
                } catch (CommException ex) {
                    errors.add(ex);
                }
            } else {
                out.add(r.await());
            }
        }
        if (!failed.isEmpty()) {
            CommException first = errors.get(0);
            CommException e = first instanceof RankFailedException rf
                    ? new RankFailedException(rf.rank(), rf.detail() + " (error in status: requests " + failed
                            + " failed)")
                    : new CommException("error in status: requests " + failed + " failed: " + first.getMessage(),
                            first.rank());
            errors.forEach(e::addSuppressed);
            throw e;
        }
        return out;
    }

    /** Waits until one request completes and returns its index ({@link #UNDEFINED} if all are null). */
    public static int waitAny(List<Request> requests) {
        return waitAny(requests, null);
    }

    /** As {@link #waitAny(List)} with a timeout ({@link CommException} when it expires). */
    public static int waitAny(List<Request> requests, Duration timeout) {
        CompletableFuture<?>[] fs = futures(requests);
        if (fs.length == 0) {
            return UNDEFINED;
        }
        CompletableFuture<Object> any = CompletableFuture.anyOf(fs);
        try {
            if (timeout == null) {
                any.get();
            } else {
                any.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommException("interrupted in waitAny");
        } catch (ExecutionException e) {
            // a failed request also counts as complete; the caller sees the error on await()
        } catch (TimeoutException e) {
            throw new CommException("waitAny: no request complete after " + timeout);
        }
        List<Integer> done = testSome(requests);
        return done.get(0);
    }

    /** Waits until at least one request completes and returns the indices of all complete ones. */
    public static List<Integer> waitSome(List<Request> requests) {
        int first = waitAny(requests);
        return first == UNDEFINED ? List.of() : testSome(requests);
    }

    /** Indices of the requests that are complete now (possibly none); never blocks. */
    public static List<Integer> testSome(List<Request> requests) {
        List<Integer> done = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            Request r = requests.get(i);
            if (r != null && r.test()) {
                done.add(i);
            }
        }
        return done;
    }

    /** Index of one complete request, or {@link #UNDEFINED} if none is complete yet; never blocks. */
    public static int testAny(List<Request> requests) {
        List<Integer> done = testSome(requests);
        return done.isEmpty() ? UNDEFINED : done.get(0);
    }

    /** True if every non-null request is complete; never blocks. */
    public static boolean testAll(List<Request> requests) {
        for (Request r : requests) {
            if (r != null && !r.test()) {
                return false;
            }
        }
        return true;
    }

    /** The peer of the first request still pending that names one, or NO_RANK. */
    private static int firstPendingPeer(List<Request> requests) {
        for (Request r : requests) {
            if (r != null && !r.test() && r.peer() != CommException.NO_RANK) {
                return r.peer();
            }
        }
        return CommException.NO_RANK;
    }

    private static CompletableFuture<?>[] futures(List<Request> requests) {
        return requests.stream().filter(r -> r != null).map(Request::future).toArray(CompletableFuture[]::new);
    }
}
