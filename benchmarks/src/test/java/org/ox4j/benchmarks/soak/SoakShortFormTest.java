package org.ox4j.benchmarks.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.ox4j.client.launch.OxHome;

/**
 * The short form of each reliability campaign, on real server processes on loopback (the full forms: {@code
 * bin/ox-bench soak}, figures in benchmarks/results/reliability.md; in the emulated cluster:
 * {@link ClusterSoakShortFormTest}): a few thousand hostile frames against the daemon with a probe session beside
 * them, two thousand in one session of a launch-form-b server and sixteen hostile openings of such servers, a dozen resets at random moments of long computations, four masters on the daemon for
 * twenty seconds, a member of a group of three killed or cut off at every rank position during five collectives,
 * forty resets of a group of three during a 3 MB broadcast. Each must end with no hang, no wrong or lost answer, and
 * flat threads and descriptors.
 */
class SoakShortFormTest {
    private static final Path HOME = OxHome.locate();

    @Test
    void hostileFramesNeitherHangNorHurtAProbeSession() throws Exception {
        try (DaemonProcess d = Placement.local().startDaemon(HOME, 256)) {
            FuzzCampaign.Result r = new FuzzCampaign(d, 3000, 4, 7).run();
            assertThat(r.hangs()).as(r.firstFailure()).isZero();
            assertThat(r.probes()).isPositive();
            assertThat(r.probeFailures()).as(r.firstFailure()).isZero();
            assertThat(r.alive()).isTrue();
            assertThat(r.failures()).as(r.firstFailure()).isZero();
        }
    }

    @Test
    void aFormBServerAnswersEveryWellFramedFrameAndEndsWithEveryHostileOpening() throws Exception {
        System.setProperty("ox4j.home", HOME.toString());
        ServerFuzzCampaign.Result r = new ServerFuzzCampaign(Placement.local(), 2000, 16, 2, 7).run();
        assertThat(r.perKind().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(2000);
        assertThat(r.hangs()).as(r.firstFailure()).isZero();
        assertThat(r.closes()).as(r.firstFailure()).isZero();
        assertThat(r.perOpening().values()).as("every opening channel tried").allMatch(n -> n == 4);
        assertThat(r.openingFailures()).as(r.firstFailure()).isZero();
        assertThat(r.failures()).as(r.firstFailure()).isZero();
    }

    @Test
    void everyResetLeavesASessionThatAnswers() throws Exception {
        System.setProperty("ox4j.home", HOME.toString());
        ResetCampaign.Result r = new ResetCampaign(12, 7, Placement.local()).run();
        assertThat(r.failures()).as(r.firstFailure()).isZero();
        assertThat(r.resetMicros().getTotalCount()).isEqualTo(12);
    }

    @Test
    void concurrentMastersGetEveryAnswerRight() throws Exception {
        try (DaemonProcess d = Placement.local().startDaemon(HOME, 64)) {
            SoakCampaign.Result r = new SoakCampaign(d, 4, Duration.ofSeconds(20), 7).run();
            assertThat(r.requests()).isGreaterThan(100);
            assertThat(r.failures()).as(r.firstFailure()).isZero();
            assertThat(r.alive()).isTrue();
        }
    }

    @Test
    void aKilledOrCutOffMemberIsNamedByEverySurvivorAndTheMasterAtEveryRankPosition() throws Exception {
        System.setProperty("ox4j.home", HOME.toString());
        DyingPeerCampaign.Result r = new DyingPeerCampaign(3, 7).run();
        // link cuts need root and socket destruction in the kernel; without them only the kills run
        assertThat(r.cuts()).as(String.valueOf(r.skippedCuts())).isIn(0, 15);
        assertThat(r.cases()).isEqualTo(15 + r.cuts());
        assertThat(r.failures()).as(r.firstFailure()).isZero();
    }

    @Test
    void aGroupResetMidBroadcastDrainsItsLinksAndBroadcastsAgain() throws Exception {
        System.setProperty("ox4j.home", HOME.toString());
        Rfc102ResetCampaign.Result r = new Rfc102ResetCampaign(3, 40, 7, Placement.local()).run();
        assertThat(r.failures()).as(r.firstFailure()).isZero();
        assertThat(r.done()).isEqualTo(40);
        assertThat(r.interrupted()).as("resets that landed mid-broadcast").isPositive();
    }
}
