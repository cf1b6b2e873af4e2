package org.ox4j.server.rfc102;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.ox4j.mpi.comm.ReplyWaits;
import org.ox4j.mpi.comm.SynchronisingWaits;

/**
 * Who reads one link's socket (a non-blocking channel): the link's reader thread, or a thread that is about to wait
 * for something only this peer can send and reads the frames itself.
 *
 * <p>Why: when the reader thread decodes a message and then wakes the thread waiting for it, every message costs
 * two thread wake-ups (the reader's, then the waiter's), tens of microseconds each on a loaded host. A waiter that
 * holds the role is woken by the socket itself, decodes and matches the message on its own thread, and before it
 * sleeps it polls the socket for a bounded spin (when the host has a core for every member: the reply to a message
 * just sent is usually on its way; where members outnumber cores, inside a barrier and in a wait for a reply that a
 * collective marks, {@link Spin#forThisWait}). Cost of a message read by a waiter: one wake-up, or none within the
 * spin.
 * Frames that came in the same read as the awaited one are decoded by the waiter before it leaves.
 *
 * <p>The reader thread keeps the progress rule: it watches the socket on a selector of its own whenever it does not
 * hold the role, and reads whatever has arrived once the role is free; so a frame nobody waits for is read as soon
 * as no waiter is reading. While a waiter reads, the reader thread is woken by the same data and then parks on the
 * role until the waiter is done (off the waiter's path). A frame a waiter must not read (a stream body: its consumer
 * may be the waiter itself, and relaying it may block) is left for the reader thread.
 *
 * <p>Three selectors: the reader thread's watch, the role holder's waits (for the first byte of a frame, or for the
 * rest of one), and the writers' wait for room (see {@link #awaitWritable}); each is used by one thread at a time.
 */
final class LinkReadRole {
    /** The frames of one link, read by whoever holds the role. */
    interface Frames {
        /** Whether a frame has begun to arrive (buffered or readable now); never waits. */
        boolean available();

        /** Whether the next frame, which has begun to arrive, may be read by a waiter (not only by the reader). */
        boolean readableByWaiter();

        /** Whether bytes of a frame are buffered (the socket's readiness no longer shows them). */
        boolean buffered();

        /** Reads one whole frame and passes it on; waits for its bytes through {@link #awaitReadable()}. */
        void readOne();

        boolean closed();

        /** A read failed (end of stream, bad frame): the link is finished. */
        void failed(Throwable cause);
    }

    /**
     * How long the reader thread stays away from the socket after a waiter was there: waits for the same peer come
     * in runs (a ping-pong, the rounds of a collective), and while the reader watches, the data wakes it as well as
     * the waiter. A frame that no waiter reads meanwhile waits at most this long after the last waiter left, plus
     * what is left of the reader's nap if it began while a waiter was reading ({@link #WAITER_NAP_NANOS}) or after
     * waiters had renewed the linger again and again ({@link #RENEWED_NAP_MAX_NANOS}); stream
     * bodies, bytes a waiter leaves buffered, and frames a waiter gave up waiting for are handed to the reader at
     * once.
     */
    static final long LINGER_NANOS = 1_000_000;
    /** How often a waiter kept from the read role looks whether the holder brought what it waits for. */
    private static final long ROLE_SLICE_NANOS = 1_000_000;
    /** The longest single wait of a waiter: it looks again whether what it waits for came by another way. */
    private static final long SLICE_MILLIS = 10;
    private static final Consumer<SelectionKey> IGNORE = k -> { };

    private final boolean waitersRead;
    private final Spin spin;
    /** Fair: the reader thread queues behind a waiter instead of barging in between the waiter's turns. */
    private final ReentrantLock role = new ReentrantLock(true);
    private final AtomicInteger waiters = new AtomicInteger();
    /** When the last waiter left (System.nanoTime). */
    private volatile long lastWaiterLeft = System.nanoTime() - LINGER_NANOS;
    /** Set when the reader thread must read at once, whatever the linger says. */
    private volatile boolean handedBack;
    /** A stream header came: its body is the reader thread's, so it does not stay away from the socket now. */
    private volatile boolean bodyExpected;
    /** A large message's header came: its body, next on the link, may be read by a waiter ({@link #bodyFollows}). */
    private volatile boolean bodyForWaiter;
    private volatile Thread readerThread;
    private final Selector watch;
    private final Selector holder;
    private final Selector room;
    /** Set once by {@link #start}, before the reader thread starts and before any waiter can reach the link. */
    private Frames frames;
    /** An interrupt that arrived while the role holder waited for the rest of a frame; restored after it. */
    private boolean deferredInterrupt;

