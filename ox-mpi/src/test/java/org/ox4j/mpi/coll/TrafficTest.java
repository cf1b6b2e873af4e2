package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.ox4j.mpi.cost.CostModel;

class TrafficTest {
    /** The 2-core VM as a refit saw it: cheap hops, dear messages on shared cores, dearer streams. */
    private static final CostModel TWO_CORES = new CostModel(CostModel.Kind.HOCKNEY, 12e-6, 5.5e-10, 3e-10, 0, 0,
            7.5e-11, 2, 74e-6, 174e-6);
    private final CollectiveSelector sel = CollectiveSelector.standard(TWO_CORES, MeasuredChoices.NONE);
    /** The same terms for ranks on cores of their own. */
    private static final CollectiveSelector OWN_CORES = CollectiveSelector.standard(new CostModel(
            CostModel.Kind.HOCKNEY, 12e-6, 5.5e-10, 3e-10, 0, 0, 7.5e-11, 0, 0, 174e-6), MeasuredChoices.NONE);

    @Test
    void binomialMovesEachBlockOncePerLevelItClimbs() {
        // p = 8: subtrees of relative ranks 1..7 hold 1, 2, 1, 4, 1, 2, 1 blocks
        assertThat(BlockMoves.binomialBytes(8, 8000)).isCloseTo(12_000, within(1e-9));
        // p = 5: 1, 2, 1, 1 (rank 4's subtree is cut at p)
        assertThat(BlockMoves.binomialBytes(5, 5000)).isCloseTo(5_000, within(1e-9));
        assertThat(BlockMoves.binomialBytes(1, 5000)).isZero();
        assertThat(GatherBinomial.INSTANCE.traffic(8, 8000).bytes())
                .isGreaterThan(GatherLinear.INSTANCE.traffic(8, 8000).bytes());
    }

    @Test
    void trafficCountsEveryRanksMessages() {
        assertThat(BcastLinear.INSTANCE.traffic(8, 100)).isEqualTo(new Traffic(7, 700, 0));
        assertThat(BcastBinomial.INSTANCE.traffic(8, 100)).isEqualTo(new Traffic(7, 700, 0));
        // recursive doubling: every rank in every one of lg p rounds
        assertThat(AllreduceRecursiveDoubling.INSTANCE.traffic(8, 100)).isEqualTo(new Traffic(24, 2400, 2400));
        assertThat(AllreduceReduceBcast.INSTANCE.traffic(8, 100)).isEqualTo(new Traffic(14, 1400, 700));
        assertThat(AllreduceReduceBcast.LINEAR.traffic(8, 100)).isEqualTo(new Traffic(14, 1400, 700));
        // scan by doubling: 7 + 6 + 4 arrivals at distances 1, 2, 4, each combined twice
        assertThat(ScanRecursiveDoubling.INSTANCE.traffic(8, 10)).isEqualTo(new Traffic(17, 170, 340));
        assertThat(AlltoallPairwise.INSTANCE.traffic(4, 400)).isEqualTo(new Traffic(12, 1200, 0));
        assertThat(BcastStreamedChain.INSTANCE.traffic(4, 100)).isEqualTo(new Traffic(3, 300, 0, 3));
        assertThatThrownBy(() -> new Traffic(-1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ranksSharingCoresPreferFewMessagesToShortPaths() {
        // eight ranks on two cores: a binomial tree's three hops do not beat seven sends that queue anyway
        assertThat(sel.select(Collective.BCAST, 8, 8, null, true).name()).isEqualTo("linear");
        assertThat(sel.select(Collective.SCAN, 8, 8, ReduceOps.SUM, true).name()).isEqualTo("linear");
        // large blocks: the linear gather moves each block once
        assertThat(sel.select(Collective.GATHER, 8, 16 << 20, null, true).name()).isEqualTo("linear");
        // the same ranks on hosts of their own: the tree's short path wins
        assertThat(OWN_CORES.select(Collective.BCAST, 8, 8, null, true).name()).isEqualTo("binomial");
    }

    @Test
    void gatherThenBcastWinsSmallBlocksOnSharedCoresOnly() {
        // 14 messages and one copy of the blocks at each rank, against a doubling's 24 messages
        assertThat(AllgatherGatherBcast.INSTANCE.traffic(8, 800)).isEqualTo(new Traffic(14, 700 + 5600, 6400));
        assertThat(sel.select(Collective.ALLGATHER, 8, 8, null, true).name()).isEqualTo("gather_bcast");
        // 16 MiB: the broadcast carries everything seven times and every rank copies it
        assertThat(sel.select(Collective.ALLGATHER, 8, 16 << 20, null, true).name()).isNotEqualTo("gather_bcast");
        // two ranks on cores of their own: one exchange beats a gather and a broadcast in turn
        assertThat(OWN_CORES.select(Collective.ALLGATHER, 2, 8, null, true).name()).isNotEqualTo("gather_bcast");
    }

    @Test
    void alltoallThroughRankZeroWinsSmallBlocksOnSharedCoresOnly() {
        // 14 messages, each carrying 7 blocks of 100 bytes; every block packed, regrouped (two passes) and unpacked
        assertThat(AlltoallGatherScatter.INSTANCE.traffic(8, 800)).isEqualTo(new Traffic(14, 2 * 4900, 4 * 5600));
        assertThat(sel.select(Collective.ALLTOALL, 8, 8, null, true).name()).isEqualTo("gather_scatter");
        // 16 MiB: rank 0 would move every block twice
        assertThat(sel.select(Collective.ALLTOALL, 8, 16 << 20, null, true).name()).isNotEqualTo("gather_scatter");
        // ranks on cores of their own: Bruck's three rounds beat rank 0's fourteen messages in turn
        assertThat(OWN_CORES.select(Collective.ALLTOALL, 8, 8, null, true).name()).isNotEqualTo("gather_scatter");
    }

    @Test
    void streamsPayOnlyWhenTheirOpeningIsSmallAgainstTheBytes() {
        assertThat(sel.select(Collective.BCAST, 8, 8, null, true).name()).isNotEqualTo("stream_chain");
        assertThat(sel.select(Collective.ALLGATHER, 4, 8, null, true).name()).isNotEqualTo("stream_ring");
        assertThat(OWN_CORES.select(Collective.BCAST, 8, 8, null, true).name()).isNotEqualTo("stream_chain");
        assertThat(OWN_CORES.select(Collective.BCAST, 8, 16 << 20, null, true).name()).isEqualTo("stream_chain");
    }

    @Test
    void atTwoRanksTiesGoToTheLinearAlgorithm() {
        // one message either way; the tree would pack it into a list
        assertThat(sel.select(Collective.GATHER, 2, 8, null, true).name()).isEqualTo("linear");
        assertThat(sel.select(Collective.SCATTER, 2, 1 << 20, null, true).name()).isEqualTo("linear");
        assertThat(sel.select(Collective.ALLGATHER, 2, 8, null, true).name()).isEqualTo("ring");
        assertThat(sel.select(Collective.ALLTOALL, 2, 8, null, true).name()).isEqualTo("pairwise");
    }
}
