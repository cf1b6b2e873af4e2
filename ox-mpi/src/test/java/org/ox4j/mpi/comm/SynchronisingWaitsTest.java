package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class SynchronisingWaitsTest {
    @Test
    void marksTheCallingThreadForTheBodyOnlyAndNestsAndUnwinds() throws Exception {
        List<Boolean> seen = new ArrayList<>();
        seen.add(SynchronisingWaits.active());
        SynchronisingWaits.during(() -> {
            seen.add(SynchronisingWaits.active());
            SynchronisingWaits.during(() -> seen.add(SynchronisingWaits.active()));
            seen.add(SynchronisingWaits.active());
            seen.add(CompletableFuture.supplyAsync(SynchronisingWaits::active).join());
        });
        seen.add(SynchronisingWaits.active());
        assertThatThrownBy(() -> SynchronisingWaits.during(() -> {
            throw new CommException("peer gone");
        })).isInstanceOf(CommException.class);
        seen.add(SynchronisingWaits.active());

        assertThat(seen).containsExactly(false, true, true, true, false, false, false);
    }
}
