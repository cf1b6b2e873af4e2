package org.ox4j.algebra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class KernelThreadsTest {
    @Test
    void mapKeepsTheOrderAndRunTakesEveryPartOnce() {
        assertThat(KernelThreads.map(5, k -> k * k)).containsExactly(0, 1, 4, 9, 16);
        assertThat(KernelThreads.map(0, k -> k)).isEmpty();
        AtomicIntegerArray seen = new AtomicIntegerArray(4);
        KernelThreads.run(4, seen::incrementAndGet);
        for (int k = 0; k < 4; k++) {
            assertThat(seen.get(k)).isEqualTo(1);
        }
    }

    @Test
    void aPartsExceptionComesBackUnwrapped() {
        assertThatThrownBy(() -> KernelThreads.run(3, k -> {
            if (k == 2) {
                throw new IllegalStateException("part 2");
            }
        })).isInstanceOf(IllegalStateException.class).hasMessage("part 2");
    }
}
