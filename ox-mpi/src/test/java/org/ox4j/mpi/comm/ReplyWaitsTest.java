package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ReplyWaitsTest {
    @Test
    void marksTheCallingThreadForTheWaitOnlyReturnsItsValueAndUnwinds() {
        List<Boolean> seen = new ArrayList<>();
        seen.add(ReplyWaits.active());
        String got = ReplyWaits.during(() -> {
            seen.add(ReplyWaits.active());
            seen.add(ReplyWaits.during(ReplyWaits::active));
            seen.add(ReplyWaits.active());
            seen.add(CompletableFuture.supplyAsync(ReplyWaits::active).join());
            return "answer";
        });
        seen.add(ReplyWaits.active());
        assertThatThrownBy(() -> ReplyWaits.during(() -> {
            throw new CommException("peer gone");
        })).isInstanceOf(CommException.class);
        seen.add(ReplyWaits.active());

        assertThat(got).isEqualTo("answer");
        assertThat(seen).containsExactly(false, true, true, true, false, false, false);
    }
}
