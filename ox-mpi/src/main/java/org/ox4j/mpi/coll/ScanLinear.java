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

    /**
     * For an op whose arrays combine in place: the prefix from the left comes straight into {@code result}, and
     * this rank's value is combined into it there. Otherwise through {@link #scan} and a copy.
     */
    @Override
    public void scanInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
        if (!op.combinesSlicesInAnyOrder() || !value.isArray()) {
            Algorithms.Scan.super.scanInto(ch, value, result, op);
            return;
        }
        int r = ch.rank();
        if (r == 0) {
            value.copyTo(result);
        } else {
            ch.recvInto(r - 1, result);
            op.combineArrays(result, value);
        }
        if (r + 1 < ch.size()) {
            ch.send(r + 1, result);
        }
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
