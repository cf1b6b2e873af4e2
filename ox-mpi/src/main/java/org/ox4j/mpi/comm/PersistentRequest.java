package org.ox4j.mpi.comm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A persistent operation (MPI_Send_init, MPI_Recv_init, …): created inactive, {@link #start()} runs it once more
 * with the same arguments (a send reads its array's current contents at each start). Starting while the
 * previous run is still incomplete is an error. Dropping the object is MPI_Request_free.
 */
public final class PersistentRequest {
    private final Supplier<Request> starter;
    private Request active;

    PersistentRequest(Supplier<Request> starter) {
        this.starter = starter;
    }

    /** Activates the operation; returns the request of this run. */
    public synchronized Request start() {
        if (active != null && !active.test()) {
            throw new CommException("persistent request is already active (expected: completed before start)");
        }
        active = starter.get();
        return active;
    }

    /** MPI_Startall: starts each in order; returns their requests. */
    public static List<Request> startAll(List<PersistentRequest> requests) {
        List<Request> out = new ArrayList<>(requests.size());
        for (PersistentRequest p : requests) {
            out.add(p.start());
        }
        return out;
    }

    /** The request of the latest run, if started at least once. */
    public synchronized Optional<Request> current() {
        return Optional.ofNullable(active);
    }

    /** True if never started or the latest run is complete (MPI's "inactive"). */
    public synchronized boolean isInactive() {
        return active == null || active.test();
    }
}
