package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.InStream;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.StreamedPayload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Streamed all-to-all: rank r streams its block for r + 1, r + 2, … (the pairwise order, so no rank is everyone's
 * first target) one after the other without waiting for the partners, while each incoming stream is copied into
 * its result by the link's reader as it arrives (no forwarding, so no cycle of waiting links). Blocks travel as
 * arrays or encoded CMOs in chunks straight from and into the arrays, and may differ in size and kind. Every block
 * pays a stream header, the transfers overlap:
 * <pre>T = (p − 1)·α + (p − 1)/p·n·(β + μ)</pre>
 * (n = bytes a rank sends in total, own block included; the blocks land in their results as whole messages'
 * would); against {@link AlltoallPairwise} it saves the lock step.
 */
public final class AlltoallStreamed implements Algorithms.Alltoall {
    public static final AlltoallStreamed INSTANCE = new AlltoallStreamed();

    private AlltoallStreamed() {
    }

    @Override
    public String name() {
        return "stream_direct";
    }

    /** A block being received: its stream and where its bytes go. */
    private record Incoming(InStream in, StreamedPayload.Assembler into) {
        /** On the link's thread when the header came: every chunk is copied into the block's array and released. */
        static Incoming start(InStream in) {
            StreamedPayload.Assembler into = StreamedPayload.assembler(in.kind(), in.length());
            in.start(b -> {
                into.accept(b);
                in.release(b);
            });
            return new Incoming(in, into);
        }
    }

    @Override
    public List<Payload> alltoall(CollChannel ch, List<Payload> blocks) {
        int p = ch.size();
        int r = ch.rank();
        ScatterLinear.checkBlocks(blocks, p);
        for (int i = 1; i < p; i++) {
            int dst = (r + i) % p;
            StreamSends.streamTo(ch, dst, StreamedPayload.source(blocks.get(dst)));
        }
        List<Incoming> incoming = new ArrayList<>(p - 1);
        for (int i = 1; i < p; i++) {
            incoming.add(ch.recvStream(Math.floorMod(r - i, p), Incoming::start));
        }
        Payload[] out = new Payload[p];
        out[r] = blocks.get(r);
        for (int i = 1; i < p; i++) {
            Incoming c = incoming.get(i - 1);
            ch.awaitEnd(c.in());
            out[Math.floorMod(r - i, p)] = c.into().result();
        }
        return List.of(out);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * m.alpha() + m.transfer((double) bytes * (p - 1) / p);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.streams((double) p * (p - 1), (double) bytes * (p - 1), 0);
    }
}
