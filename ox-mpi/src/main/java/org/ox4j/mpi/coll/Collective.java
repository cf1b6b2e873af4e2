package org.ox4j.mpi.coll;

import java.util.Locale;
import java.util.Optional;

/** The collective operations; {@link #propertyName()} is the {@code <collective>} in {@code ox.coll.<collective>.algorithm}. */
public enum Collective {
    BARRIER, BCAST, REDUCE, ALLREDUCE, GATHER, SCATTER, ALLGATHER, ALLTOALL, SCAN, EXSCAN, QSHIFT;

    /** Made once: the selector looks the force property up on every call of a collective. */
    private final String propertyName = name().toLowerCase(Locale.ROOT);
    private final String forceProperty = "ox.coll." + propertyName + ".algorithm";

    public String propertyName() {
        return propertyName;
    }

    /** The collective of this {@link #propertyName()} ({@code "shift"} names {@link #QSHIFT} too), if any. */
    public static Optional<Collective> fromName(String name) {
        for (Collective k : values()) {
            if (k.propertyName().equals(name) || (k == QSHIFT && "shift".equals(name))) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    /** System property that forces an algorithm by name. */
    public String forceProperty() {
        return forceProperty;
    }
}
