package org.ox4j.it.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ox4j.client.OxServerErrorException;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

/**
 * The {@code mpi_*} functions over real {@code bin/ox-server} processes: a group of 4 wired by {@link ServerGroup};
 * every collective is issued to all members concurrently with {@code SM_executeFunction} and compared with a
 * sequential oracle computed here, including the non-commutative {@code append} and a forced algorithm.
 */
class MpiFunctionsIT {
    private static final int P = 4;
    private static ServerGroup group;

    @BeforeAll
    static void launch() {
        group = ServerGroup.launchLocal(P);
    }

    @AfterAll
    static void stop() {
        if (group != null) {
            group.close();
        }
    }

    /** Calls {@code fn} on every member with the arguments {@code args.apply(rank)}; results by rank. */
    private static List<Cmo> onAll(String fn, IntFunction<Cmo[]> args) {
        return group.all((r, m) -> m.callAsync(fn, args.apply(r)), fn);
    }

    /** Asir's integers: 0 travels as CMO_NULL. */
    private static Cmo asir(BigInteger v) {
        return v.signum() == 0 ? CmoNull.INSTANCE : new CmoZZ(v);
    }

    private static BigInteger value(int r) {
        return BigInteger.valueOf(r + 2).pow(40).subtract(BigInteger.valueOf(7L * r));
    }

    @Test
    void rankAndSize() {
        assertThat(onAll("mpi_size", r -> new Cmo[0])).containsOnly(CmoZZ.of(P));
        List<Cmo> ranks = onAll("mpi_rank", r -> new Cmo[0]);
        for (int r = 0; r < P; r++) {
            assertThat(ranks.get(r)).isEqualTo(asir(BigInteger.valueOf(r)));
        }
    }

    @Test
    void bcastFromEveryRootWithEveryAlgorithm() {
        for (String alg : List.of("auto", "binomial", "linear", "scatter_allgather", "chain", "stream_chain")) {
            for (int root = 0; root < P; root++) {
                int rt = root;
                Cmo data = CmoList.of(CmoString.of("root " + root), new CmoZZ(value(root)), CmoZZ.of(alg.length()));
                List<Cmo> got = onAll("mpi_bcast", r -> new Cmo[] {CmoZZ.of(rt),
                        r == rt ? data : CmoNull.INSTANCE, CmoString.of(alg)});
                assertThat(got).as("%s from %d", alg, root).containsOnly(data);
            }
        }
    }

    @Test
    void allreduceSumAndMaxMatchTheOracle() {
        BigInteger sum = BigInteger.ZERO;
        BigInteger max = null;
        for (int r = 0; r < P; r++) {
            sum = sum.add(value(r));
            max = max == null ? value(r) : max.max(value(r));
        }
        assertThat(onAll("mpi_allreduce", r -> new Cmo[] {CmoString.of("+"), new CmoZZ(value(r))}))
                .containsOnly(asir(sum));
        assertThat(onAll("mpi_allreduce", r -> new Cmo[] {CmoString.of("max"), new CmoZZ(value(r))}))
                .containsOnly(asir(max));
    }

    @Test
    void scanAppendKeepsRankOrder() {
        List<Cmo> got = onAll("mpi_scan", r -> new Cmo[] {CmoString.of("append"), CmoList.of(CmoZZ.of(10 + r))});
        List<Cmo> prefix = new ArrayList<>();
        for (int r = 0; r < P; r++) {
            prefix.add(CmoZZ.of(10 + r));
            assertThat(got.get(r)).as("rank %d", r).isEqualTo(new CmoList(List.copyOf(prefix)));
        }
        List<Cmo> sums = onAll("mpi_scan", r -> new Cmo[] {CmoString.of("sum"), new CmoZZ(value(r)),
                CmoString.of("linear")});
        BigInteger s = BigInteger.ZERO;
        for (int r = 0; r < P; r++) {
            s = s.add(value(r));
            assertThat(sums.get(r)).isEqualTo(asir(s));
        }
    }

    @Test
    void alltoallDeliversBlockJToRankJ() {
        for (String alg : List.of("auto", "pairwise", "bruck", "linear", "gather_scatter")) {
            List<Cmo> got = onAll("mpi_alltoall", r -> {
                List<Cmo> blocks = new ArrayList<>();
                for (int d = 0; d < P; d++) {
                    blocks.add(CmoString.of(r + "->" + d));
                }
                return new Cmo[] {new CmoList(blocks), CmoString.of(alg)};
            });
            for (int r = 0; r < P; r++) {
                List<Cmo> want = new ArrayList<>();
                for (int s = 0; s < P; s++) {
                    want.add(CmoString.of(s + "->" + r));
                }
                assertThat(got.get(r)).as("%s at rank %d", alg, r).isEqualTo(new CmoList(want));
            }
        }
    }

