package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ox4j.mpi.cost.CostModel;

class MeasuredChoicesTest {
    private static final CostModel TCP = CostModel.hockney(50e-6, 50e-6 / 5500, 0);
    /** A run in which the model's picks lost: linear bcast won at 8 B, ring allreduce at 1 MiB. */
    private static final String RUN = """
            collective,algorithm,p,bytes,median_s,model_s,pick,mpi_s,ratio
            pingpong,blocking,2,8,0.000059,0.000253,1,0.000005,11.4
            bcast,binomial,8,8,0.001767,0.001323,1,,
            bcast,linear,8,8,0.000800,0.003087,0,,
            bcast,stream_chain,8,8,0.000936,0.003087,0,,
            allreduce,recursive_doubling,8,1048576,0.0300,0.01,1,,
            allreduce,ring,8,1048576,0.0277,0.02,0,,
            allreduce,rabenseifner,8,1048576,0.0398,0.02,0,,
            allreduce,recursive_doubling@direct,8,1048576,0.0200,0.01,0,,
            """;

    @TempDir
    Path dir;

    private MeasuredChoices load(String csv) throws IOException {
        Path f = dir.resolve("run.csv");
        Files.writeString(f, csv);
        return MeasuredChoices.fromCsv(f);
    }

    @Test
    void theWinnersTravelAsAListAndSelectAlike() throws IOException {
        MeasuredChoices m = load(RUN);
        assertThat(m.choices()).containsExactly(
                new MeasuredChoices.Choice(Collective.ALLREDUCE, 8, 1 << 20, "ring"),
                new MeasuredChoices.Choice(Collective.BCAST, 8, 8, "linear"));
        MeasuredChoices copy = MeasuredChoices.of(m.choices());
        assertThat(copy.choices()).isEqualTo(m.choices());
        assertThat(copy.algorithm(Collective.ALLREDUCE, 8, 3 << 19)).contains("ring");
        assertThat(copy.algorithm(Collective.BCAST, 4, 8)).isEmpty();
        assertThat(MeasuredChoices.of(List.of()).choices()).isEmpty();
        assertThatThrownBy(() -> new MeasuredChoices.Choice(Collective.BCAST, 0, 8, "linear"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aServerSelectsWithTheSavedRunsUnlessFilesAreNamed() throws IOException {
        String files = System.getProperty(MeasuredChoices.FILE_PROPERTY);
        String directory = System.getProperty(MeasuredChoices.DIRECTORY_PROPERTY);
        try {
            System.clearProperty(MeasuredChoices.FILE_PROPERTY);
            Path saved = dir.resolve("saved");
            System.setProperty(MeasuredChoices.DIRECTORY_PROPERTY, saved.toString());
            assertThat(MeasuredChoices.savedRuns()).isEmpty();
            assertThat(MeasuredChoices.configured().choices()).isEmpty();

            Files.createDirectories(saved);
            Files.writeString(saved.resolve("coll-1.csv"), RUN);
            Files.writeString(saved.resolve("notes.txt"), "not a run");
            assertThat(MeasuredChoices.savedRuns()).containsExactly(saved.resolve("coll-1.csv"));
            assertThat(MeasuredChoices.configured().algorithm(Collective.BCAST, 8, 8)).contains("linear");

            // named files win over the saved runs; an empty name means none at all
            System.setProperty(MeasuredChoices.FILE_PROPERTY, "");
            assertThat(MeasuredChoices.configured().choices()).isEmpty();
            Path other = dir.resolve("other.csv");
            Files.writeString(other, "collective,algorithm,p,bytes,median_s\nbcast,binomial,8,8,0.0001\n");
            System.setProperty(MeasuredChoices.FILE_PROPERTY, other.toString());
            assertThat(MeasuredChoices.configured().algorithm(Collective.BCAST, 8, 8)).contains("binomial");
        } finally {
            restore(MeasuredChoices.FILE_PROPERTY, files);
            restore(MeasuredChoices.DIRECTORY_PROPERTY, directory);
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    @Test
    void theFastestAlgorithmOfEachMeasuredCellWins() throws IOException {
        MeasuredChoices m = load(RUN);
        assertThat(m.algorithm(Collective.BCAST, 8, 8)).contains("linear");
        // the pick timed in direct memory was faster still, but it is no algorithm to choose
        assertThat(m.algorithm(Collective.ALLREDUCE, 8, 1 << 20)).contains("ring");
        assertThat(MeasuredTimes.read(dir.resolve("run.csv")).rows())
                .noneMatch(r -> r.algorithm().endsWith(MeasuredTimes.DIRECT_MEMORY)).hasSize(6);
    }

    @Test
    void aMeasurementDecidesForSizesWithinAFactorOfFourAndNotForOtherGroupSizes() throws IOException {
        MeasuredChoices m = load(RUN);
        assertThat(m.algorithm(Collective.ALLREDUCE, 8, 300_000)).contains("ring");
        assertThat(m.algorithm(Collective.ALLREDUCE, 8, 4 << 20)).contains("ring");
        assertThat(m.algorithm(Collective.ALLREDUCE, 8, 64 << 20)).isEmpty();
        assertThat(m.algorithm(Collective.ALLREDUCE, 4, 1 << 20)).isEmpty();
        assertThat(m.algorithm(Collective.SCAN, 8, 1 << 20)).isEmpty();
    }

    @Test
    void theSelectorPrefersTheMeasurementAndFallsBackToTheModel() throws IOException {
        CollectiveSelector modelOnly = CollectiveSelector.standard(TCP, MeasuredChoices.NONE);
        CollectiveSelector tuned = CollectiveSelector.standard(TCP, load(RUN));
        assertThat(modelOnly.select(Collective.BCAST, 8, 8, null, true).name()).isEqualTo("binomial");
        assertThat(tuned.select(Collective.BCAST, 8, 8, null, true).name()).isEqualTo("linear");
        assertThat(tuned.select(Collective.ALLREDUCE, 8, 1 << 20, ReduceOps.SUM, true).name()).isEqualTo("ring");
        // unmeasured group size: the model, as without measurements
        assertThat(tuned.select(Collective.BCAST, 4, 8, null, true).name())
                .isEqualTo(modelOnly.select(Collective.BCAST, 4, 8, null, true).name());
        // the measured ring cannot run a non-commutative op: the model picks among those that can
        CollectiveAlgorithm nonCommutative = tuned.select(Collective.ALLREDUCE, 8, 1 << 20, ReduceOps.LIST_APPEND,
                false);
        assertThat(nonCommutative.supports(ReduceOps.LIST_APPEND)).isTrue();
        assertThat(nonCommutative.name()).isNotEqualTo("ring");
    }

    @Test
    void pooledRunsFollowTheMedianRatioSoOneBadMinuteDoesNotFlipAChoice() throws IOException {
        String header = "collective,algorithm,p,bytes,median_s\n";
        Path steady = dir.resolve("steady.csv");
        Path outlier = dir.resolve("outlier.csv");
        Path again = dir.resolve("again.csv");
        Files.writeString(steady, header + "allgather,ring,4,65536,0.0010\nallgather,bruck,4,65536,0.0011\n");
        // ring ran in a slow minute of this run: three times its usual time
        Files.writeString(outlier, header + "allgather,ring,4,65536,0.0030\nallgather,bruck,4,65536,0.0010\n");
        Files.writeString(again, header + "allgather,ring,4,65536,0.0020\nallgather,bruck,4,65536,0.0021\n");
        assertThat(MeasuredChoices.fromCsv(outlier).algorithm(Collective.ALLGATHER, 4, 65536)).contains("bruck");
        assertThat(MeasuredChoices.fromCsv(List.of(steady, outlier, again)).algorithm(Collective.ALLGATHER, 4, 65536))
                .contains("ring");
        // an algorithm measured in one run only competes with the ratio of that run
        Path more = dir.resolve("more.csv");
        Files.writeString(more, header + "allgather,ring,4,65536,0.0010\nallgather,torus,4,65536,0.0009\n");
        assertThat(MeasuredChoices.fromCsv(List.of(steady, more)).algorithm(Collective.ALLGATHER, 4, 65536))
                .contains("torus");
    }

    @Test
    void theSystemPropertyListsSeveralFiles() throws IOException {
        String header = "collective,algorithm,p,bytes,median_s\n";
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        Files.writeString(a, header + "scan,linear,2,8,0.001\nscan,stream_chain,2,8,0.002\n");
        Files.writeString(b, header + "exscan,linear,2,8,0.001\n");
        String before = System.getProperty(MeasuredChoices.FILE_PROPERTY);
        System.setProperty(MeasuredChoices.FILE_PROPERTY, a + File.pathSeparator + b);
        try {
            MeasuredChoices m = MeasuredChoices.fromSystemProperty();
            assertThat(m.algorithm(Collective.SCAN, 2, 8)).contains("linear");
            assertThat(m.algorithm(Collective.EXSCAN, 2, 8)).contains("linear");
        } finally {
            if (before == null) {
                System.clearProperty(MeasuredChoices.FILE_PROPERTY);
            } else {
                System.setProperty(MeasuredChoices.FILE_PROPERTY, before);
            }
        }
    }

    @Test
    void aFileWithoutTheNeededColumnsIsRefusedWithItsName() {
        assertThatThrownBy(() -> load("collective,p,bytes\nbcast,8,8\n")).isInstanceOf(IOException.class)
                .hasMessageContaining("no column algorithm");
    }
}
