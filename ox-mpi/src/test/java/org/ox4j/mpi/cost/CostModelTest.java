package org.ox4j.mpi.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ox4j.mpi.comm.RankHarness;

class CostModelTest {
    @Test
    void theilSenIgnoresOutliers() {
        double[] x = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = 3 + 2 * x[i];
        }
        y[4] = 1000; // a GC pause
        y[7] = -50;
        RobustFit.Line l = RobustFit.theilSen(x, y);
        assertThat(l.slope()).isCloseTo(2, within(1e-9));
        assertThat(l.intercept()).isCloseTo(3, within(1e-9));
    }

    @Test
    void fitRecoversBothModelsFromSyntheticSamples() {
        CostModel hockney = CostModel.hockney(40e-6, 2e-9, 0);
        CostModel packet = CostModel.packet(30e-6, 1.5e-9, 0, CostModel.TCP_PAYLOAD, CostModel.TCP_HEADER);
        List<Calibration.Sample> hs = new ArrayList<>();
        List<Calibration.Sample> ps = new ArrayList<>();
        for (long n : Calibration.DEFAULT_SIZES) {
            hs.add(new Calibration.Sample(n, hockney.pointToPoint(n)));
            ps.add(new Calibration.Sample(n, packet.pointToPoint(n)));
        }
        Calibration.Result rh = Calibration.fit(hs, 0);
        assertThat(rh.hockney().alpha()).isCloseTo(40e-6, within(1e-12));
        assertThat(rh.hockney().beta()).isCloseTo(2e-9, within(1e-15));
        assertThat(rh.errors()).allMatch(e -> Math.abs(e.hockneyRelativeError()) < 1e-6);
        Calibration.Result rp = Calibration.fit(ps, 0);
        assertThat(rp.packet().alpha()).isCloseTo(30e-6, within(1e-12));
        assertThat(rp.packet().beta()).isCloseTo(1.5e-9, within(1e-15));
        assertThat(rp.errors()).allMatch(e -> Math.abs(e.packetRelativeError()) < 1e-6);
        // the Hockney fit of packet data is off somewhere: the table shows it
        assertThat(rp.errors()).anyMatch(e -> Math.abs(e.hockneyRelativeError()) > 1e-3);
        assertThat(rp.format()).contains("hockney_s").contains("16777216");
    }

    @Test
    void packetModelChargesHeadersPerPacket() {
        CostModel m = CostModel.packet(0, 1, 0, 1448, 90);
        assertThat(m.wireBytes(0)).isZero();
        assertThat(m.wireBytes(1)).isEqualTo(91);
        assertThat(m.wireBytes(1448)).isEqualTo(1538);
        assertThat(m.wireBytes(1449)).isEqualTo(1449 + 180);
    }

    @Test
    void storeRoundTrips(@TempDir Path dir) throws Exception {
        CostModel m = CostModel.packet(1.25e-5, 8.5e-10, 3e-10, 1448, 90);
        Path f = dir.resolve("cost.properties");
        CostModelStore.save(m, f);
        assertThat(CostModelStore.load(f)).isEqualTo(m);
        CostModel shared = new CostModel(CostModel.Kind.HOCKNEY, 5e-5, 1e-9, 2e-10, 0, 0, 5e-10, 2, 2.5e-4, 1.5e-4);
        CostModelStore.save(shared, f);
        assertThat(CostModelStore.load(f)).isEqualTo(shared);
    }

    @Test
    void ranksSharingCoresAreBoundByTheirWholeWorkOverTheCores() {
        CostModel m = new CostModel(CostModel.Kind.HOCKNEY, 50e-6, 1e-9, 2e-10, 0, 0, 5e-10, 2, 100e-6, 300e-6);
        // 8 ranks on 2 cores: 14 messages of 1000 bytes, 7000 bytes reduced; work 14 σ + 14000 (β + μ) + 7000 γ
        double work = 14 * 100e-6 + 14000 * 1.5e-9 + 7000 * 2e-10;
        assertThat(m.onSharedCores(1e-4, 8, 14, 14000, 7000, 0)).isCloseTo(work / 2, within(1e-15));
        // a path longer than the work is the time
        assertThat(m.onSharedCores(1.0, 8, 14, 14000, 7000, 0)).isEqualTo(1.0);
        // ranks on cores of their own: the path alone, plus one stream opening when streams are used
        assertThat(m.onSharedCores(1e-4, 2, 14, 14000, 7000, 0)).isEqualTo(1e-4);
        assertThat(m.onSharedCores(1e-4, 2, 1, 1000, 0, 1)).isCloseTo(1e-4 + 300e-6, within(1e-15));
        CostModel alone = CostModel.hockney(50e-6, 1e-9, 2e-10);
        assertThat(alone.onSharedCores(1e-4, 8, 14, 14000, 7000, 0)).isEqualTo(1e-4);
        // the same model on a host's two cores: the assumed μ, σ and σ_s until a refit measures them
        assertThat(alone.sharingCores(2)).isEqualTo(new CostModel(CostModel.Kind.HOCKNEY, 50e-6, 1e-9, 2e-10, 0, 0,
                CostModel.ASSUMED_MESSAGE_BYTE, 2, CostModel.ASSUMED_WAKE_UP, CostModel.ASSUMED_STREAM_OPEN));
        assertThat(m.sharingCores(4).wakeUp()).isEqualTo(100e-6);
        // a whole message pays mu on top of the wire, a stream's bytes do not
        assertThat(m.pointToPoint(1000)).isCloseTo(50e-6 + 1000 * 1.5e-9, within(1e-15));
        assertThat(m.streamed(1000)).isCloseTo(1000 * 1e-9, within(1e-15));
    }

    @Test
    void nelderMeadFindsTheMinimumOfACurvedValley() {
        // Rosenbrock's function: minimum 0 at (1, 1) at the end of a narrow curved valley
        double[] x = NelderMead.minimise(v -> Math.pow(1 - v[0], 2) + 100 * Math.pow(v[1] - v[0] * v[0], 2),
                new double[] {-1.2, 1}, 0.5, 5000);
        assertThat(x[0]).isCloseTo(1, within(1e-4));
        assertThat(x[1]).isCloseTo(1, within(1e-4));
    }

    @Test
    void pingPongRunsOverACommunicator() {
        long[] sizes = {0, 1024, 65536};
        List<List<Calibration.Sample>> out = RankHarness.run(3,
                c -> Calibration.pingPong(c, sizes, 5, Duration.ofSeconds(20)));
        assertThat(out.get(0)).extracting(Calibration.Sample::bytes).containsExactly(0L, 1024L, 65536L);
        assertThat(out.get(0)).allMatch(s -> s.seconds() > 0);
        assertThat(out.get(1)).isEmpty();
        assertThat(out.get(2)).isEmpty();
        Calibration.Result r = Calibration.fit(out.get(0), 0);
        assertThat(r.errors()).hasSize(3);
    }

    @Test
    void describesEveryTerm() {
        CostModel m = new CostModel(CostModel.Kind.PACKET, 2e-5, 3e-10, 4e-10, 1448, 66, 5e-10, 2, 6e-5, 1e-4);
        assertThat(m.describe()).isEqualTo("PACKET alpha=2.000e-05 s beta=3.000e-10 s/B gamma=4.000e-10 s/B"
                + " mu=5.000e-10 s/B cores=2 wakeUp=6.000e-05 s streamOpen=1.000e-04 s");
    }
}
