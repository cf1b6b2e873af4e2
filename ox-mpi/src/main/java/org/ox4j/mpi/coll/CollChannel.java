package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
import java.util.function.Supplier;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.InStream;
import org.ox4j.mpi.comm.OutStream;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.RankFailedException;
import org.ox4j.mpi.comm.ReplyWaits;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.comm.RequestTimeoutException;
import org.ox4j.mpi.comm.Requests;

/**
 * The messaging one collective call uses: the communicator's collective context and a tag made of the
 * collective sequence number and a phase, so concurrent phases and successive collectives never cross. Ranks
 * given to its methods are communicator ranks.
 *
 * <p>A wait for a peer that this call has sent a small message to (at most {@link #REPLY_MAX_BYTES}, in any phase)
 * is a wait for its reply ({@link ReplyWaits}): the transport may poll for it before it sleeps.
 */
public final class CollChannel {
    private static final int PHASES = 4;
    /**
     * The largest message after which a wait for the same peer counts as a wait for a reply. Why a bound: the
     * polling paid at 8 B and 64 KiB cells (blocks of up to 64 KiB sent), while at 1 MiB and more a waiter polls
     * against ranks that are still moving megabytes, on the cores they need.
     */
    static final long REPLY_MAX_BYTES = 64 << 10;

    private final Communicator comm;
    private final int sequence;
    private final int phase;
    private final Duration timeout;
    /**
     * The peers this call (all its phases) has sent a small message to, one bit per rank; atomic, as a streamed
     * algorithm's relay may send from a link's thread while the caller waits.
     */
    private final AtomicLongArray sentTo;

    private CollChannel(Communicator comm, int sequence, int phase, Duration timeout, AtomicLongArray sentTo) {
        this.comm = comm;
        this.sequence = sequence;
        this.phase = phase;
        this.timeout = timeout;
        this.sentTo = sentTo;
    }

    /** Opens the channel of the next collective call on {@code user} (all ranks must do this in the same order). */
    public static CollChannel open(Communicator user, Duration timeout) {
        Communicator c = user.collectiveContext();
        return new CollChannel(c, c.nextCollectiveSequence(), 0, timeout, new AtomicLongArray((c.size() + 63) / 64));
    }

    /** The same call's channel for another phase (0..3). */
    public CollChannel phase(int k) {
        if (k < 0 || k >= PHASES) {
            throw new IllegalArgumentException("phase: " + k + " (expected: 0.." + (PHASES - 1) + ")");
        }
        return new CollChannel(comm, sequence, k, timeout, sentTo);
    }

    int tag() {
        return ((sequence & 0x0fffffff) << 2) | phase;
    }

    public int rank() {
        return comm.rank();
    }

    public int size() {
        return comm.size();
    }

    public Request iSend(int dest, Payload p) {
        Request r = comm.iSend(p, dest, tag());
        if (p.byteSize() <= REPLY_MAX_BYTES && dest >= 0 && dest < comm.size()) {
            long bit = 1L << (dest & 63);
            sentTo.accumulateAndGet(dest >>> 6, bit, (bits, b) -> bits | b);
        }
        return r;
    }

    public Request iRecv(int source) {
        return comm.iRecv(source, tag());
    }

    /**
     * Receives into {@code buffer}, MPI's receive buffer (see {@link Communicator#iRecv(Payload, int, int)}): a
     * large message goes from the link straight into its array, where a plain receive makes a new array to copy
     * from.
     */
    public Request iRecvInto(int source, Payload buffer) {
        return comm.iRecv(buffer, source, tag());
    }

    /** Blocking {@link #iRecvInto}; the received payload is {@code buffer}. */
    public Payload recvInto(int source, Payload buffer) {
        return await(iRecvInto(source, buffer)).payload();
    }

    public void send(int dest, Payload p) {
        await(iSend(dest, p));
    }

    public Payload recv(int source) {
        return await(iRecv(source)).payload();
    }

    /** Sends to {@code dest} and receives from {@code source} at the same time. */
    public Payload sendRecv(int dest, Payload p, int source) {
        return exchange(iRecv(source), dest, p);
    }

    /** {@link #sendRecv} whose incoming message goes into {@code buffer} (see {@link #iRecvInto}). */
    public Payload sendRecvInto(int dest, Payload p, int source, Payload buffer) {
        return exchange(iRecvInto(source, buffer), dest, p);
    }

    /** Sends {@code p} to {@code dest} while the posted receive {@code r} is pending; waits for both. */
    private Payload exchange(Request r, int dest, Payload p) {
        Request s = iSend(dest, p);
        Payload got = await(r).payload();
        await(s);
        return got;
    }

    /** Starts a stream of {@code length} bytes of a {@code kind} payload to {@code dest} (see {@link OutStream}). */
    public OutStream sendStream(int dest, Payload.Kind kind, long length) {
        return comm.sendStream(dest, tag(), kind, length, timeout);
    }

    /**
     * The next stream from {@code source}, handed to {@code onArrival} on the link's thread as soon as its header
     * arrives (see {@link Communicator#recvStream(int, int, Duration, Function)}); returns what
     * that made of it.
     */
    public <R> R recvStream(int source, Function<InStream, R> onArrival) {
        return suspecting(() -> comm.recvStream(source, tag(), timeout, onArrival));
    }

    /** Waits until {@code in} was handled to its last byte (the timeout bounds each pause in the data). */
    public void awaitEnd(InStream in) {
        suspecting(() -> {
            in.await(timeout);
            return null;
        });
    }

    /** The next chunk of {@code in}, pulled (see {@link InStream#take}); null after the last. */
    public ByteBuffer take(InStream in) {
        return suspecting(() -> in.take(timeout));
    }

    /** Waits until the link has taken the last byte of {@code out}. */
    public void awaitSent(OutStream out) {
        suspecting(() -> {
            out.await(timeout);
            return null;
        });
    }

    /**
     * Waits with this channel's timeout. A peer that does not answer in time is taken for failed: the wait ends
     * with a {@link RankFailedException} naming it (as the RFC-102 collectives do). A failure known earlier (a
     * broken link here, or a notice from another rank) has ended the wait before, naming the failed rank.
     */
    public org.ox4j.mpi.comm.Message await(Request r) {
        Supplier<org.ox4j.mpi.comm.Message> wait = () -> timeout == null ? r.awaitMessage()
                : r.awaitMessage(timeout);
        int peer = r.peer();
        return suspecting(sentTo(peer) ? () -> ReplyWaits.during(wait) : wait);
    }

    /** Whether this call has sent {@code peer} a small message. */
    private boolean sentTo(int peer) {
        return peer >= 0 && peer < comm.size() && (sentTo.get(peer >>> 6) & (1L << (peer & 63))) != 0;
    }

    public void waitAll(List<Request> rs) {
        suspecting(() -> {
            Requests.waitAll(rs, timeout);
            return null;
        });
    }

    /** Runs a wait of this channel; a peer that did not answer in time is taken for failed (see {@link #await}). */
    private <T> T suspecting(Supplier<T> wait) {
        try {
            return wait.get();
        } catch (RequestTimeoutException e) {
            throw suspect(e);
        }
    }

    private CommException suspect(RequestTimeoutException e) {
        if (e.rank() == CommException.NO_RANK) {
            return e;
        }
        return new RankFailedException(e.rank(), "no answer within " + timeout + " (collective on context "
                + comm.context() + ")", e);
    }
}
