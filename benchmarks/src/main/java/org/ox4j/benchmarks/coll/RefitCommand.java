package org.ox4j.benchmarks.coll;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ox4j.mpi.coll.CollectiveSelector;
import org.ox4j.mpi.coll.MeasuredChoices;
import org.ox4j.mpi.coll.MeasuredTimes;
import org.ox4j.mpi.coll.ModelRefit;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.cost.CostModelStore;

/**
 * {@code bin/ox-bench refit RUN.csv[,RUN2.csv...] [--cores N] [--start FILE] [--check OTHER.csv[,...]]
 * [--save FILE]}: re-fits the cost model to the collectives of earlier {@code bin/ox-bench coll} runs ({@link
 * ModelRefit}; {@code --cores} defaults to this host's, for runs whose ranks all ran here) and prints the model
 * before (the default one, or the {@code --start} file's, with those cores) and after, its log error, and its picks
 * on each run — and on the {@code --check} runs, which the fit has not seen. {@code --save} writes the refitted model
 * for servers to load ({@code -Dox.coll.costModel=FILE}).
 */
public final class RefitCommand {
    static final String USAGE = "usage: bin/ox-bench refit RUN.csv[,RUN2.csv...] [--cores N] [--start FILE]"
            + " [--check OTHER.csv[,...]] [--save FILE]";

    private RefitCommand() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0 || args[0].startsWith("--")) {
            System.err.println(USAGE);
            System.exit(2);
        }
        List<Path> runs = CollBenchOptions.paths(args[0]);
        List<Path> checks = List.of();
        int cores = Runtime.getRuntime().availableProcessors();
        Path save = null;
        CostModel start = CostModel.DEFAULT;
        for (int i = 1; i < args.length; i++) {
            if (i + 1 >= args.length) {
                System.err.println(args[i] + " needs a value\n" + USAGE);
                System.exit(2);
            }
            switch (args[i]) {
                case "--cores" -> cores = Integer.parseInt(args[++i]);
                case "--check" -> checks = CollBenchOptions.paths(args[++i]);
                case "--save" -> save = Path.of(args[++i]);
                case "--start" -> start = CostModelStore.load(Path.of(args[++i]));
                default -> {
                    System.err.println("unknown option " + args[i] + "\n" + USAGE);
                    System.exit(2);
                }
            }
        }
        CollectiveSelector algorithms = CollectiveSelector.standard(CostModel.DEFAULT, MeasuredChoices.NONE);
        Map<Path, MeasuredTimes> fittedRuns = new LinkedHashMap<>();
        List<MeasuredTimes.Row> all = new ArrayList<>();
        for (Path run : runs) {
            MeasuredTimes t = MeasuredTimes.read(run);
            fittedRuns.put(run, t);
            all.addAll(t.rows());
        }
        ModelRefit.Result r = ModelRefit.refit(start, cores, new MeasuredTimes(all), algorithms);
        System.out.printf(Locale.ROOT, "refit over %d rows of %d run(s), %d cores shared by the ranks%n", all.size(),
                runs.size(), cores);
        System.out.printf(Locale.ROOT, "before: %s%n        rms log error %.3f (a factor of %.2f)%n",
                r.before().describe(), r.rmsLogErrorBefore(), Math.exp(r.rmsLogErrorBefore()));
        System.out.printf(Locale.ROOT, "after:  %s%n        rms log error %.3f (a factor of %.2f)%n",
                r.after().describe(), r.rmsLogErrorAfter(), Math.exp(r.rmsLogErrorAfter()));
        System.out.printf(Locale.ROOT, "%-48s %22s %22s%n", "picks within " + ModelRefit.GOOD_REGRET
                + "x of the best", "before", "after");
        fittedRuns.forEach((run, t) -> report(run.getFileName() + " (fitted)", t, r, algorithms));
        for (Path check : checks) {
            report(check.getFileName() + " (not fitted)", MeasuredTimes.read(check), r, algorithms);
        }
        if (save != null) {
            CostModelStore.save(r.after(), save);
            System.out.println("saved: " + save.toAbsolutePath() + " (servers: -D" + CostModelStore.FILE_PROPERTY
                    + "=" + save.toAbsolutePath() + ")");
        }
    }

    private static void report(String what, MeasuredTimes t, ModelRefit.Result r, CollectiveSelector algorithms) {
        ModelRefit.Picks before = ModelRefit.picks(r.before(), t, algorithms);
        ModelRefit.Picks after = ModelRefit.picks(r.after(), t, algorithms);
        System.out.printf(Locale.ROOT, "%-48s %22s %22s%n", what, format(before), format(after));
    }

    private static String format(ModelRefit.Picks p) {
        return String.format(Locale.ROOT, "%d/%d, regret %.2fx", p.good(), p.cells(), p.geometricMeanRegret());
    }

}
