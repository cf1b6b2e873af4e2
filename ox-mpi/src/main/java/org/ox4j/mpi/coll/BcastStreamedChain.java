package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.InStream;
import org.ox4j.mpi.comm.OutStream;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.StreamHandler;
import org.ox4j.mpi.comm.StreamedPayload;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Tree;

/**
 * Streamed chain broadcast: the root streams the payload to root+1, which passes the data on to root+2 as it
 * arrives (and keeps a copy), and so on down the chain: cut-through at the forwarding granularity c
 * ({@link Communicator#streamForwardBytes()}), every link busy at once, relayed bytes never copied inside the JVM.
 * With receive buffers ({@link #bcastInto}) every rank knows the size and opens its outgoing stream at entry, so
 * headers do not travel hop after hop. The last piece leaves the root after m·(β + μ) (the bytes land in the first
 * receiver's array as a whole message's would: at p = 2 the stream is no faster than one message) and then crosses
 * p − 2 more links, each first hop costs α:
 * <pre>T = (p − 1)·α + m·(β + μ) + (p − 2)·c·β</pre>
 * which approaches the bandwidth bound for m ≫ p·c. Any payload (a CMO travels encoded).
 */
public final class BcastStreamedChain implements Algorithms.Bcast {
    public static final BcastStreamedChain INSTANCE = new BcastStreamedChain();

    private BcastStreamedChain() {
    }

    @Override
    public String name() {
        return "stream_chain";
    }

    @Override
    public Payload bcast(CollChannel ch, Payload value, int root) {
        return run(ch, value, root, null);
    }

    /** Relays fill the buffer chunk by chunk as the stream passes: no result array is made. */
    @Override
    public void bcastInto(CollChannel ch, Payload buffer, int root) {
        run(ch, buffer, root, buffer);
    }

    /** The broadcast; at non-roots the stream goes into {@code buffer}, or into a new array when it is null. */
    private Payload run(CollChannel ch, Payload value, int root, Payload buffer) {
        int p = ch.size();
        if (p == 1) {
            return value;
        }
        Tree chain = Topologies.chain(p, root, ch.rank());
        int next = chain.children().isEmpty() ? -1 : chain.children().get(0);
        if (chain.isRoot()) {
            StreamSends.streamTo(ch, next, StreamedPayload.source(value));
            return value;
        }
        int prev = chain.parent();
        Relay relay;
        if (buffer != null) {
            // every rank knows the size: the header goes on now, not a hop's latency after the one from upstream
            OutStream out = next >= 0 ? ch.sendStream(next, buffer.kind(), buffer.byteSize()) : null;
            relay = StreamSends.receive(ch, prev, out, in -> Relay.start(in, out, buffer));
        } else {
            // the relay starts on the link's thread the moment the header arrives: no wake-up of this thread
            relay = ch.recvStream(prev, in -> Relay.start(in,
                    next >= 0 ? ch.sendStream(next, in.kind(), in.length()) : null, null));
        }
        // allocating the result (zeroing m bytes) meanwhile does not hold up the relaying
        StreamSends.finish(ch, relay.in, relay.out, relay::allocateResult);
        return relay.result();
    }

    /**
     * One rank's part below the root: passes each chunk on to the next rank first, then keeps its bytes, in the
     * receive buffer or (chunks that pass before the result array exists) in a list until it does.
     */
    private static final class Relay implements StreamHandler {
        private final InStream in;
        private final OutStream out;
        private final List<ByteBuffer> pending = new ArrayList<>();
        private StreamedPayload.Assembler target;

        private Relay(InStream in, OutStream out) {
            this.in = in;
            this.out = out;
        }

        /** On the link's thread, when the header has arrived: checks it against the buffer (if any), starts. */
        static Relay start(InStream in, OutStream out, Payload buffer) {
            StreamedPayload.Assembler into = buffer == null ? null
                    : StreamedPayload.assemblerInto(in.kind(), in.length(), buffer);
            Relay r = new Relay(in, out);
            if (into != null) {
                r.into(into);
            }
            in.start(r);
            return r;
        }

        @Override
        public void chunk(ByteBuffer b) {
            if (out == null || out.writeNowKeeping(b)) {
                keep(b);
            } else {
                keepCopyOf(b);
                out.write(b);
            }
        }

        /** Takes the chunk's bytes; the chunk is released once copied. */
        private synchronized void keep(ByteBuffer b) {
            if (target == null) {
                pending.add(b);
            } else {
                target.accept(b);
                in.release(b);
            }
        }

        /** Takes a copy of the chunk's bytes; the chunk itself stays with the caller. */
        private synchronized void keepCopyOf(ByteBuffer b) {
            if (target == null) {
                ByteBuffer c = ByteBuffer.allocate(b.remaining());
                c.put(b.duplicate()).flip();
                pending.add(c);
            } else {
                target.accept(b);
            }
        }

        private synchronized void into(StreamedPayload.Assembler a) {
            target = a;
            for (ByteBuffer b : pending) {
                a.accept(b);
                in.release(b);
            }
            pending.clear();
        }

        /** Makes the result array unless the stream goes into a receive buffer. */
        void allocateResult() {
            synchronized (this) {
                if (target != null) {
                    return;
                }
            }
            // zeroing m bytes outside the lock: the link's thread goes on relaying meanwhile
            into(StreamedPayload.assembler(in.kind(), in.length()));
        }

        synchronized Payload result() {
            return target.result();
        }
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        double chunk = Math.min(bytes, Communicator.streamForwardBytes());
        return (p - 1) * m.alpha() + m.transfer(bytes) + (p - 2) * m.streamed(chunk);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.streams(p - 1, (double) (p - 1) * bytes, 0);
    }
}
