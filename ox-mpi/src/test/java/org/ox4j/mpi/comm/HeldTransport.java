package org.ox4j.mpi.comm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.ox4j.cmo.Cmo;

/** Wraps a transport and holds every send (not handed to the link) until {@link #release()}. */
final class HeldTransport extends ForwardingTransport {
    private final List<Runnable> held = new ArrayList<>();

    HeldTransport(PeerTransport inner) {
        super(inner);
    }

    @Override
    public synchronized CompletableFuture<Void> send(int dest, Cmo message) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        held.add(() -> inner.send(dest, message).whenComplete((v, e) -> {
            if (e != null) {
                f.completeExceptionally(e);
            } else {
                f.complete(null);
            }
        }));
        return f;
    }

    /** Hands every held message to the link, in order. */
    void release() {
        List<Runnable> now;
        synchronized (this) {
            now = new ArrayList<>(held);
            held.clear();
        }
        now.forEach(Runnable::run);
    }
}
