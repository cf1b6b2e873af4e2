package org.ox4j.mpi.cost;

import java.util.Arrays;
import java.util.Comparator;
import java.util.function.ToDoubleFunction;

/**
 * Minimises a function of a few real variables without derivatives (Nelder and Mead's simplex: reflect the worst
 * vertex through the centroid of the others, expand, contract or shrink). Suits the cost model's refit: a handful
 * of parameters, an objective that is cheap but has kinks (an algorithm's formula switches branches). Cost: O(n)
 * evaluations per iteration in the worst case (a shrink), one or two otherwise; {@code iterations} bounds the run.
 */
public final class NelderMead {
    private NelderMead() {
    }

    /**
     * A local minimum of {@code f} near {@code start}, the first simplex spanned by steps of {@code step} along each
     * axis; stops after {@code iterations} iterations or when the vertices' values differ by less than 1e-12.
     */
    public static double[] minimise(ToDoubleFunction<double[]> f, double[] start, double step, int iterations) {
        int n = start.length;
        double[][] x = new double[n + 1][];
        double[] v = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            x[i] = start.clone();
            if (i > 0) {
                x[i][i - 1] += step;
            }
            v[i] = f.applyAsDouble(x[i]);
        }
        for (int it = 0; it < iterations; it++) {
            Integer[] order = new Integer[n + 1];
            for (int i = 0; i <= n; i++) {
                order[i] = i;
            }
            double[] values = v;
            Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
            double[][] xs = new double[n + 1][];
            double[] vs = new double[n + 1];
            for (int i = 0; i <= n; i++) {
                xs[i] = x[order[i]];
                vs[i] = v[order[i]];
            }
            x = xs;
            v = vs;
            if (v[n] - v[0] < 1e-12) {
                break;
            }
            double[] centroid = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    centroid[j] += x[i][j] / n;
                }
            }
            double[] reflected = towards(centroid, x[n], -1);
            double fr = f.applyAsDouble(reflected);
            if (fr < v[0]) {
                double[] expanded = towards(centroid, x[n], -2);
                double fe = f.applyAsDouble(expanded);
                x[n] = fe < fr ? expanded : reflected;
                v[n] = Math.min(fe, fr);
            } else if (fr < v[n - 1]) {
                x[n] = reflected;
                v[n] = fr;
            } else {
                double[] contracted = towards(centroid, x[n], 0.5);
                double fc = f.applyAsDouble(contracted);
                if (fc < v[n]) {
                    x[n] = contracted;
                    v[n] = fc;
                } else {
                    for (int i = 1; i <= n; i++) {
                        x[i] = towards(x[0], x[i], 0.5);
                        v[i] = f.applyAsDouble(x[i]);
                    }
                }
            }
        }
        int best = 0;
        for (int i = 1; i <= n; i++) {
            if (v[i] < v[best]) {
                best = i;
            }
        }
        return x[best];
    }

    /** c + t·(p − c). */
    private static double[] towards(double[] c, double[] p, double t) {
        double[] r = new double[c.length];
        for (int j = 0; j < c.length; j++) {
            r[j] = c[j] + t * (p[j] - c[j]);
        }
        return r;
    }
}
