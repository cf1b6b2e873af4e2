package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.PeerWire;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Tree;

/**
 * Pipelined chain broadcast: the payload is cut into k segments that flow down the chain root, root+1, …, so
 * every link is busy at once. Cost (p + k − 2)(α + nβ/k), minimal at k* = √((p−2)nβ/α) giving
 * (√((p−2)α) + √(nβ))². The root chooses k (from the default model or {@link #withSegments}) and sends it with
 * the first segment. Splits like {@link Blocks#split}.
 */
public final class BcastPipelinedChain implements Algorithms.Bcast {
    public static final BcastPipelinedChain INSTANCE = new BcastPipelinedChain(0, CostModel.DEFAULT);

    private static final int MAX_SEGMENTS = 256;
    private static final long MIN_SEGMENT_BYTES = 8192;

    private final int fixedSegments;
    private final CostModel model;

    private BcastPipelinedChain(int fixedSegments, CostModel model) {
        this.fixedSegments = fixedSegments;
        this.model = model;
    }

    /** The same algorithm with exactly {@code k} segments (tests, tuning). */
    public static BcastPipelinedChain withSegments(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("segments: " + k + " (expected: >= 1)");
        }
        return new BcastPipelinedChain(k, CostModel.DEFAULT);
    }

    /** The same algorithm choosing k from {@code m}. */
    public static BcastPipelinedChain withModel(CostModel m) {
        return new BcastPipelinedChain(0, m);
    }

    @Override
    public boolean splitsPayload() {
        return true;
    }

    @Override
    public String name() {
        return "chain";
    }

    /** Segment count the root uses for {@code bytes} on {@code p} ranks. */
    public int segments(int p, long bytes, int elements) {
        int k;
        if (fixedSegments > 0) {
            k = fixedSegments;
        } else {
            k = (int) Math.round(optimalSegments(model, p, bytes));
            k = (int) Math.min(k, Math.max(1, bytes / MIN_SEGMENT_BYTES));
        }
        return Math.max(1, Math.min(Math.min(k, MAX_SEGMENTS), Math.max(1, elements)));
    }

    static double optimalSegments(CostModel m, int p, long bytes) {
        if (p <= 2 || m.alpha() == 0) {
            return 1;
        }
        return Math.max(1, Math.sqrt((p - 2) * bytes * (m.beta() + m.messageByte()) / m.alpha()));
    }

    @Override
    public Payload bcast(CollChannel ch, Payload value, int root) {
        int p = ch.size();
        if (p == 1) {
            return value;
        }
        Tree chain = Topologies.chain(p, root, ch.rank());
        int rel = Topologies.relative(p, root, ch.rank());
        int next = chain.children().isEmpty() ? -1 : chain.children().get(0);
        int prev = chain.parent();
        List<Request> sends = new ArrayList<>();
        if (rel == 0) {
            int k = segments(p, value.byteSize(), Blocks.isSplittable(value) ? value.count() : 1);
            List<Payload> segs = Blocks.split(value, k);
            sends.add(ch.iSend(next, header(k, segs.get(0))));
            for (int i = 1; i < k; i++) {
                sends.add(ch.iSend(next, segs.get(i)));
            }
            ch.waitAll(sends);
            return value;
        }
        Payload first = ch.recv(prev);
        if (next >= 0) {
            sends.add(ch.iSend(next, first));
        }
        CmoList h = (CmoList) first.cmo();
        int k = ((CmoInt32) h.get(0)).value();
        List<Payload> segs = new ArrayList<>(k);
        segs.add(PeerWire.payloadFromCmo(Payload.Kind.fromCode(((CmoInt32) h.get(1)).value()), h.get(2)));
        for (int i = 1; i < k; i++) {
            Payload s = ch.recv(prev);
            if (next >= 0) {
                sends.add(ch.iSend(next, s));
            }
            segs.add(s);
        }
        ch.waitAll(sends);
        return Blocks.concat(segs);
    }

    private static Payload header(int k, Payload seg) {
        return Payload.of(CmoList.of(new CmoInt32(k), new CmoInt32(seg.kind().code()), PeerWire.payloadToCmo(seg)));
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        if (p == 1) {
            return 0;
        }
        double k = Math.max(1, Math.min(Math.min(MAX_SEGMENTS, Math.round(optimalSegments(m, p, bytes))),
                bytes / MIN_SEGMENT_BYTES));
        return (p + k - 2) * m.pointToPoint(bytes / k);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        double k = Math.max(1, Math.min(MAX_SEGMENTS, bytes / MIN_SEGMENT_BYTES));
        return new Traffic((p - 1) * k, (double) (p - 1) * bytes, 0);
    }
}
