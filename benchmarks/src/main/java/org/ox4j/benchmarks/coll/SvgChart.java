package org.ox4j.benchmarks.coll;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A hand-written SVG chart of the benchmark: one panel per collective, time against message size on log-log axes,
 * one line per (algorithm, p) — colour by algorithm, dash pattern by p — and the Open MPI reference in black.
 */
final class SvgChart {
    private static final int W = 420;
    private static final int H = 300;
    private static final int COLS = 3;
    private static final int ML = 60;
    private static final int MR = 130;
    private static final int MT = 28;
    private static final int MB = 36;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
    private static final String[] DASHES = {"", "6,3", "2,2", "9,3,2,3"};

    private SvgChart() {
    }

    static String render(List<Row> rows) {
        Map<String, List<Row>> byCollective = new LinkedHashMap<>();
        for (Row r : rows) {
            byCollective.computeIfAbsent(r.collective(), k -> new ArrayList<>()).add(r);
        }
        List<Integer> ps = rows.stream().map(Row::p).distinct().sorted().toList();
        int n = byCollective.size();
        int rowsOfPanels = (n + COLS - 1) / COLS;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " font-family=\"sans-serif\" font-size=\"10\">%n", W * COLS, H * rowsOfPanels));
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        int i = 0;
        for (Map.Entry<String, List<Row>> e : byCollective.entrySet()) {
            panel(b, e.getKey(), e.getValue(), ps, (i % COLS) * W, (i / COLS) * H);
            i++;
        }
        b.append("</svg>\n");
        return b.toString();
    }

    private static void panel(StringBuilder b, String title, List<Row> rows, List<Integer> ps, int x0, int y0) {
        double xmin = Double.MAX_VALUE;
        double xmax = -Double.MAX_VALUE;
        double ymin = Double.MAX_VALUE;
        double ymax = -Double.MAX_VALUE;
        for (Row r : rows) {
            double x = Math.log10(Math.max(1, r.bytes()));
            xmin = Math.min(xmin, x);
            xmax = Math.max(xmax, x);
            for (double t : new double[] {r.median(), r.mpi()}) {
                if (t > 0 && !Double.isNaN(t)) {
                    ymin = Math.min(ymin, Math.log10(t));
                    ymax = Math.max(ymax, Math.log10(t));
                }
            }
        }
        xmin = Math.floor(xmin);
        xmax = Math.max(Math.ceil(xmax), xmin + 1);
        ymin = Math.floor(ymin);
        ymax = Math.max(Math.ceil(ymax), ymin + 1);
        int pw = W - ML - MR;
        int ph = H - MT - MB;
        Axis ax = new Axis(x0 + ML, y0 + MT, pw, ph, xmin, xmax, ymin, ymax);
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\">%s</text>%n",
                x0 + ML, y0 + 18, title));
        b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#888\"/>%n", x0 + ML, y0 + MT, pw, ph));
        for (double d = xmin; d <= xmax; d++) {
            double x = ax.x(d);
            b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>%n",
                    x, y0 + MT, x, y0 + MT + ph));
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x,
                    y0 + MT + ph + 12, bytesLabel(Math.pow(10, d))));
        }
        for (double d = ymin; d <= ymax; d++) {
            double y = ax.y(d);
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>%n",
                    x0 + ML, y, x0 + ML + pw, y));
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">1e%d s</text>%n",
                    x0 + ML - 4, y + 3, (int) d));
        }
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">message size (bytes)</text>%n",
                x0 + ML + pw / 2, y0 + H - 6));
        Map<String, TreeMap<Long, Double>> series = new LinkedHashMap<>();
        Map<String, TreeMap<Long, Double>> mpi = new LinkedHashMap<>();
        List<String> algorithms = rows.stream().map(Row::algorithm).distinct().toList();
        for (Row r : rows) {
            series.computeIfAbsent(r.algorithm() + " p=" + r.p(), k -> new TreeMap<>()).put(r.bytes(), r.median());
            if (!Double.isNaN(r.mpi())) {
                mpi.computeIfAbsent("Open MPI p=" + r.p(), k -> new TreeMap<>()).put(r.bytes(), r.mpi());
            }
        }
        int legend = 0;
        for (Map.Entry<String, TreeMap<Long, Double>> s : series.entrySet()) {
            String alg = s.getKey().substring(0, s.getKey().indexOf(" p="));
            int p = Integer.parseInt(s.getKey().substring(s.getKey().indexOf(" p=") + 3));
            String colour = COLOURS[algorithms.indexOf(alg) % COLOURS.length];
            String dash = DASHES[Math.max(0, ps.indexOf(p)) % DASHES.length];
            line(b, ax, s.getValue(), colour, dash);
            legend = legend(b, x0 + ML + pw + 6, y0 + MT + 10 + legend * 11, s.getKey(), colour, dash, legend);
        }
        for (Map.Entry<String, TreeMap<Long, Double>> s : mpi.entrySet()) {
            int p = Integer.parseInt(s.getKey().substring(s.getKey().indexOf("p=") + 2));
            String dash = DASHES[Math.max(0, ps.indexOf(p)) % DASHES.length];
            line(b, ax, s.getValue(), "black", dash);
            legend = legend(b, x0 + ML + pw + 6, y0 + MT + 10 + legend * 11, s.getKey(), "black", dash, legend);
        }
    }

    private static int legend(StringBuilder b, int x, int y, String label, String colour, String dash, int k) {
        if (y > 0) {
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\""
                    + " stroke-width=\"1.5\"%s/>%n", x, y - 3, x + 16, y - 3, colour, dashAttr(dash)));
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"8\">%s</text>%n", x + 19, y,
                    label));
        }
        return k + 1;
    }

    private static void line(StringBuilder b, Axis ax, TreeMap<Long, Double> pts, String colour, String dash) {
        StringBuilder path = new StringBuilder();
        for (Map.Entry<Long, Double> e : pts.entrySet()) {
            if (e.getValue() <= 0) {
                continue;
            }
            path.append(String.format(Locale.ROOT, "%.1f,%.1f ", ax.x(Math.log10(Math.max(1, e.getKey()))),
                    ax.y(Math.log10(e.getValue()))));
        }
        b.append(String.format(Locale.ROOT, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\""
                + " stroke-width=\"1.5\"%s/>%n", path.toString().trim(), colour, dashAttr(dash)));
    }

    private static String dashAttr(String dash) {
        return dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"";
    }

    static String bytesLabel(double v) {
        if (v >= 1 << 20) {
            return String.format(Locale.ROOT, "%.0fM", v / (1 << 20));
        }
        if (v >= 1024) {
            return String.format(Locale.ROOT, "%.0fK", v / 1024);
        }
        return String.format(Locale.ROOT, "%.0f", v);
    }

    /** Maps log10 values to panel coordinates. */
    private record Axis(int left, int top, int width, int height, double xmin, double xmax, double ymin,
            double ymax) {
        double x(double lx) {
            return left + width * (lx - xmin) / (xmax - xmin);
        }

        double y(double ly) {
            return top + height - height * (ly - ymin) / (ymax - ymin);
        }
    }
}
