package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.mpi.comm.InMemoryTransport;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.RankHarness;
import org.ox4j.mpi.cost.CostModel;

/**
 * Every collective message encoded to bytes and decoded again, as on real links: packed blocks, empty pieces,
 * chain headers and the broadcast announcement must all be valid CMOs.
 */
class CollectivesThroughCodecTest {
    @Test
    void everyCollectiveSurvivesTheWireEncoding() {
        int p = 5;
        CollectiveSelector all = CollectiveSelector.standard(CostModel.hockney(1e-4, 1e-8, 0));
        try (InMemoryTransport.Group g = InMemoryTransport.groupThroughCodec(p)) {
            RankHarness.run(g, comm -> {
                Collectives coll = new Collectives(comm, all, Duration.ofSeconds(30));
                int r = comm.rank();
                for (CollectiveAlgorithm a : all.candidates(Collective.BCAST)) {
                    for (Payload v : List.of(CollectiveOracleTest.longs(7, 40_000), CollectiveOracleTest.list(2),
                            Payload.of(CmoString.of("opaque")), Payload.ofBytes())) {
                        assertThat(coll.bcast(r == 2 ? v : null, 2, (Algorithms.Bcast) a)).isEqualTo(v);
                    }
                }
                assertThat(coll.bcast(r == 1 ? CollectiveOracleTest.longs(1, 300_000) : null, 1))
                        .isEqualTo(CollectiveOracleTest.longs(1, 300_000));
                for (CollectiveAlgorithm a : all.candidates(Collective.ALLREDUCE)) {
                    assertThat(coll.allreduce(CollectiveOracleTest.longs(r, 1000), ReduceOps.SUM,
                            (Algorithms.Allreduce) a)).isEqualTo(CollectiveOracleTest.sumOracle(p, 1000));
                }
                assertThat(coll.reduce(CollectiveOracleTest.list(r), ReduceOps.LIST_APPEND, 3))
                        .isEqualTo(r == 3 ? CollectiveOracleTest.appendOracle(p) : null);
                List<Payload> mine = new ArrayList<>();
                for (int j = 0; j < p; j++) {
                    mine.add(Payload.of(CmoZZ.of(100L * r + j)));
                }
                for (CollectiveAlgorithm a : all.candidates(Collective.ALLTOALL)) {
                    List<Payload> got = coll.alltoall(mine, (Algorithms.Alltoall) a);
                    for (int i = 0; i < p; i++) {
                        assertThat(got.get(i)).isEqualTo(Payload.of(CmoZZ.of(100L * i + r)));
                    }
                }
                for (CollectiveAlgorithm a : all.candidates(Collective.ALLGATHER)) {
                    assertThat(coll.allgather(Payload.ofDoubles(r, -r), (Algorithms.Allgather) a)).hasSize(p)
                            .allMatch(x -> x.doubles().length == 2);
                }
                assertThat(coll.scan(CollectiveOracleTest.list(r), ReduceOps.LIST_APPEND))
                        .isEqualTo(CollectiveOracleTest.appendOracle(r + 1));
                coll.barrier();
                return null;
            });
        }
    }
}
