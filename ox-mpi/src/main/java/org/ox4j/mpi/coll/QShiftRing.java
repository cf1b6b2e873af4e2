package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Textbook ring q-shift: min(q, p − q) neighbour steps in the shorter direction, so only ring links are used.
 * Cost min(q, p − q)(α + nβ) (the selector charges the worst case ⌊p/2⌋ since q is not a size input).
 */
public final class QShiftRing implements Algorithms.QShift {
    public static final QShiftRing INSTANCE = new QShiftRing();

    @Override
    public String name() {
        return "ring";
    }

    @Override
    public Payload shift(CollChannel ch, Payload value, int q) {
        int p = ch.size();
        int s = Math.floorMod(q, p);
        int r = ch.rank();
        boolean forward = s <= p - s;
        int steps = forward ? s : p - s;
        int to = forward ? (r + 1) % p : (r - 1 + p) % p;
        int from = forward ? (r - 1 + p) % p : (r + 1) % p;
        Payload v = value;
        for (int i = 0; i < steps; i++) {
            v = ch.sendRecv(to, v, from);
        }
        return v;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p / 2) * m.pointToPoint(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.messages((double) p * (p / 2), bytes);
    }
}
