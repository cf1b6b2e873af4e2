package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LinkKeepAliveTest {

    @Test
    void theClusterTimeoutOfEightSecondsDetectsASilentPeerWithinFour() {
        LinkKeepAlive k = LinkKeepAlive.forTimeout(Duration.ofSeconds(8));
        assertThat(k.idle()).isEqualTo(Duration.ofSeconds(1));
        assertThat(k.interval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(k.count()).isEqualTo(3);
        assertThat(k.detectionBound()).isEqualTo(Duration.ofSeconds(4));
    }

    @Test
    void detectionTakesAtMostHalfTheTimeoutFromEightSecondsOn() {
        for (long s = 8; s <= 3600; s++) {
            Duration timeout = Duration.ofSeconds(s);
            LinkKeepAlive k = LinkKeepAlive.forTimeout(timeout);
            assertThat(k.detectionBound()).as("timeout %s", timeout).isLessThanOrEqualTo(timeout.dividedBy(2))
                    .isGreaterThanOrEqualTo(timeout.dividedBy(4));
            assertThat(k.count()).as("a single lost probe must not drop a link").isGreaterThan(1);
        }
        assertThat(LinkKeepAlive.forTimeout(Duration.ofSeconds(120)).detectionBound())
                .isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void shortTimeoutsGetTheKernelsSmallestUnit() {
        LinkKeepAlive k = LinkKeepAlive.forTimeout(Duration.ofMillis(500));
        assertThat(k.idle()).isEqualTo(Duration.ofSeconds(1));
        assertThat(k.interval()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void rejectsSettingsTheKernelCannotTake() {
        assertThatThrownBy(() -> new LinkKeepAlive(Duration.ofMillis(500), Duration.ofSeconds(1), 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("idle PT0.5S");
        assertThatThrownBy(() -> new LinkKeepAlive(Duration.ofSeconds(1), Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("count 0");
    }
}
