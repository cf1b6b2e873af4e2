package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/** Linear broadcast: the root sends to each other rank in turn (what an RFC-100 master does). Cost (p−1)(α + nβ). */
public final class BcastLinear implements Algorithms.Bcast {
    public static final BcastLinear INSTANCE = new BcastLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public Payload bcast(CollChannel ch, Payload value, int root) {
        if (ch.rank() != root) {
            return ch.recv(root);
        }
        List<Request> rs = new ArrayList<>();
        for (int i = 1; i < ch.size(); i++) {
            rs.add(ch.iSend((root + i) % ch.size(), value));
        }
        ch.waitAll(rs);
        return value;
    }

    /**
     * Non-roots receive straight into their buffers. A root whose buffer is a large array on the heap copies it once
     * into direct memory ({@link DirectStaging}) and sends it from there p − 1 times, where each send would copy it
     * out of the heap again.
     */
    @Override
    public void bcastInto(CollChannel ch, Payload buffer, int root) {
        if (ch.rank() != root) {
            ch.recvInto(root, buffer);
        } else if (DirectStaging.travelsLarge(buffer) && !buffer.isDirect() && ch.size() > 2) {
            ByteBuffer memory = DirectStaging.borrow(buffer.byteSize());
            Payload staged = Payload.ofDirect(buffer.kind(), memory);
            buffer.copyTo(staged);
            bcast(ch, staged, root);
            DirectStaging.giveBack(memory);
        } else {
            bcast(ch, buffer, root);
        }
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * m.pointToPoint(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.messages(p - 1, bytes);
    }
}
