package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Payload;

/** Reductions are specified for Java arrays: a payload in direct memory is refused with the reason, not misread. */
class ReduceOpsDirectTest {
    @Test
    void anElementwiseReductionRefusesADirectPayloadWithTheReason() {
        Payload direct = Payload.direct(Payload.Kind.LONGS, 4);
        assertThatThrownBy(() -> ReduceOps.SUM.apply(direct, Payload.ofLongs(1, 2, 3, 4)))
                .isInstanceOf(CommException.class).hasMessageContaining("direct").hasMessageContaining("Java array");
        assertThatThrownBy(() -> ReduceOps.SUM.apply(Payload.ofLongs(1, 2, 3, 4), direct))
                .isInstanceOf(CommException.class).hasMessageContaining("direct");
    }
}
