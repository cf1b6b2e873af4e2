package org.ox4j.mpi.comm;

/**
 * Marks the calling thread's waits as part of a synchronisation of the whole group, such as a barrier: while it runs,
 * every member is waiting for the others' signals, so a transport may poll for the next message (yielding the core
 * between polls) instead of sleeping until it arrives, even where members outnumber the host's cores.
 *
 * <p>Why: a sleeping member needs a wake-up per round of a barrier, and on a host with fewer cores than members
 * those wake-ups queue behind each other, so the members leave the barrier up to milliseconds apart (measured: 1-2
 * ms at eight members on two cores), and whatever follows pays that spread. A polling member sees the round's signal
 * at its next turn on a core. A transport bounds the polling (then it sleeps), so a member that waits long for a
 * peer still computing gives the core back.
 */
public final class SynchronisingWaits {
    /** A barrier inside a barrier's callback stays marked until the outer one ends. */
    private static final WaitMark MARK = new WaitMark();

    private SynchronisingWaits() {
    }

    /** Runs {@code body} with this thread's waits marked as synchronising. */
    public static void during(Runnable body) {
        MARK.during(() -> {
            body.run();
            return null;
        });
    }

    /** Whether the calling thread is inside {@link #during}. */
    public static boolean active() {
        return MARK.active();
    }
}
