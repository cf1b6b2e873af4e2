package org.ox4j.client.group;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GuidedSlotsTest {
    @Test
    void batchesShrinkCoverEverySlotOnceAndEndInSingles() {
        GuidedSlots slots = new GuidedSlots(128, 2);
        List<Integer> sizes = new ArrayList<>();
        boolean[] seen = new boolean[128];
        for (int[] b = slots.take(); b.length > 0; b = slots.take()) {
            sizes.add(b.length);
            for (int s : b) {
                assertThat(seen[s]).as("slot %d twice", s).isFalse();
                seen[s] = true;
            }
            assertThat(slots.allFinished()).isFalse();
            slots.finished(b);
        }
        assertThat(seen).doesNotContain(false);
        assertThat(slots.allFinished()).isTrue();
        assertThat(sizes.get(0)).isEqualTo(32);
        assertThat(sizes).isSortedAccordingTo((a, b) -> Integer.compare(b, a));
        assertThat(sizes.get(sizes.size() - 1)).isEqualTo(1);
        assertThat(sizes.size()).isLessThan(20);
    }

    @Test
    void aStoppedJobHandsOutNothingAndIsNotFinished() {
        GuidedSlots slots = new GuidedSlots(10, 3);
        int[] first = slots.take();
        slots.finished(first);
        slots.take(); // taken, then refused
        slots.stop();
        assertThat(slots.take()).isEmpty();
        assertThat(slots.allFinished()).isFalse();
        assertThatThrownBy(() -> new GuidedSlots(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
