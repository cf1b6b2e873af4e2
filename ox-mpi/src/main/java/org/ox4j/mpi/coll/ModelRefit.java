package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.cost.NelderMead;

/**
 * Re-fits the cost model to measured collectives when its predictions disagree with them: the six parameters α,
 * β, γ, μ (a whole message's cost per byte beyond the wire), σ (a message's cost to cores the ranks share) and σ_s
 * (opening a stream) are chosen to minimise the squared log error of every algorithm's prediction ({@link
 * CollectiveAlgorithm#predictOnHost} for the row's p) against its measured time, over all rows at once, with the
 * host's cores fixed. The ping-pong calibration sees one message at a time between two otherwise idle ranks;
 * collectives on ranks that share cores, on the message path or on streams, see what it cannot, and the log error
 * weighs a 64 KiB cell like a 16 MiB one.
 *
 * <p>Cost: {@value #ITERATIONS} simplex iterations ({@link NelderMead}) of one prediction per row each, O(rows)
 * per evaluation. Rows of unknown algorithms, or that predict no time, are left out.
 */
public final class ModelRefit {
    static final int ITERATIONS = 3000;
    /** Values below this are 0 for the fit's logarithms (a term the data does not need). */
    private static final double FLOOR = 1e-15;

    /** The refitted model, its error and its picks before and after, on the rows it was fitted to. */
    public record Result(CostModel before, CostModel after, double rmsLogErrorBefore, double rmsLogErrorAfter,
            Picks picksBefore, Picks picksAfter) {
    }

    /** A pick this close to the best (pick time / best time) counts as right. */
    public static final double GOOD_REGRET = 1.1;

    /**
     * How a model's picks fare on measured cells: in how many of the cells (a collective, p and size with at least
     * two algorithms measured) the predicted cheapest algorithm was within {@value #GOOD_REGRET}× of the measured
     * fastest, and the geometric mean of pick time / best time.
     */
    public record Picks(int good, int cells, double geometricMeanRegret) {
    }

    private ModelRefit() {
    }

    /**
     * Fits {@code start} (its α, β, γ as the first guess; μ and σ start at its own or, where larger, at β and α) to
     * {@code data} on a host of {@code cores} cores shared by the ranks (0: ranks on hosts of their own). "Before" in
     * the result is {@code start} with those cores.
     */
    public static Result refit(CostModel start, int cores, MeasuredTimes data, CollectiveSelector algorithms) {
        List<Fitted> rows = fitted(data, algorithms);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("no measured rows of known algorithms to fit");
        }
        CostModel first = new CostModel(start.kind(), start.alpha(), start.beta(), start.gamma(),
                start.packetPayload(), start.packetHeader(), start.messageByte(), cores, start.wakeUp(),
                start.streamOpen());
        double[] guess = {
            log(first.alpha()), log(first.beta()), log(first.gamma()), log(Math.max(first.messageByte(), first.beta())),
            log(Math.max(first.wakeUp(), first.alpha())), log(Math.max(first.streamOpen(), first.alpha()))
        };
        double[] best = NelderMead.minimise(x -> squaredLogError(model(first, x), rows), guess, 1.0, ITERATIONS);
        CostModel after = model(first, best);
        return new Result(first, after, Math.sqrt(squaredLogError(first, rows) / rows.size()),
                Math.sqrt(squaredLogError(after, rows) / rows.size()), picks(first, rows), picks(after, rows));
    }

    /** The picks {@code model} makes among the measured algorithms of each cell of {@code data}. */
    public static Picks picks(CostModel model, MeasuredTimes data, CollectiveSelector algorithms) {
        return picks(model, fitted(data, algorithms));
    }

    private static Picks picks(CostModel model, List<Fitted> rows) {
        Map<String, List<Fitted>> cells = new LinkedHashMap<>();
        for (Fitted f : rows) {
            MeasuredTimes.Row r = f.row();
            cells.computeIfAbsent(r.collective() + "/" + r.p() + "/" + r.bytes(), k -> new ArrayList<>()).add(f);
        }
        int good = 0;
        int counted = 0;
        double logRegret = 0;
        for (List<Fitted> cell : cells.values()) {
            if (cell.size() < 2) {
                continue;
            }
            Fitted pick = null;
            double pickPredicted = Double.POSITIVE_INFINITY;
            double fastest = Double.POSITIVE_INFINITY;
            for (Fitted f : cell) {
                double predicted = f.predict(model);
                if (predicted < pickPredicted) {
                    pickPredicted = predicted;
                    pick = f;
                }
                fastest = Math.min(fastest, f.row().seconds());
            }
            double regret = pick.row().seconds() / fastest;
            counted++;
            good += regret <= GOOD_REGRET ? 1 : 0;
            logRegret += Math.log(regret);
        }
        return new Picks(good, counted, counted == 0 ? Double.NaN : Math.exp(logRegret / counted));
    }

    /** A measured row with the algorithm that predicts it. */
    private record Fitted(MeasuredTimes.Row row, CollectiveAlgorithm algorithm, int order) {
        double predict(CostModel m) {
            return algorithm.predictOnHost(m, row.p(), row.bytes());
        }
    }

    private static List<Fitted> fitted(MeasuredTimes data, CollectiveSelector algorithms) {
        List<Fitted> out = new ArrayList<>();
        for (MeasuredTimes.Row r : data.rows()) {
            List<CollectiveAlgorithm> candidates = algorithms.candidates(r.collective());
            candidates.stream().filter(a -> a.name().equals(r.algorithm())).findFirst()
                    .filter(a -> a.predict(CostModel.DEFAULT, r.p(), r.bytes()) > 0)
                    .ifPresent(a -> out.add(new Fitted(r, a, candidates.indexOf(a))));
        }
        // a cell's ties go to the algorithm registered first, as in the selector
        out.sort(Comparator.comparingInt(Fitted::order));
        return out;
    }

    private static CostModel model(CostModel shape, double[] x) {
        return new CostModel(shape.kind(), Math.exp(x[0]), Math.exp(x[1]), Math.exp(x[2]), shape.packetPayload(),
                shape.packetHeader(), Math.exp(x[3]), shape.cores(), Math.exp(x[4]), Math.exp(x[5]));
    }

    private static double squaredLogError(CostModel m, List<Fitted> rows) {
        double s = 0;
        for (Fitted f : rows) {
            double d = Math.log(Math.max(f.predict(m), FLOOR) / f.row().seconds());
            s += d * d;
        }
        return s;
    }

    private static double log(double v) {
        return Math.log(Math.max(v, FLOOR));
    }
}
