package org.ox4j.mpi.coll;

import java.util.Locale;

/** The collective operations; {@link #propertyName()} is the {@code <collective>} in {@code ox.coll.<collective>.algorithm}. */
public enum Collective {
    BARRIER, BCAST, REDUCE, ALLREDUCE, GATHER, SCATTER, ALLGATHER, ALLTOALL, SCAN, EXSCAN, QSHIFT;

    public String propertyName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** System property that forces an algorithm by name. */
    public String forceProperty() {
        return "ox.coll." + propertyName() + ".algorithm";
    }
}
