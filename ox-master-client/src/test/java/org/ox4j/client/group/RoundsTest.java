package org.ox4j.client.group;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoZZ;

class RoundsTest {
    @Test
    void everyPairOnceAndNoMemberTwiceInARound() {
        for (int n = 1; n <= 9; n++) {
            Set<String> pairs = new HashSet<>();
            List<List<int[]>> rounds = Rounds.of(n);
            for (List<int[]> round : rounds) {
                Set<Integer> busy = new HashSet<>();
                for (int[] p : round) {
                    assertThat(p[0]).isLessThan(p[1]);
                    assertThat(busy.add(p[0]) && busy.add(p[1])).as("member twice in a round, n=%d", n).isTrue();
                    assertThat(pairs.add(p[0] + "-" + p[1])).as("pair twice, n=%d", n).isTrue();
                }
            }
            assertThat(pairs).hasSize(n * (n - 1) / 2);
            assertThat(rounds).hasSize(n < 2 ? 0 : n % 2 == 0 ? n - 1 : n);
        }
    }

    @Test
    void asirIntegersSendZeroAsNull() {
        assertThat(ServerGroup.asirInteger(0)).isEqualTo(CmoNull.INSTANCE);
        assertThat(ServerGroup.asirInteger(3)).isEqualTo(CmoZZ.of(3));
    }
}
