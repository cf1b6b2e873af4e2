package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.cost.CostModel;

class CollectiveSelectorTest {
    // λ = α/β = 5500 bytes, as the illustration in messaging.md
    private static final CostModel TCP = CostModel.hockney(50e-6, 50e-6 / 5500, 0);
    private final CollectiveSelector sel = CollectiveSelector.standard(TCP);

    @AfterEach
    void clear() {
        System.clearProperty(Collective.BCAST.forceProperty());
        System.clearProperty(Collective.REDUCE.forceProperty());
    }

    @Test
    void bcastSwitchesFromBinomialToSplittingAlgorithmsAsMessagesGrow() {
        assertThat(sel.select(Collective.BCAST, 8, 8, null, true).name()).isEqualTo("binomial");
        String large = sel.select(Collective.BCAST, 8, 16 << 20, null, true).name();
        assertThat(large).isEqualTo("stream_chain");
        // an opaque CMO cannot be split, but it can be streamed in its encoded form
        assertThat(sel.select(Collective.BCAST, 8, 16 << 20, null, false).name()).isEqualTo("stream_chain");
        assertThat(sel.select(Collective.BCAST, 8, 8, null, false).name()).isEqualTo("binomial");
    }

    @Test
    void predictionsFollowTheFormulas() {
        assertThat(BcastBinomial.INSTANCE.predict(TCP, 8, 1000)).isEqualTo(3 * TCP.pointToPoint(1000));
        assertThat(BcastLinear.INSTANCE.predict(TCP, 5, 1000)).isEqualTo(4 * TCP.pointToPoint(1000));
        assertThat(AllgatherRing.INSTANCE.predict(TCP, 4, 4000)).isEqualTo(3 * TCP.pointToPoint(1000));
        assertThat(AllreduceRing.INSTANCE.predict(TCP, 4, 4000)).isEqualTo(6 * TCP.pointToPoint(1000));
        assertThat(BarrierDissemination.INSTANCE.predict(TCP, 5, 0)).isEqualTo(3 * TCP.pointToPoint(0));
        assertThat(BarrierLinear.INSTANCE.predict(TCP, 5, 0)).isEqualTo(8 * TCP.pointToPoint(0));
        // the bcast crossover of messaging.md §2.1: binomial loses to scatter+allgather for large n at p = 8
        assertThat(BcastScatterAllgather.INSTANCE.predict(TCP, 8, 1 << 20))
                .isLessThan(BcastBinomial.INSTANCE.predict(TCP, 8, 1 << 20));
        assertThat(BcastScatterAllgather.INSTANCE.predict(TCP, 8, 64))
                .isGreaterThan(BcastBinomial.INSTANCE.predict(TCP, 8, 64));
    }

    @Test
    void barrierIsLinearWhereRanksShareFewCoresAndDisseminationWhereEachHasItsOwn() {
        // on two shared cores eight ranks' 24 messages of three rounds outweigh the 14 of the fan-in and fan-out
        CollectiveSelector shared = CollectiveSelector.standard(TCP.sharingCores(2), MeasuredChoices.NONE);
        assertThat(shared.select(Collective.BARRIER, 8, 0, null, false).name()).isEqualTo("linear");
        // two ranks on two cores: one round of the dissemination against a signal and a release
        assertThat(shared.select(Collective.BARRIER, 2, 0, null, false).name()).isEqualTo("dissemination");
        CollectiveSelector own = CollectiveSelector.standard(TCP, MeasuredChoices.NONE);
        assertThat(own.select(Collective.BARRIER, 8, 0, null, false).name()).isEqualTo("dissemination");
    }

    @Test
    void allreduceAvoidsReorderingAlgorithmsForNonCommutativeOps() {
        for (long n : new long[] {8, 1 << 20, 64 << 20}) {
            CollectiveAlgorithm a = sel.select(Collective.ALLREDUCE, 8, n, ReduceOps.LIST_APPEND, false);
            assertThat(a.supports(ReduceOps.LIST_APPEND)).isTrue();
            CollectiveAlgorithm r = sel.select(Collective.REDUCE, 8, n, ReduceOps.LIST_APPEND, false);
            assertThat(r.name()).isNotEqualTo("binomial");
        }
        assertThat(sel.select(Collective.ALLREDUCE, 8, 64 << 20, ReduceOps.SUM, true).name())
                .isIn("rabenseifner", "ring");
    }

    @Test
    void systemPropertyForcesAnAlgorithm() {
        System.setProperty(Collective.BCAST.forceProperty(), "linear");
        assertThat(sel.select(Collective.BCAST, 8, 8, null, true).name()).isEqualTo("linear");
        System.setProperty(Collective.BCAST.forceProperty(), "nonsense");
        assertThatThrownBy(() -> sel.select(Collective.BCAST, 8, 8, null, true))
                .isInstanceOf(CommException.class).hasMessageContaining("ox.coll.bcast.algorithm")
                .hasMessageContaining("binomial");
        System.setProperty(Collective.REDUCE.forceProperty(), "binomial");
        assertThatThrownBy(() -> sel.select(Collective.REDUCE, 8, 8, ReduceOps.LIST_APPEND, false))
                .isInstanceOf(CommException.class).hasMessageContaining("not commutative");
    }

    @Test
    void aRememberedAnswerGivesWayToAnAlgorithmRegisteredLater() {
        assertThat(sel.select(Collective.BCAST, 8, 8, null, true).name()).isEqualTo("binomial");
        sel.register(new FreeBcast());
        assertThat(sel.select(Collective.BCAST, 8, 8, null, true).name()).isEqualTo("free");
    }

    @Test
    void aRememberedAnswerIsPerKindOfOp() {
        assertThat(sel.select(Collective.REDUCE, 8, 8, ReduceOps.SUM, false).name()).isEqualTo("binomial");
        assertThat(sel.select(Collective.REDUCE, 8, 8, ReduceOps.LIST_APPEND, false).name()).isNotEqualTo("binomial");
        assertThat(sel.select(Collective.REDUCE, 8, 8, ReduceOps.SUM, false).name()).isEqualTo("binomial");
    }

    /** A bcast the model thinks costs nothing (it is never run). */
    private static final class FreeBcast implements Algorithms.Bcast {
        @Override
        public String name() {
            return "free";
        }

        @Override
        public org.ox4j.mpi.comm.Payload bcast(CollChannel ch, org.ox4j.mpi.comm.Payload value, int root) {
            throw new UnsupportedOperationException("not run");
        }

        @Override
        public double predict(CostModel m, int p, long bytes) {
            return 0;
        }

        @Override
        public Traffic traffic(int p, long bytes) {
            return Traffic.messages(0, 0);
        }
    }
}
