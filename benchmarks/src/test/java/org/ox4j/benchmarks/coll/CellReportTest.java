package org.ox4j.benchmarks.coll;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The messaging issue's five targets, read off a run's rows. */
class CellReportTest {
    /** A row timed at {@code ours} seconds against Open MPI's {@code mpi}. */
    private static Row row(String collective, String algorithm, int p, long bytes, double ours, boolean pick,
            double mpi) {
        return new Row(collective, algorithm, p, bytes, ours, Double.NaN, pick, mpi, Double.NaN);
    }

    /** Ping-pong and two collectives at p = 2 and 8, every target held with room to spare. */
    private static List<Row> passingRun() {
        List<Row> rows = new ArrayList<>();
        rows.add(row("pingpong", "blocking", 2, 8, 15e-6, true, 10e-6));
        rows.add(row("pingpong", "direct", 2, 8, 12e-6, false, 10e-6));
        rows.add(row("pingpong", "blocking", 2, 16L << 20, 5e-3, true, 4e-3));
        rows.add(row("pingpong", "direct", 2, 16L << 20, 3e-3, false, 4e-3));
        for (int p : new int[] {2, 8}) {
            rows.add(row("bcast", "binomial", p, 1 << 20, 2e-3, true, 2e-3));
            rows.add(row("bcast", "linear", p, 1 << 20, 3e-3, false, 2e-3));
            rows.add(row("alltoall", "bruck", p, 8, 0.5e-3, false, 0.4e-3));
            rows.add(row("alltoall", "linear", p, 8, 0.6e-3, true, 0.4e-3));
        }
        return rows;
    }

    @Test
    void aRunThatHoldsEveryTargetSaysSoWithEachValue() {
        String report = CellReport.messagingTargets(passingRun());
        // the direct-memory ping-pong is the best of its cells: 12/10 and 3/4
        assertThat(report).contains("ping-pong 8 B, p = 2, time <= 2x Open MPI: 1.20x -> MET")
                .contains("bandwidth >= 0.9x Open MPI (time <= 1.11x): 0.75x -> MET")
                .contains("(2 of 2, worst alltoall 8B): 1.25x -> MET")
                .contains("geometric mean over 4 collective cells <= 1.2x Open MPI: 1.12x -> MET")
                .contains("in >= 90 % of cells: 2 of 4 (50 %) -> MISSED")
                .contains("not all five targets met");
    }

    @Test
    void oneCellOverItsLimitOrAMissingReferenceMissesTheRun() {
        List<Row> rows = new ArrayList<>(passingRun().stream()
                .filter(r -> !(r.collective().equals("alltoall") && r.algorithm().equals("linear"))).toList());
        rows.replaceAll(r -> r.collective().equals("alltoall") ? row("alltoall", "bruck", r.p(), 8, 0.5e-3, true,
                0.4e-3) : r);
        assertThat(CellReport.messagingTargets(rows)).contains("in >= 90 % of cells: 4 of 4 (100 %) -> MET")
                .contains("all five targets MET in this run");
        // both bcast algorithms slower at p = 8: the best is 1.6x Open MPI's time
        rows.replaceAll(r -> r.collective().equals("bcast") && r.p() == 8
                ? row("bcast", r.algorithm(), 8, 1 << 20, r.selected() ? 3.2e-3 : 3.4e-3, r.selected(), 2e-3) : r);
        assertThat(CellReport.messagingTargets(rows)).contains("(1 of 2, worst bcast 1MB): 1.60x -> MISSED")
                .contains("not all five targets met");
        List<Row> noSixteen = rows.stream().filter(r -> r.bytes() != 16L << 20).toList();
        assertThat(CellReport.messagingTargets(noSixteen)).contains("(time <= 1.11x): not measured -> MISSED");
    }

    @Test
    void thePickInDirectMemoryCountsAgainstOpenMpiButNotInTheSelectorsRegret() {
        List<Row> rows = new ArrayList<>(passingRun());
        // at p = 8 the arrays' best is 1.6x Open MPI's time, the pick in direct memory 1.3x
        rows.replaceAll(r -> r.collective().equals("bcast") && r.p() == 8
                ? row("bcast", r.algorithm(), 8, 1 << 20, r.selected() ? 3.4e-3 : 3.2e-3, r.selected(), 2e-3) : r);
        rows.add(row("bcast", "binomial@direct", 8, 1 << 20, 2.6e-3, false, 2e-3));
        CellReport.Cell bcast8 = CellReport.cells(rows).stream()
                .filter(c -> c.collective().equals("bcast") && c.p() == 8).findFirst().orElseThrow();
        assertThat(bcast8.best().algorithm()).isEqualTo("linear");
        assertThat(bcast8.fastest().algorithm()).isEqualTo("binomial@direct");
        assertThat(bcast8.regret()).isEqualTo(3.4 / 3.2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(bcast8.ratio()).isEqualTo(1.3, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(CellReport.messagingTargets(rows)).contains("(2 of 2, worst bcast 1MB): 1.30x -> MET");
        assertThat(CellReport.render(rows, true)).contains("binomial@direct");
    }
}
