package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.InStream;
import org.ox4j.mpi.comm.OutStream;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.StreamedPayload;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Tree;

/**
 * Streamed chain reduce of arrays: the rank farthest from the root streams its array towards the root; every rank
 * on the way combines its own slice into each chunk as it passes (in place, then on to the next rank) and the root
 * combines the last time. Pieces of c bytes (the forwarding granularity, {@link Communicator#streamForwardBytes()})
 * cross p − 1 links one behind the other, each rank spending c·γ per piece; every rank knows the size, so each
 * opens its outgoing stream at entry. So
 * <pre>T = (p − 1)·(α + c·γ) + (m + (p − 2)·c)·max(β, γ)</pre>
 * close to the bound m·β when the network is the slower part. Operands are combined in chain order, so only
 * commutative element-wise ops; payloads other than arrays fall back to {@link ReduceBinomial} (on every rank alike).
 */
public final class ReduceStreamedChain implements Algorithms.Reduce {
    public static final ReduceStreamedChain INSTANCE = new ReduceStreamedChain();

    private ReduceStreamedChain() {
    }

    @Override
    public String name() {
        return "stream_chain";
    }

    @Override
    public boolean supports(ReduceOp op) {
        return op.combinesSlicesInAnyOrder();
    }

    @Override
    public boolean splitsPayload() {
        return true;
    }

    @Override
    public Payload reduce(CollChannel ch, Payload value, ReduceOp op, int root) {
        return run(ch, value, null, op, root);
    }

    /** The root combines the last time straight into {@code result}: no result array is made. */
    @Override
    public void reduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op, int root) {
        if (!value.isArray()) {
            Algorithms.Reduce.super.reduceInto(ch, value, result, op, root);
        } else {
            run(ch, value, result, op, root);
        }
    }

    /** The reduction; at the root into {@code buffer}, or into a new array when it is null. */
    private Payload run(CollChannel ch, Payload value, Payload buffer, ReduceOp op, int root) {
        if (!value.isArray()) {
            return ReduceBinomial.INSTANCE.reduce(ch, value, op, root);
        }
        int p = ch.size();
        if (p == 1) {
            if (buffer != null) {
                value.copyTo(buffer);
            }
            return value;
        }
        // the reduction runs up the chain: from the far end towards the root
        Tree chain = Topologies.chain(p, root, ch.rank());
        StreamedPayload.Source mine = StreamedPayload.source(value);
        if (chain.children().isEmpty()) {
            StreamSends.streamTo(ch, chain.parent(), mine);
            return null;
        }
        int prev = chain.children().get(0);
        int next = chain.parent();
        // every rank knows the size: the header goes on now, not a hop's latency after the one from upstream, and
        // the hop starts on the link's thread the moment the stream from upstream arrives
        OutStream out = next >= 0 ? ch.sendStream(next, value.kind(), mine.length()) : null;
        Hop hop = StreamSends.receive(ch, prev, out, in -> Hop.start(in, value, mine.length(), op, out, buffer));
        StreamSends.finish(ch, hop.in, hop.out, () -> { });
        return hop.out != null ? null : hop.result.result();
    }

    /** One rank's part: combines its slice into each passing chunk, then passes it on (or keeps it, at the root). */
    private record Hop(InStream in, OutStream out, StreamedPayload.Assembler result) {
        /** On the link's thread, when the header has arrived. {@code out} is null at the root. */
        static Hop start(InStream in, Payload value, long length, ReduceOp op, OutStream out, Payload buffer) {
            if (in.kind() != value.kind() || in.length() != length) {
                throw new CommException("reduce: rank " + in.source() + " streams " + in.length() + " bytes of "
                        + in.kind() + ", this rank has " + length + " bytes of " + value.kind());
            }
            StreamedPayload.Assembler result = out != null ? null : buffer != null
                    ? StreamedPayload.assemblerInto(in.kind(), in.length(), buffer)
                    : StreamedPayload.assembler(in.kind(), in.length());
            long[] off = {0};
            in.start(b -> {
                int n = b.remaining();
                op.combineInto(value, off[0], b);
                off[0] += n;
                if (out != null) {
                    out.write(b);
                } else {
                    result.accept(b);
                    in.release(b);
                }
            });
            return new Hop(in, out, result);
        }
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        double chunk = Math.min(bytes, Communicator.streamForwardBytes());
        double perByte = Math.max(m.beta(), m.gamma());
        return (p - 1) * (m.alpha() + m.reduce(chunk)) + perByte * (m.wireBytes(bytes) + (p - 2) * m.wireBytes(chunk));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.streams(p - 1, (double) (p - 1) * bytes, (double) (p - 1) * bytes);
    }
}
