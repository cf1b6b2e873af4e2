package org.ox4j.server.rfc102;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.ox4j.cmo.Cmo;
import org.ox4j.mpi.comm.ArrayDestination;
import org.ox4j.mpi.comm.PeerTransport;
import org.ox4j.mpi.comm.PeerWire;
import org.ox4j.mpi.comm.StreamBody;
import org.ox4j.mpi.comm.StreamChunks;

/**
 * The messaging layer's {@link PeerTransport} over a {@link PeerGroup}'s links: MPI envelopes travel as OX_DATA on
 * the same RFC-102 links and are routed by the link readers to the listener, away from the FIFO that
 * {@code ox_recv_102} and the collectives read.
 */
public final class PeerGroupTransport implements PeerTransport {
    private final PeerGroup group;
    private volatile Listener listener;

    public PeerGroupTransport(PeerGroup group) {
        this.group = Objects.requireNonNull(group, "group");
    }

    @Override
    public int rank() {
        return group.rank();
    }

    @Override
    public int size() {
        return group.size();
    }

    @Override
    public CompletableFuture<Void> send(int dest, Cmo message) {
        return group.sendEnvelope(dest, message);
    }

    @Override
    public boolean sendHere(int dest, Cmo message) {
        return group.sendEnvelopeHere(dest, message);
    }

    @Override
    public CompletableFuture<Void> sendStream(int dest, Cmo header, long length, StreamChunks chunks) {
        return group.sendStream(dest, header, length, chunks);
    }

    @Override
    public boolean sendStreamHere(int dest, Cmo header, long length, Consumer<StreamChunks.ChunkWriter> body) {
        return group.sendStreamHere(dest, header, length, body);
    }

    @Override
    public void readWhileWaiting(int peer, BooleanSupplier done, long deadline) throws InterruptedException {
        group.readWhileWaiting(peer, done, deadline);
    }

    @Override
    public void bodyFollows(int peer, boolean waiterMayRead) {
        group.bodyFollows(peer, waiterMayRead);
    }

    @Override
    public long maxStreamBytes() {
        return group.config().limits().maxMessageBytes();
    }

    @Override
    public synchronized void setListener(Listener l) {
        if (listener != null) {
            throw new IllegalStateException("listener already set");
        }
        listener = Objects.requireNonNull(l, "listener");
        group.setListener(new PeerGroup.Listener() {
            @Override
            public void onEnvelope(int sourceRank, Cmo envelope) {
                l.onMessage(sourceRank, envelope);
            }

            @Override
            public ArrayDestination onArrayPrefix(int sourceRank, PeerWire.ArrayPrefix prefix) {
                return l.onArrayPrefix(sourceRank, prefix);
            }

            @Override
            public void onStreamBody(int sourceRank, StreamBody body) {
                l.onStream(sourceRank, body);
            }

            @Override
            public void onLinkFailure(int peerRank, Throwable cause) {
                l.onLinkFailure(peerRank, cause);
            }
        });
        // links that failed before this transport existed (the world is created lazily) count as well
        group.closedLinks().forEach((peer, cause) -> {
            if (peer < group.size()) {
                l.onLinkFailure(peer, cause);
            }
        });
    }
}