    /**
     * Opens the selectors; the channel stays blocking until {@link #start} (the byte-order exchange is done
     * blocking, and the read and write hooks are not called then).
     *
     * @param waitersRead whether waiters read at all (false: only the reader thread reads, {@link #readUntil}
     *     returns at once)
     * @param spin how long a waiter polls the socket before it sleeps on it
     */
    LinkReadRole(boolean waitersRead, Spin spin) throws IOException {
        this.waitersRead = waitersRead;
        this.spin = spin;
        Selector[] opened = new Selector[3];
        try {
            for (int i = 0; i < opened.length; i++) {
                opened[i] = Selector.open();
            }
        } catch (IOException e) {
            closeAll(opened);
            throw e;
        }
        this.watch = opened[0];
        this.holder = opened[1];
        this.room = opened[2];
    }

    /** Puts {@code channel} in non-blocking mode and registers it; the reader thread may start after this. */
    void start(SocketChannel channel, Frames frames) throws IOException {
        this.frames = frames;
        channel.configureBlocking(false);
        channel.register(watch, SelectionKey.OP_READ);
        channel.register(holder, SelectionKey.OP_READ);
        channel.register(room, SelectionKey.OP_WRITE);
    }

    /**
     * How long a waiter polls the socket before it sleeps on it.
     *
     * @param nanos        any wait (0: none)
     * @param barrierNanos a wait inside {@link SynchronisingWaits} (the longer of the two applies)
     * @param replyNanos   a wait for a reply ({@link ReplyWaits}; the longer of it and {@code nanos} applies)
     */
    record Spin(long nanos, long barrierNanos, long replyNanos) {
        static final Spin NONE = new Spin(0, 0, 0);

        /** The spin of the calling thread's wait now. */
        long forThisWait() {
            if (SynchronisingWaits.active()) {
                return Math.max(nanos, barrierNanos);
            }
            return ReplyWaits.active() ? Math.max(nanos, replyNanos) : nanos;
        }
    }

    /** The reader thread's loop: runs until the link is closed. */
    void readerLoop() {
        readerThread = Thread.currentThread();
        // naps in a row that ended with the linger renewed by a waiter (napNanos)
        int renewed = 0;
        try {
            while (!frames.closed()) {
                if (!handedBack && leftToWaiters()) {
                    // not watching the socket: a waiter reads it, and only its thread is to be woken by the data
                    LockSupport.parkNanos(this, napNanos(renewed++));
                    continue;
                }
                renewed = 0;
                if (!handedBack && !frames.buffered()) {
                    watch.select(IGNORE, 0);
                    if (leftToWaiters()) {
                        continue;
                    }
                }
                role.lock();
                try {
                    handedBack = false;
                    while (!frames.closed() && frames.available()) {
                        // a header among these frames expects its body anew
                        bodyExpected = false;
                        frames.readOne();
                        if (waiters.get() > 0) {
                            break;
                        }
                    }
                } finally {
                    role.unlock();
                }
            }
        } catch (RuntimeException | IOException e) {
            if (!frames.closed()) {
                frames.failed(e);
            }
        } catch (Error e) {
            frames.failed(e);
            throw e;
        }
    }

    /**
     * How long the reader thread naps while waiters are about: while one reads, until it hands the link back (an
     * unpark) or {@link #WAITER_NAP_NANOS}; after the last one left, the rest of the linger, and when the nap before
     * ended with the linger renewed by another waiter ({@code renewed} such naps in a row), twice as long each time,
     * up to {@link #RENEWED_NAP_MAX_NANOS}. Why not a nap of a linger each time: in a run of collectives some waiter
     * is nearly always about, and with eight members of seven links each on two cores, readers waking every
     * millisecond to find that were tens of thousands of wake-ups a second taken from the members' own threads. Why
     * longer naps once the linger keeps being renewed: the waiters of a run of collectives come every few hundred
     * microseconds, so a reader woke at the end of nearly every linger only to nap again, reading nothing; rank 0 of
     * the 8 B reduce at p = 8 on two cores had 6,400 such wake-ups a second on its seven links, 1,300 with the
     * doubling (benchmarks/results/messaging-2026-12-07.md). The cost: a frame that no waiter reads after a run of
     * waiters waits up to {@link #RENEWED_NAP_MAX_NANOS} for the reader, less than a nap while a waiter reads.
     */
    private long napNanos(int renewed) {
        if (waiters.get() > 0) {
            return WAITER_NAP_NANOS;
        }
        long rest = Math.max(1, LINGER_NANOS - (System.nanoTime() - lastWaiterLeft));
        return renewed == 0 ? rest
                : Math.max(rest, Math.min(RENEWED_NAP_MAX_NANOS, LINGER_NANOS << Math.min(renewed, 16)));
    }

