package org.ox4j.mpi.comm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * MPI matching: the posted-receive queue and the unexpected-message queue of one endpoint, both in arrival order
 * so that matching is non-overtaking (links are FIFO per sender, and both queues are scanned front to back).
 *
 * <p>All state is guarded by this object's monitor; methods only decide and return what to complete, so
 * futures are completed by the caller outside the lock (their callbacks may re-enter).
 */
final class MatchingEngine {
    /** A receive waiting for a message. */
    static final class PostedReceive {
        final int context;
        final int source;
        final int tag;
        /** The array the message goes into (null: the message's own payload is delivered). */
        final Payload buffer;
        final CompletableFuture<Message> future = new CompletableFuture<>();

        PostedReceive(int context, int source, int tag) {
            this(context, source, tag, null);
        }

        PostedReceive(int context, int source, int tag, Payload buffer) {
            this.context = context;
            this.source = source;
            this.tag = tag;
            this.buffer = buffer;
        }

        boolean matches(Envelope e) {
            return MatchingEngine.matches(context, source, tag, e);
        }
    }

    /** A blocking probe waiting for a matchable message (which it does not take). */
    static final class ProbeWaiter {
        final int context;
        final int source;
        final int tag;
        final CompletableFuture<Status> future = new CompletableFuture<>();

        ProbeWaiter(int context, int source, int tag) {
            this.context = context;
            this.source = source;
            this.tag = tag;
        }
    }

    /** What an arriving data message did. */
    record Arrival(PostedReceive matched, List<ProbeWaiter> probesSatisfied, boolean dropped) {
    }

    /** What a link failure broke; {@code news}: the rank was not known to have failed before. */
    record Failure(List<PostedReceive> receives, List<ProbeWaiter> probes, boolean news) {
    }

    private final LinkedList<PostedReceive> posted = new LinkedList<>();
    private final LinkedList<Envelope> unexpected = new LinkedList<>();
    private final List<ProbeWaiter> probes = new ArrayList<>();
    private final Set<Integer> failedPeers = new HashSet<>();
    /** The first rank known to have failed (not merely closed locally): collectives cannot complete any more. */
    private int groupFailure = CommException.NO_RANK;
    /** Ranks known to have failed themselves (their links broke at this or another rank). */
    private final Set<Integer> rankFailures = new HashSet<>();

    static boolean matches(int context, int source, int tag, Envelope e) {
        return matches(context, source, tag, e.context(), e.source(), e.tag());
    }

    /** Whether a receive or probe for (context, source, tag) takes a message sent with the given fields. */
    private static boolean matches(int context, int source, int tag, int sentContext, int sentSource, int sentTag) {
        return context == sentContext
                && (source == Communicator.ANY_SOURCE || source == sentSource)
                && (tag == Communicator.ANY_TAG || tag == sentTag);
    }

    /**
     * An array message whose elements are not read yet: the oldest posted receive it matches, removed, if that one
     * has no buffer or a buffer of the message's kind and byte size; else null, nothing changed, and the whole
     * message arrives later through {@link #arrive} (which then finds the same receive, or none, as it would have
     * here).
     */
    synchronized PostedReceive claimForArray(PeerWire.ArrayPrefix m) {
        for (Iterator<PostedReceive> it = posted.iterator(); it.hasNext(); ) {
            PostedReceive r = it.next();
            if (matches(r.context, r.source, r.tag, m.context(), m.source(), m.tag())) {
                if (r.buffer != null && (r.buffer.kind() != m.kind() || r.buffer.byteSize() != m.elementBytes())) {
                    return null;
                }
                it.remove();
                return r;
            }
        }
        return null;
    }

    /** A data message arrived: match the oldest fitting posted receive, else queue it (ready mode: drop). */
    synchronized Arrival arrive(Envelope e) {
        for (Iterator<PostedReceive> it = posted.iterator(); it.hasNext(); ) {
            PostedReceive r = it.next();
            if (r.matches(e)) {
                it.remove();
                return new Arrival(r, List.of(), false);
            }
        }
        if (e.mode() == SendMode.READY) {
            return new Arrival(null, List.of(), true);
        }
        unexpected.addLast(e);
        List<ProbeWaiter> hit = new ArrayList<>();
        for (Iterator<ProbeWaiter> it = probes.iterator(); it.hasNext(); ) {
            ProbeWaiter w = it.next();
            if (matches(w.context, w.source, w.tag, e)) {
                it.remove();
                hit.add(w);
            }
        }
        return new Arrival(null, hit, false);
    }

