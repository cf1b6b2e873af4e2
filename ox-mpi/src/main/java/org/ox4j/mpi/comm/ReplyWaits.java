package org.ox4j.mpi.comm;

import java.util.function.Supplier;

/**
 * Marks the calling thread's wait as a wait for a reply: the peer it waits for has just been sent something by this
 * thread in the same collective call (a gather's contribution before the broadcast back, a recursive-doubling
 * partner), so the answer is on its way and a transport may poll for it (yielding the core between polls) for a
 * while before it sleeps, even where members outnumber the host's cores.
 *
 * <p>Why only then: where ranks outnumber cores, a sleeping waiter needs a wake-up per message, and on a virtual
 * machine that wake-up costs tens of microseconds of both cores; a poller sees the message at its next turn. But a
 * poller also takes turns from the ranks still working, so polling pays only where the answer is imminent. Measured
 * at p = 8 on 2 cores (every waiter polling up to 1 ms against none, four alternated pairs): the gather-then-broadcast
 * allgather and alltoall of 8 B and 64 KiB, whose ranks wait for the root's answer to what they sent, 10-25 % faster;
 * the broadcast of 8 B, whose receivers wait for a root that owes them nothing yet, about 30 % slower
 * (benchmarks/results/messaging-2026-12-06.md, part 11).
 */
public final class ReplyWaits {
    private static final WaitMark MARK = new WaitMark();

    private ReplyWaits() {
    }

    /** Runs {@code wait} with this thread's waits marked as waits for a reply; returns what it returned. */
    public static <T> T during(Supplier<T> wait) {
        return MARK.during(wait);
    }

    /** Whether the calling thread is inside {@link #during}. */
    public static boolean active() {
        return MARK.active();
    }
}
