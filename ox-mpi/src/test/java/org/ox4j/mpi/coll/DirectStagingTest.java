package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;

class DirectStagingTest {
    @Test
    void anAreaIsLentToOneBorrowerAtATimeAndTheLargerOfTwoIsKept() {
        ByteBuffer a = DirectStaging.borrow(1000);
        assertThat(a.isDirect()).isTrue();
        assertThat(a.position()).isZero();
        assertThat(a.limit()).isEqualTo(1000);
        ByteBuffer b = DirectStaging.borrow(1000);
        assertThat(b).isNotSameAs(a);
        DirectStaging.giveBack(a);
        ByteBuffer big = DirectStaging.borrow(5000);
        assertThat(big.capacity()).isGreaterThanOrEqualTo(5000);
        DirectStaging.giveBack(big);
        DirectStaging.giveBack(b);
        ByteBuffer again = DirectStaging.borrow(100);
        assertThat(again).isSameAs(big);
        assertThat(again.limit()).isEqualTo(100);
        DirectStaging.giveBack(again);
    }

    @Test
    void onlyArraysThatTravelAsLargeMessagesGoThroughIt() {
        int large = (int) (Communicator.largeMessageBytes() / 8);
        assertThat(DirectStaging.travelsLarge(Payload.ofLongs(new long[large]))).isTrue();
        assertThat(DirectStaging.travelsLarge(Payload.direct(Payload.Kind.LONGS, large))).isTrue();
        assertThat(DirectStaging.travelsLarge(Payload.ofLongs(new long[large - 1]))).isFalse();
    }
}