    @Test
    void pointToPointRingWithSendrecv() {
        List<Cmo> got = onAll("mpi_sendrecv", r -> new Cmo[] {CmoZZ.of((r + 1) % P), CmoString.of("from " + r),
                CmoZZ.of((r + P - 1) % P)});
        for (int r = 0; r < P; r++) {
            assertThat(got.get(r)).isEqualTo(CmoString.of("from " + ((r + P - 1) % P)));
        }
    }

    @Test
    void streamedChainsRelayManyChunksOverTheLinks() {
        // 3 MiB: two dozen chunks relayed by the link threads (mpi_time checks each result before timing)
        for (String coll : List.of("bcast", "reduce")) {
            List<Cmo> got = onAll("mpi_time", r -> new Cmo[] {CmoString.of(coll), CmoString.of("stream_chain"),
                    CmoZZ.of((3 << 20) + 8), CmoZZ.of(2)});
            assertThat(got.get(0)).as("%s at rank 0", coll).isInstanceOf(CmoList.class);
            assertThat(((CmoList) got.get(0)).get(0)).isEqualTo(CmoString.of("stream_chain"));
            assertThat(got.subList(1, P)).containsOnly(CmoNull.INSTANCE);
        }
        String text = "ox4j ".repeat(600_000);
        for (int root = 0; root < P; root++) {
            int rt = root;
            List<Cmo> got = onAll("mpi_bcast", r -> new Cmo[] {CmoZZ.of(rt),
                    r == rt ? CmoString.of(text + rt) : CmoNull.INSTANCE, CmoString.of("stream_chain")});
            assertThat(got).as("3 MB string from %d", root).containsOnly(CmoString.of(text + rt));
        }
    }

    @Test
    void largeArraysGoFromLinkToReceiveBufferAsStreams() {
        // arrays of 512 KiB and more are large messages (a header, then a stream body into the posted buffer); mpi_time
        // checks every result before it times: the ping-pong's 5 MiB both ways, the linear alltoall's 4 MiB blocks
        List<Cmo> ping = onAll("mpi_time", r -> new Cmo[] {CmoString.of("pingpong"), CmoString.of("blocking"),
                CmoZZ.of(5 << 20), CmoZZ.of(2), CmoZZ.of(10), CmoZZ.of(0)});
        assertThat(((CmoList) ping.get(0)).elements().subList(1, 3))
                .allSatisfy(t -> assertThat(((CmoIeeeDouble) t).value()).isPositive());
        // arrays and direct memory (written from the sender's buffer, read into the posted one), interleaved
        List<Cmo> both = onAll("mpi_time", r -> new Cmo[] {CmoString.of("pingpong"),
                CmoList.of(CmoString.of("blocking"), CmoString.of("direct")), CmoZZ.of(5 << 20), CmoZZ.of(2),
                CmoZZ.of(10), CmoZZ.of(0)});
        List<Cmo> series = ((CmoList) both.get(0)).elements();
        assertThat(series).extracting(c -> ((CmoList) c).get(0))
                .containsExactly(CmoString.of("blocking"), CmoString.of("direct"));
        assertThat(series).allSatisfy(c -> assertThat(((CmoList) c).elements().subList(1, 3))
                .allSatisfy(t -> assertThat(((CmoIeeeDouble) t).value()).isPositive()));
        List<Cmo> alltoall = onAll("mpi_time", r -> new Cmo[] {CmoString.of("alltoall"), CmoString.of("linear"),
                CmoZZ.of(16 << 20), CmoZZ.of(1), CmoZZ.of(10), CmoZZ.of(0)});
        assertThat(((CmoList) alltoall.get(0)).get(0)).isEqualTo(CmoString.of("linear"));
        assertThat(alltoall.subList(1, P)).containsOnly(CmoNull.INSTANCE);
    }

    @Test
    void timerRunsTheCollectivesWithBuffersInDirectMemoryAndChecksTheirResults() {
        // 4 MiB: every value, block and gathered array a large message, written from and read into direct memory;
        // mpi_time checks each result (the allgather's and alltoall's receive buffer one direct memory cut in blocks)
        Map<String, String> algorithms = Map.of("bcast", "binomial", "reduce", "linear", "allreduce",
                "linear_reduce_bcast", "scan", "linear", "allgather", "gather_bcast", "alltoall", "linear");
        algorithms.forEach((coll, alg) -> {
            List<Cmo> got = onAll("mpi_time", r -> new Cmo[] {CmoString.of(coll),
                    CmoList.of(CmoString.of(alg), CmoString.of(alg + "@direct")), CmoZZ.of(4 << 20), CmoZZ.of(1),
                    CmoZZ.of(10), CmoZZ.of(0)});
            assertThat(((CmoList) got.get(0)).elements()).as(coll).extracting(c -> ((CmoList) c).get(0))
                    .containsExactly(CmoString.of(alg), CmoString.of(alg + "@direct"));
            assertThat(got.subList(1, P)).containsOnly(CmoNull.INSTANCE);
        });
        CompletableFuture<Cmo> gather = group.member(0).callAsync("mpi_time", CmoString.of("gather"),
                CmoString.of("linear@direct"), CmoZZ.of(64), CmoZZ.of(1));
        assertThatThrownBy(gather::join).hasCauseInstanceOf(OxServerErrorException.class)
                .hasMessageContaining("@direct");
    }

