package org.ox4j.mpi.cost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Theil–Sen line fit y ≈ a + b·x: b is the median of all pairwise slopes, a the median of y − b·x. Robust
 * to up to ~29 % outliers (a slow ping-pong round, a GC pause), unlike least squares.
 */
public final class RobustFit {
    private RobustFit() {
    }

    /** Intercept and slope. */
    public record Line(double intercept, double slope) {
        public double at(double x) {
            return intercept + slope * x;
        }
    }

    /** Fits a line; slope and intercept are clamped at 0 (negative latencies or bandwidths are noise). */
    public static Line theilSen(double[] x, double[] y) {
        if (x.length != y.length || x.length == 0) {
            throw new IllegalArgumentException("points: " + x.length + " x, " + y.length + " y (expected: equal, > 0)");
        }
        List<Double> slopes = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                if (x[j] != x[i]) {
                    slopes.add((y[j] - y[i]) / (x[j] - x[i]));
                }
            }
        }
        double b = slopes.isEmpty() ? 0 : Math.max(0, median(slopes.stream().mapToDouble(Double::doubleValue).toArray()));
        double[] resid = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            resid[i] = y[i] - b * x[i];
        }
        return new Line(Math.max(0, median(resid)), b);
    }

    /** Median (mean of the middle two for even length). */
    public static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
