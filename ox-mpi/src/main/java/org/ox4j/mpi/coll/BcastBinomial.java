package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Tree;

/**
 * Binomial-tree broadcast (MPICH {@code bcast_intra_binomial}, RFC-102): a rank with relative rank r receives
 * from r − lowbit(r) and sends to r + 2^k for 2^k below lowbit(r). Cost ⌈lg p⌉(α + nβ). Any p, any payload.
 */
public final class BcastBinomial implements Algorithms.Bcast {
    public static final BcastBinomial INSTANCE = new BcastBinomial();

    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public Payload bcast(CollChannel ch, Payload value, int root) {
        Tree tree = Topologies.binomial(ch.size(), root, ch.rank());
        Payload v = tree.isRoot() ? value : ch.recv(tree.parent());
        List<Request> rs = new ArrayList<>();
        for (int child : tree.children()) {
            rs.add(ch.iSend(child, v));
        }
        ch.waitAll(rs);
        return v;
    }

    /**
     * A leaf receives straight into its buffer. A rank with children passes a large array (one that travels as a
     * large message) on without copies where it can: a buffer in direct memory is received into and sent from as it
     * is; an array on the heap goes through {@link DirectStaging}, where the root copies it once and sends it from,
     * and an inner rank receives it, sends it on and copies it once into its buffer (receiving into a new array,
     * sending from it and copying it cost an allocation and a copy per child more). There the receive has the
     * buffer's shape, and a message that does not fit fails that rank and leaves its subtree to its timeout (MPI
     * calls such a program erroneous). Smaller messages: an inner rank receives, passes the message on and then
     * copies it, so that a buffer that does not fit fails that rank alone and its subtree still gets the data.
     */
    @Override
    public void bcastInto(CollChannel ch, Payload buffer, int root) {
        Tree tree = Topologies.binomial(ch.size(), root, ch.rank());
        if (!tree.isRoot() && tree.children().isEmpty()) {
            ch.recvInto(tree.parent(), buffer);
        } else if (DirectStaging.travelsLarge(buffer)) {
            boolean staging = !buffer.isDirect();
            ByteBuffer memory = staging ? DirectStaging.borrow(buffer.byteSize()) : null;
            Payload through = staging ? Payload.ofDirect(buffer.kind(), memory) : buffer;
            if (!tree.isRoot()) {
                ch.recvInto(tree.parent(), through);
            } else if (staging) {
                buffer.copyTo(through);
            }
            List<Request> rs = new ArrayList<>();
            for (int child : tree.children()) {
                rs.add(ch.iSend(child, through));
            }
            if (staging && !tree.isRoot()) {
                through.copyTo(buffer);
            }
            ch.waitAll(rs);
            if (staging) {
                DirectStaging.giveBack(memory);
            }
        } else {
            Algorithms.Bcast.super.bcastInto(ch, buffer, root);
        }
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return CollectiveAlgorithm.ceilLog2(p) * m.pointToPoint(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.messages(p - 1, bytes);
    }
}
