package org.ox4j.mpi.comm;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.BooleanSupplier;

/**
 * A transport that records each offer of a link to a waiting thread ({@link PeerTransport#readWhileWaiting}) and
 * reads nothing itself: the peer, and whether the wait was marked as a wait for a reply ({@link ReplyWaits}).
 */
public final class OfferRecordingTransport extends ForwardingTransport {
    /** One offer: the peer whose link was offered, and whether the waiting thread was waiting for a reply. */
    public record Offer(int peer, boolean replyWait) {
    }

    private final BlockingQueue<Offer> offers = new LinkedBlockingQueue<>();

    public OfferRecordingTransport(PeerTransport inner) {
        super(inner);
    }

    /** The offers so far, oldest first; tests take from it. */
    public BlockingQueue<Offer> offers() {
        return offers;
    }

    @Override
    public void readWhileWaiting(int peer, BooleanSupplier done, long deadline) {
        offers.add(new Offer(peer, ReplyWaits.active()));
    }
}
