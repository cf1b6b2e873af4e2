package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/** Linear-chain scan: rank r receives the prefix from r−1, combines, passes it on. Cost (p−1)(α + nβ + nγ). Any op. */
public final class ScanLinear implements Algorithms.Scan {
    public static final ScanLinear INSTANCE = new ScanLinear();

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public Payload scan(CollChannel ch, Payload value, ReduceOp op) {
        int r = ch.rank();
        Payload acc = r == 0 ? value : op.apply(ch.recv(r - 1), value);
        if (r + 1 < ch.size()) {
            ch.send(r + 1, acc);
        }
        return acc;
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return (p - 1) * (m.pointToPoint(bytes) + m.reduce(bytes));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        return Traffic.reduced(p - 1, bytes);
    }
}
