package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ox4j.mpi.cost.CostModel;

class ModelRefitTest {
    private static final CollectiveSelector ALGORITHMS = CollectiveSelector.standard(CostModel.DEFAULT,
            MeasuredChoices.NONE);
    /** A host unlike the default model: dear messages on two shared cores, dear whole messages and streams. */
    private static final CostModel HOST = new CostModel(CostModel.Kind.HOCKNEY, 80e-6, 1.2e-9, 3e-10, 0, 0, 6e-10, 2,
            300e-6, 400e-6);

    /** Every algorithm of four collectives on 2, 4 and 8 ranks at three sizes, timed as {@code truth} predicts. */
    private static MeasuredTimes timedBy(CostModel truth) {
        List<MeasuredTimes.Row> rows = new ArrayList<>();
        for (Collective c : List.of(Collective.ALLREDUCE, Collective.ALLGATHER, Collective.ALLTOALL, Collective.SCAN)) {
            for (int p : new int[] {2, 4, 8}) {
                for (long bytes : new long[] {65536, 1 << 20, 16 << 20}) {
                    for (CollectiveAlgorithm a : ALGORITHMS.candidates(c)) {
                        rows.add(new MeasuredTimes.Row(c, a.name(), p, bytes, a.predictOnHost(truth, p, bytes)));
                    }
                }
            }
        }
        return new MeasuredTimes(rows);
    }

    @Test
    void aRefitFromTheDefaultModelLearnsAHostsTermsFromItsCollectives() {
        MeasuredTimes measured = timedBy(HOST);
        ModelRefit.Result r = ModelRefit.refit(CostModel.DEFAULT, 2, measured, ALGORITHMS);
        assertThat(r.rmsLogErrorBefore()).isGreaterThan(0.3);
        assertThat(r.rmsLogErrorAfter()).isLessThan(0.02);
        assertThat(r.after().cores()).isEqualTo(2);
        ModelRefit.Picks truth = ModelRefit.picks(HOST, measured, ALGORITHMS);
        assertThat(truth.good()).isEqualTo(truth.cells());
        assertThat(r.picksAfter().good()).isEqualTo(r.picksAfter().cells());
        assertThat(r.picksBefore().good()).isLessThan(r.picksBefore().cells());
        // the picks on the measured cells follow from the predictions: the refit's agree with the host's
        assertThat(r.picksAfter().geometricMeanRegret()).isEqualTo(1.0);
    }

    @Test
    void rowsOfUnknownAlgorithmsAreLeftOutAndNoneAtAllIsAnError(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("run.csv");
        Files.writeString(f, "collective,algorithm,p,bytes,median_s\nallgather,no_such,4,65536,0.001\n"
                + "pingpong,blocking,2,8,0.00002\n");
        MeasuredTimes t = MeasuredTimes.read(f);
        assertThat(t.rows()).hasSize(1);
        assertThatThrownBy(() -> ModelRefit.refit(CostModel.DEFAULT, 2, t, ALGORITHMS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no measured rows");
    }
}