    @Test
    void timerReportsOneSamplePerRepetitionAtRankZero() {
        List<Cmo> got = onAll("mpi_time", r -> new Cmo[] {CmoString.of("allreduce"), CmoString.of("ring"),
                CmoZZ.of(65536), CmoZZ.of(3)});
        assertThat(got.get(0)).isInstanceOf(CmoList.class);
        CmoList l = (CmoList) got.get(0);
        assertThat(l.get(0)).isEqualTo(CmoString.of("ring"));
        assertThat(l.elements().subList(1, l.size())).hasSize(3)
                .allSatisfy(t -> assertThat(((CmoIeeeDouble) t).value()).isPositive());
        assertThat(got.subList(1, P)).containsOnly(CmoNull.INSTANCE);
    }

    @Test
    void timerInterleavesAListOfAlgorithmsAndAnswersOneSeriesEach() {
        List<Cmo> got = onAll("mpi_time", r -> new Cmo[] {CmoString.of("allgather"),
                CmoList.of(CmoString.of("ring"), CmoString.of("bruck"), CmoString.of("stream_ring")),
                CmoZZ.of(1 << 18), CmoZZ.of(4)});
        CmoList series = (CmoList) got.get(0);
        assertThat(series.elements()).extracting(s -> ((CmoList) s).get(0)).containsExactly(CmoString.of("ring"),
                CmoString.of("bruck"), CmoString.of("stream_ring"));
        assertThat(series.elements()).allSatisfy(s -> assertThat(((CmoList) s).elements().subList(1,
                ((CmoList) s).size())).hasSize(4).allSatisfy(t -> assertThat(((CmoIeeeDouble) t).value())
                        .isPositive()));
        assertThat(got.subList(1, P)).containsOnly(CmoNull.INSTANCE);
        CompletableFuture<Cmo> repeated = group.member(0).callAsync("mpi_time", CmoString.of("allgather"),
                CmoList.of(CmoString.of("ring"), CmoString.of("ring")), CmoZZ.of(64), CmoZZ.of(1));
        assertThatThrownBy(repeated::join).hasCauseInstanceOf(OxServerErrorException.class)
                .hasMessageContaining("distinct");
    }

    /**
     * The Gröbner images' operator {@code crt} is a library function, so mpi_reduce takes it by name as SM_reduce_102
     * does: each rank's image of a basis modulo its own prime, reduced to rank 0, is one group of P primes, equal to
     * what rank 0 makes combining all P images itself.
     */
    @Test
    void mpiReduceCombinesModularImagesWithCrt() {
        String input = "F = [x^2-2*y, x*y-3]; V = [x, y]; ";
        List<Cmo> got = group.all((r, m) -> m.executeStringAsync(input + "I = ox4j_gr_images(F, V, 0, " + r + ", "
                + P + ", 0, 1, 0); R = mpi_reduce(0, \"crt\", I); R == 0 ? 0 : ox4j_gr_image_groups(R);"),
                "mpi_reduce crt");
        Cmo alone = group.member(0).executeString(input + "A = 0; for (K = 0; K < " + P + "; K++) { A = crt(A, "
                + "ox4j_gr_images(F, V, 0, K, " + P + ", 0, 1, 0)); } ox4j_gr_image_groups(A);");
        assertThat(got.get(0)).isEqualTo(alone);
        CmoList groups = (CmoList) got.get(0);
        assertThat(groups.size()).isEqualTo(1);
        assertThat(((CmoList) groups.elements().get(0)).elements().get(1)).isEqualTo(CmoZZ.of(P));
        assertThat(got.subList(1, P)).containsOnly(CmoNull.INSTANCE);
    }

    @Test
    void unknownOperationIsAnErrorAtEveryMember() {
        CompletableFuture<Cmo> f = group.member(0).callAsync("mpi_allreduce", CmoString.of("no_such_op"), CmoZZ.of(1));
        assertThatThrownBy(f::join).hasCauseInstanceOf(OxServerErrorException.class)
                .hasMessageContaining("operation not supported");
    }
}