    /** The longest nap of a reader whose linger keeps being renewed by waiters ({@link #napNanos}). */
    static final long RENEWED_NAP_MAX_NANOS = 16 * LINGER_NANOS;

    /** The reader thread's nap while a waiter reads the link (it is unparked when a frame is left to it). */
    static final long WAITER_NAP_NANOS = 20_000_000;

    /**
     * Whether the reader thread leaves the socket to waiters: one reads it now or did so within the linger, and no
     * stream body is expected (a body is the reader's alone). Why the body overrides a waiter that is about: a
     * reader that looked while the waiter who had just delivered the header was still leaving took a waiter's nap
     * ({@link #WAITER_NAP_NANOS}), and the body then lay in the socket until the nap ended: 1 MiB bcast on two
     * servers, each on a core of its own, took 12-20 ms instead of 0.3.
     */
    boolean leftToWaiters() {
        return !bodyExpected && (waiters.get() > 0
                || !bodyForWaiter && System.nanoTime() - lastWaiterLeft < LINGER_NANOS);
    }

    /**
     * A stream header was just delivered (by a waiter or the reader thread). A stream's body is the reader thread's
     * to read (its consumer may block), so the reader ends its linger now instead of up to {@link #LINGER_NANOS}
     * later; a waiter in a ring of streams would otherwise pay that pause at every hop. A large message's body
     * ({@code waiterMayRead}: it is only copied into place) is read by whoever holds the role, so a waiter that read
     * the header reads it on: the reader thread is not woken for it and does not wake the waiter after it (two
     * wake-ups per large message, on every member of a bcast). A waiter that leaves before the body hands it back.
     */
    void bodyFollows(boolean waiterMayRead) {
        if (waiterMayRead) {
            bodyForWaiter = true;
            return;
        }
        bodyExpected = true;
        handBack();
    }

    /** Whether the body next on the link may be read by a waiter (a large message's, see {@link #bodyFollows}). */
    boolean bodyForWaiter() {
        return bodyForWaiter;
    }

    /** The body next on the link is being read (by the role holder). */
    void bodyTaken() {
        bodyForWaiter = false;
    }

    /** Makes the reader thread read now: a waiter left a frame to it, or bytes it did not read. */
    private void handBack() {
        handedBack = true;
        Thread t = readerThread;
        if (t != null) {
            LockSupport.unpark(t);
        }
        watch.wakeup();
    }

    /**
     * Reads the link on the calling thread until {@code done} holds, the deadline (System.nanoTime) passes, the link
     * closes, or a frame for the reader thread comes next; then the caller waits as it would have otherwise. Never
     * reads on the reader thread or inside a frame's own delivery.
     *
     * @return whether {@code done} holds
     */
    boolean readUntil(BooleanSupplier done, long deadline) throws InterruptedException {
        boolean got = false;
        try {
            got = readUntilOrGiveUp(done, deadline);
            return got;
        } finally {
            if (!got && waitersRead) {
                // the caller now waits for the reader thread, which may be in a waiter's long nap (napNanos)
                handBack();
            }
        }
    }

