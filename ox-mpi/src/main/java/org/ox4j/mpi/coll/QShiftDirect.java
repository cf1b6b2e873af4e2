package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Circular q-shift over a fully connected group: one send to (r + q) mod p and one receive from (r − q) mod p.
 * Cost α + nβ with full-duplex links.
 */
public final class QShiftDirect implements Algorithms.QShift {
    public static final QShiftDirect INSTANCE = new QShiftDirect();

    @Override
    public String name() {
        return "direct";
    }

    @Override
    public Payload shift(CollChannel ch, Payload value, int q) {
        int p = ch.size();
        int s = Math.floorMod(q, p);
        if (s == 0) {
            return value;
        }
        int r = ch.rank();
        return ch.sendRecv((r + s) % p, value, (r - s + p) % p);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return p == 1 ? 0 : m.pointToPoint(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.messages(p == 1 ? 0 : p, bytes);
    }
}
