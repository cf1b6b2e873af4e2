package org.ox4j.server.rfc102;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.ox4j.server.eval.ComputationInterruptedException;
import org.ox4j.server.eval.Interruption;

/**
 * The wait of a member for the next message from one peer: in short slices, so that a session reset stops it,
 * bounded by the group's timeout (then the peer is taken for failed), and ended at once when the link closes.
 *
 * <p>Inside a collective the wait also watches the rest of the group: every member is needed, so when the link
 * of any other member has failed the wait ends at once with that member's failure, instead of running into the
 * timeout and blaming the live peer it was waiting for (which may itself be stuck on the failed one). A message
 * already there is still taken first.
 */
final class PeerWait {
    static final long SLICE_MILLIS = 100;

    /** Where messages from one peer arrive. */
    interface Inbox {
        int peerRank();

        /** The next entry within {@code millis}, or null. */
        Inbound poll(long millis) throws InterruptedException;

        /** The failure to report once the link has closed. */
        PeerFailureException closedError(Throwable cause);
    }

    /** No other member to watch (point-to-point receives and the reset drain). */
    static final IntFunction<PeerFailureException> NO_WATCH = peer -> null;

    private PeerWait() {
    }

    /**
     * The next message from {@code inbox}'s peer.
     *
     * @param othersFailed given the peer waited for, a failure of some other member, or null while there is none
     * @throws PeerFailureException the link closed, nothing came within {@code timeout}, or another member failed
     */
    static Inbound next(Inbox inbox, Duration timeout, Interruption interruption,
            IntFunction<PeerFailureException> othersFailed) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                if (interruption != null) {
                    interruption.check();
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                Inbound x = inbox.poll(Math.max(0, Math.min(SLICE_MILLIS, left)));
                if (x instanceof Inbound.Closed c) {
                    throw inbox.closedError(c.cause());
                }
                if (x != null) {
                    return x;
                }
                PeerFailureException other = othersFailed.apply(inbox.peerRank());
                if (other != null) {
                    throw other;
                }
                if (deadline - System.nanoTime() <= 0) {
                    throw new PeerFailureException(inbox.peerRank(), "nothing received within " + timeout);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ComputationInterruptedException();
        }
    }
}
