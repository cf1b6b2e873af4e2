package org.ox4j.server.mpi;

import java.util.function.Predicate;
import org.ox4j.mpi.coll.Collectives;
import org.ox4j.mpi.coll.ReduceOp;
import org.ox4j.mpi.comm.Payload;

/**
 * A loop condition the whole group follows alike: every member contributes a value, rank 0 combines them and
 * decides, the others learn the decision. Loops that run collectives must end on the same iteration everywhere.
 */
final class RootDecides {
    private RootDecides() {
    }

    /** True if the loop goes on: {@code decide} runs at rank 0 on {@code op} over every member's {@code mine}. */
    static boolean goOn(Collectives k, Payload mine, ReduceOp op, Predicate<Payload> decide) {
        Payload all = k.reduce(mine, op, 0);
        Payload decision = all == null ? null : Payload.ofLongs(decide.test(all) ? 1 : 0);
        return k.bcast(decision, 0).longs()[0] == 1;
    }
}
