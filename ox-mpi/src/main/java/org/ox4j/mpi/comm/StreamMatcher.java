package org.ox4j.mpi.comm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Matches arriving streams with stream receives by (context, source, tag), first come first served on both sides,
 * like the matching of ordinary messages but without wildcards. A stream that arrives before its receive waits
 * here, its chunks still flowing into it.
 */
final class StreamMatcher {
    private record Key(int context, int source, int tag) {
    }

    private final Map<Key, Deque<InStream>> arrived = new HashMap<>();
    private final Map<Key, Deque<CompletableFuture<InStream>>> waiting = new HashMap<>();
    private final java.util.Set<Integer> failed = new java.util.HashSet<>();
    /** The first rank known to have failed itself: collective stream receives cannot complete any more. */
    private int groupFailure = CommException.NO_RANK;

    /**
     * A stream header arrived. A waiting receive is completed here, outside the lock: what it runs on completion
     * (see {@link PeerEndpoint#receiveStream}) runs on this, the link's, thread.
     */
    void arrive(int context, InStream s) {
        CompletableFuture<InStream> match;
        synchronized (this) {
            Key k = new Key(context, s.source(), s.tag());
            Deque<CompletableFuture<InStream>> w = waiting.get(k);
            match = w != null ? w.poll() : null;
            if (match == null) {
                arrived.computeIfAbsent(k, x -> new ArrayDeque<>()).add(s);
                return;
            }
        }
        match.complete(s);
    }

    /** A receive for the next stream of (context, source, tag). */
    synchronized CompletableFuture<InStream> post(int context, int source, int tag) {
        Key k = new Key(context, source, tag);
        Deque<InStream> a = arrived.get(k);
        if (a != null && !a.isEmpty()) {
            return CompletableFuture.completedFuture(a.poll());
        }
        CompletableFuture<InStream> f = new CompletableFuture<>();
        if (failed.contains(source)) {
            f.completeExceptionally(new RankFailedException(source, "stream receive from it (it failed earlier)"));
            return f;
        }
        if (MatchingEngine.isCollective(context) && groupFailure != CommException.NO_RANK) {
            f.completeExceptionally(new RankFailedException(groupFailure, "collective stream receive from rank "
                    + source + " (the group lost a member earlier)"));
            return f;
        }
        waiting.computeIfAbsent(k, x -> new ArrayDeque<>()).add(f);
        return f;
    }

    /** Forgets a receive that gave up waiting. */
    synchronized void forget(CompletableFuture<InStream> f) {
        waiting.values().forEach(d -> d.remove(f));
    }

    /**
     * The link to {@code peer} failed: its waiting receives fail, and when {@code groupWide} (the rank itself
     * failed) so do the waiting and later receives of collective contexts from any source; streams already
     * matched fail on their own.
     */
    synchronized List<CompletableFuture<InStream>> fail(int peer, boolean groupWide) {
        failed.add(peer);
        if (groupWide && groupFailure == CommException.NO_RANK) {
            groupFailure = peer;
        }
        List<CompletableFuture<InStream>> out = new ArrayList<>();
        waiting.forEach((k, d) -> {
            if (k.source() == peer || (groupWide && MatchingEngine.isCollective(k.context()))) {
                out.addAll(d);
                d.clear();
            }
        });
        arrived.forEach((k, d) -> {
            if (k.source() == peer) {
                d.clear();
            }
        });
        return out;
    }
}
