package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoString;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.RankHarness;
import org.ox4j.mpi.cost.CostModel;

/**
 * The alltoall through rank 0 sends blocks of one array kind and length as one array and anything else as a packed
 * list; whichever way each rank's blocks and each destination's blocks go, every block arrives where it belongs.
 */
class AlltoallGatherScatterTest {
    private static final CollectiveSelector ALL = CollectiveSelector.standard(CostModel.DEFAULT);

    /** What rank {@code from} sends rank {@code to}: {@code length} doubles that say so. */
    private static Payload doubles(int from, int to, int length) {
        double[] a = new double[length];
        for (int k = 0; k < length; k++) {
            a[k] = 1000.0 * from + 10 * to + k;
        }
        return Payload.ofDoubles(a);
    }

    @Test
    void ranksWhoseArraysDifferInLengthFromEachOthersStillGetTheirBlocks() {
        int p = 5;
        List<Boolean> ok = RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            int r = comm.rank();
            List<Payload> mine = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                // one length per sender: its message is one array, but a destination's blocks differ in length
                mine.add(doubles(r, j, r + 1));
            }
            List<Payload> got = coll.alltoall(mine, AlltoallGatherScatter.INSTANCE);
            for (int i = 0; i < p; i++) {
                assertThat(got.get(i)).as("rank %d from %d", r, i).isEqualTo(doubles(i, r, i + 1));
            }
            return true;
        });
        assertThat(ok).containsOnly(true);
    }

    @Test
    void blocksOfSeveralKindsTravelPackedAndArraysIntoDirectBuffersTravelAsOne() {
        int p = 6;
        List<Boolean> ok = RankHarness.run(p, comm -> {
            Collectives coll = new Collectives(comm, ALL, Duration.ofSeconds(30));
            int r = comm.rank();
            List<Payload> mixed = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                mixed.add(j % 2 == 0 ? doubles(r, j, 2) : Payload.of(CmoString.of(r + ">" + j)));
            }
            List<Payload> got = coll.alltoall(mixed, AlltoallGatherScatter.INSTANCE);
            for (int i = 0; i < p; i++) {
                assertThat(got.get(i)).as("rank %d from %d", r, i)
                        .isEqualTo(r % 2 == 0 ? doubles(i, r, 2) : Payload.of(CmoString.of(i + ">" + r)));
            }
            List<Payload> blocks = new ArrayList<>();
            List<Payload> into = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                blocks.add(doubles(r, j, 3));
                into.add(Payload.direct(Payload.Kind.DOUBLES, 3));
            }
            coll.alltoallInto(blocks, into, AlltoallGatherScatter.INSTANCE);
            for (int i = 0; i < p; i++) {
                assertThat(into.get(i)).as("rank %d into its buffer from %d", r, i).isEqualTo(doubles(i, r, 3));
            }
            return true;
        });
        assertThat(ok).containsOnly(true);
    }
}