    private boolean readUntilOrGiveUp(BooleanSupplier done, long deadline) throws InterruptedException {
        if (!waitersRead || role.isHeldByCurrentThread()) {
            return done.getAsBoolean();
        }
        waiters.incrementAndGet();
        try {
            if (!role.tryLock()) {
                // the holder may deliver what this thread waits for, and keep the role long after: a reader inside
                // a stream body holds it to the body's end, and in a ring that body may wait for this very thread
                while (true) {
                    long left = deadline - System.nanoTime();
                    if (done.getAsBoolean()) {
                        return true;
                    }
                    if (left <= 0) {
                        return false;
                    }
                    if (role.tryLock(Math.min(left, ROLE_SLICE_NANOS), TimeUnit.NANOSECONDS)) {
                        break;
                    }
                }
            }
            boolean leftForReader = false;
            try {
                long spinUntil = System.nanoTime() + spin.forThisWait();
                while (!done.getAsBoolean()) {
                    if (frames.closed()) {
                        return false;
                    }
                    if (frames.available()) {
                        if (!frames.readableByWaiter()) {
                            leftForReader = true;
                            return false;
                        }
                        frames.readOne();
                        restoreInterrupt();
                        continue;
                    }
                    long now = System.nanoTime();
                    if (now - deadline >= 0) {
                        return false;
                    }
                    if (now - spinUntil < 0) {
                        // yielding, not just spinning: the thread that is to answer may be waiting for this core
                        Thread.yield();
                        continue;
                    }
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                    holder.select(IGNORE, Math.max(1, Math.min(SLICE_MILLIS,
                            TimeUnit.NANOSECONDS.toMillis(deadline - now))));
                }
                leftForReader = readBuffered();
                return true;
            } catch (RuntimeException | IOException e) {
                restoreInterrupt();
                frames.failed(e);
                return false;
            } finally {
                // what is buffered no longer shows on the socket: the reader must look without being told by it;
                // nor does a body that is to follow a header read here (it may not have come yet)
                leftForReader |= frames.buffered() || bodyForWaiter;
                role.unlock();
                if (leftForReader || bodyExpected) {
                    handBack();
                }
            }
        } finally {
            lastWaiterLeft = System.nanoTime();
            waiters.decrementAndGet();
        }
    }

    /**
     * Reads the frames whose bytes came in with the ones a waiter was waiting for, before it gives the role up;
     * true if one is left that only the reader thread may read. Why: a read takes whatever the socket holds, and
     * in a run of collectives that is often the next round's message from the same peer; left in the buffer, it
     * was handed to the reader thread (a wake-up, and the role passed to the reader and back to the next waiter):
     * 12 % of the waits of a barrier loop at p = 4 on two cores, where the barrier took 62 µs instead of 125.
     */
    private boolean readBuffered() {
        try {
            while (frames.buffered() && !frames.closed() && !bodyExpected) {
                // a body after what the waiter waited for is the reader's: all of it may be long in coming
                if (bodyForWaiter || !frames.readableByWaiter()) {
                    return true;
                }
                frames.readOne();
                restoreInterrupt();
            }
        } catch (RuntimeException e) {
            // the waiter has what it waited for; a bad frame after it ends the link, as on the reader thread
            restoreInterrupt();
            frames.failed(e);
        }
        return false;
    }

    /**
     * The role holder's wait for more bytes of the frame it is reading: until readable, the link closed, or a slice
     * passed (the caller reads again). An interrupt does not end it (the frame must be read whole); it is kept for
     * after the frame.
     */
    void awaitReadable() {
        if (Thread.interrupted()) {
            deferredInterrupt = true;
        }
        awaitSlice(holder, spin.nanos());
    }

    /** A writer's wait for room in the socket (the writers take turns under the link's wire lock). */
    void awaitWritable() {
        awaitSlice(room, spin.nanos());
    }

    /**
     * One slice on {@code selector}, polled for up to {@code spinNanos} first (yielding between polls): inside a
     * frame the rest is on its way, and while the peer moves a large body through the socket the room or the data
     * comes back within microseconds, sooner than a sleep on the selector and the wake-up after it. A closed link
     * (its selectors closed) is reported as a failed read or write.
     */
    private static void awaitSlice(Selector selector, long spinNanos) {
        try {
            if (spinNanos > 0) {
                long until = System.nanoTime() + spinNanos;
                do {
                    if (selector.selectNow(IGNORE) > 0) {
                        return;
                    }
                    Thread.yield();
                } while (System.nanoTime() - until < 0);
            }
            selector.select(IGNORE, SLICE_MILLIS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClosedSelectorException e) {
            throw new UncheckedIOException(new IOException("link closed", e));
        }
    }

    private void restoreInterrupt() {
        if (deferredInterrupt) {
            deferredInterrupt = false;
            Thread.currentThread().interrupt();
        }
    }

    /** Closes the selectors, which wakes every thread waiting on them (they find the link closed). */
    void close() {
        closeAll(new Selector[] {watch, holder, room});
    }

    private static void closeAll(Selector[] selectors) {
        for (Selector s : selectors) {
            if (s == null) {
                continue;
            }
            try {
                s.close();
            } catch (IOException e) {
                // nothing is left to release
            }
        }
    }
}
