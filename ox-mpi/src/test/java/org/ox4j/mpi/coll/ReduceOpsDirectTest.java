package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Payload;

/**
 * Reductions are specified for Java arrays: a payload in direct memory is refused with the reason, not misread; a
 * value received into direct memory is combined in place into a Java array or into direct memory.
 */
class ReduceOpsDirectTest {
    @Test
    void anElementwiseReductionRefusesADirectPayloadWithTheReason() {
        Payload direct = Payload.direct(Payload.Kind.LONGS, 4);
        assertThatThrownBy(() -> ReduceOps.SUM.apply(direct, Payload.ofLongs(1, 2, 3, 4)))
                .isInstanceOf(CommException.class).hasMessageContaining("direct").hasMessageContaining("Java array");
        assertThatThrownBy(() -> ReduceOps.SUM.apply(Payload.ofLongs(1, 2, 3, 4), direct))
                .isInstanceOf(CommException.class).hasMessageContaining("direct");
    }

    @Test
    void directMemoryCombinesIntoAnArrayAsTheSameElementsOnTheHeapDo() {
        // a length that is no power of two and longer than any fixed block a reading might use
        int n = 2 * 4096 + 5;
        long[] a = new long[n];
        long[] b = new long[n];
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = 3L * i - 7;
            b[i] = (i % 11) * 1_000_003L - 5 * i;
            x[i] = 0.5 * i - 3;
            y[i] = (i % 7) - 0.25 * i;
        }
        for (ReduceOp op : new ReduceOp[] {ReduceOps.SUM, ReduceOps.MAX, ReduceOps.MIN, ReduceOps.PROD}) {
            Payload fromHeap = Payload.ofLongs(a.clone());
            op.combineArrays(fromHeap, Payload.ofLongs(b.clone()));
            Payload fromDirect = Payload.ofLongs(a.clone());
            op.combineArrays(fromDirect, Payload.ofLongs(b.clone()).toDirect());
            assertThat(fromDirect.longs()).as("%s on longs", op).containsExactly(fromHeap.longs());
            Payload dHeap = Payload.ofDoubles(x.clone());
            op.combineArrays(dHeap, Payload.ofDoubles(y.clone()));
            Payload dDirect = Payload.ofDoubles(x.clone());
            op.combineArrays(dDirect, Payload.ofDoubles(y.clone()).toDirect());
            assertThat(dDirect.doubles()).as("%s on doubles", op).containsExactly(dHeap.doubles());
        }
        for (ReduceOp op : new ReduceOp[] {ReduceOps.SUM, ReduceOps.MAX, ReduceOps.MIN, ReduceOps.PROD}) {
            // both in direct memory: a caller's direct buffer and a large message received into direct memory
            Payload fromHeap = Payload.ofLongs(a.clone());
            op.combineArrays(fromHeap, Payload.ofLongs(b.clone()));
            Payload bothDirect = Payload.ofLongs(a.clone()).toDirect();
            op.combineArrays(bothDirect, Payload.ofLongs(b.clone()).toDirect());
            assertThat(bothDirect.onHeap().longs()).as("%s on direct longs", op).containsExactly(fromHeap.longs());
            Payload dHeap = Payload.ofDoubles(x.clone());
            op.combineArrays(dHeap, Payload.ofDoubles(y.clone()));
            Payload dBoth = Payload.ofDoubles(x.clone()).toDirect();
            op.combineArrays(dBoth, Payload.ofDoubles(y.clone()).toDirect());
            assertThat(dBoth.onHeap().doubles()).as("%s on direct doubles", op).containsExactly(dHeap.doubles());
        }
        // the reference itself, so that both sides cannot be wrong alike
        Payload sum = Payload.ofLongs(a.clone());
        ReduceOps.SUM.combineArrays(sum, Payload.ofLongs(b.clone()).toDirect());
        assertThat(sum.longs()[n - 1]).isEqualTo(a[n - 1] + b[n - 1]);
        assertThat(sum.longs()[4096]).isEqualTo(a[4096] + b[4096]);
        Payload directSum = Payload.ofLongs(a.clone()).toDirect();
        ReduceOps.SUM.combineArrays(directSum, Payload.ofLongs(b.clone()).toDirect());
        assertThat(directSum.onHeap().longs()[n - 1]).isEqualTo(a[n - 1] + b[n - 1]);
    }
}
