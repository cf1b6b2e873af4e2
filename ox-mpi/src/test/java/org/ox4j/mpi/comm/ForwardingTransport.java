package org.ox4j.mpi.comm;

import java.util.concurrent.CompletableFuture;
import org.ox4j.cmo.Cmo;

/** A transport that passes everything to another one; test doubles override what they change. */
abstract class ForwardingTransport implements PeerTransport {
    protected final PeerTransport inner;

    ForwardingTransport(PeerTransport inner) {
        this.inner = inner;
    }

    @Override
    public int rank() {
        return inner.rank();
    }

    @Override
    public int size() {
        return inner.size();
    }

    @Override
    public CompletableFuture<Void> send(int dest, Cmo message) {
        return inner.send(dest, message);
    }

    @Override
    public CompletableFuture<Void> sendStream(int dest, Cmo header, long length, StreamChunks chunks) {
        return inner.sendStream(dest, header, length, chunks);
    }

    @Override
    public void setListener(Listener listener) {
        inner.setListener(listener);
    }
}
