package org.ox4j.server.sm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoError2;

/** The stack's byte budget counts a deferred datum by its estimate, without making its bytes. */
class OperandStackTest {
    @Test
    void aDeferredDatumIsCountedByItsEstimateAndNotEncoded() {
        AtomicInteger encodings = new AtomicInteger();
        CmoDatum images = CmoDatum.deferred(new byte[100], b -> {
            encodings.incrementAndGet();
            return b.clone();
        }, b -> 50_000L);
        OperandStack stack = new OperandStack(16, 1_000_000);
        assertThat(stack.push(images, 1)).isTrue();
        assertThat(stack.estimatedBytes()).isGreaterThanOrEqualTo(50_000);
        assertThat(encodings).hasValue(0);
        // the estimate, not the 100 bytes it would encode to, is what a small budget refuses
        OperandStack small = new OperandStack(16, 10_000);
        assertThat(small.push(images, 2)).isFalse();
        Cmo top = small.pop().orElseThrow();
        assertThat(top).isInstanceOf(CmoError2.class);
        assertThat(top.toString()).contains("session memory limit exceeded");
        assertThat(encodings).hasValue(0);
    }
}