    /**
     * Posts a receive: returns the oldest matching unexpected message (removed), or null after queueing the
     * receive. Throws if the named source has failed and nothing from it is queued.
     */
    synchronized Envelope post(PostedReceive r) {
        Envelope e = takeUnexpected(r.context, r.source, r.tag);
        if (e != null) {
            return e;
        }
        if (r.source != Communicator.ANY_SOURCE && failedPeers.contains(r.source)) {
            throw new RankFailedException(r.source, "receive from it (it failed earlier)");
        }
        if (isCollective(r.context) && groupFailure != CommException.NO_RANK) {
            throw new RankFailedException(groupFailure, "collective receive from "
                    + (r.source == Communicator.ANY_SOURCE ? "any rank" : "rank " + r.source)
                    + " (the group lost a member earlier)");
        }
        posted.addLast(r);
        return null;
    }

    private Envelope takeUnexpected(int context, int source, int tag) {
        for (Iterator<Envelope> it = unexpected.iterator(); it.hasNext(); ) {
            Envelope e = it.next();
            if (matches(context, source, tag, e)) {
                it.remove();
                return e;
            }
        }
        return null;
    }

    /** Removes and returns the oldest matchable unexpected message, or null (matched probe). */
    synchronized Envelope take(int context, int source, int tag) {
        return takeUnexpected(context, source, tag);
    }

    /** Removes a still-pending receive; true if it was pending (so the caller completes it as cancelled). */
    synchronized boolean cancel(PostedReceive r) {
        return posted.remove(r);
    }

    /** The oldest matchable message, not removed, or null. */
    synchronized Envelope peek(int context, int source, int tag) {
        for (Envelope e : unexpected) {
            if (matches(context, source, tag, e)) {
                return e;
            }
        }
        return null;
    }

    /** Peeks, or registers the waiter (completed later by {@link #arrive}); returns the peeked envelope. */
    synchronized Envelope peekOrWait(ProbeWaiter w) {
        Envelope e = peek(w.context, w.source, w.tag);
        if (e == null) {
            if (w.source != Communicator.ANY_SOURCE && failedPeers.contains(w.source)) {
                throw new CommException("probe of failed rank " + w.source, w.source);
            }
            probes.add(w);
        }
        return e;
    }

    synchronized void forgetProbe(ProbeWaiter w) {
        probes.remove(w);
    }

    /**
     * Marks {@code peer} failed; returns the receives and probes that can no longer be satisfied safely: those
     * naming it or any source and, when {@code groupWide} (the rank itself failed, rather than a link this process
     * closed), every receive of a collective context, since a collective needs every rank.
     */
    synchronized Failure fail(int peer, boolean groupWide) {
        failedPeers.add(peer);
        boolean news = groupWide && rankFailures.add(peer);
        if (groupWide && groupFailure == CommException.NO_RANK) {
            groupFailure = peer;
        }
        List<PostedReceive> rs = new ArrayList<>();
        for (Iterator<PostedReceive> it = posted.iterator(); it.hasNext(); ) {
            PostedReceive r = it.next();
            if (r.source == peer || r.source == Communicator.ANY_SOURCE || (groupWide && isCollective(r.context))) {
                it.remove();
                rs.add(r);
            }
        }
        List<ProbeWaiter> ps = new ArrayList<>();
        for (Iterator<ProbeWaiter> it = probes.iterator(); it.hasNext(); ) {
            ProbeWaiter w = it.next();
            if (w.source == peer || w.source == Communicator.ANY_SOURCE) {
                it.remove();
                ps.add(w);
            }
        }
        return new Failure(rs, ps, news);
    }

    /** Whether {@code context} is the collective companion of a user communicator (odd context ids). */
    static boolean isCollective(int context) {
        return (context & 1) == 1;
    }

    synchronized boolean isFailed(int peer) {
        return failedPeers.contains(peer);
    }

    /** Sizes of the two queues (tests and diagnostics). */
    synchronized int[] queueLengths() {
        return new int[] {posted.size(), unexpected.size()};
    }
}
