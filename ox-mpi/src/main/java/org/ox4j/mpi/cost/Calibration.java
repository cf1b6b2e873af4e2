package org.ox4j.mpi.cost;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;

/**
 * Measures point-to-point time with a ping-pong between ranks 0 and 1 of a communicator (other ranks take no
 * part) and fits the Hockney and packet models robustly ({@link RobustFit#theilSen}). Works over any
 * {@link Communicator}: in memory for tests, over server links in production.
 */
public final class Calibration {
    /** Sizes of the calibration command: 0 B to 16 MiB in powers of four. */
    public static final long[] DEFAULT_SIZES = {0, 16, 256, 4096, 65536, 1 << 20, 4 << 20, 16 << 20};

    private static final int TAG = 0x7fff0001;

    private Calibration() {
    }

    /** One size: median one-way time (half a round trip) over the repetitions. */
    public record Sample(long bytes, double seconds) {
    }

    /** A model's prediction against one sample. */
    public record ErrorRow(long bytes, double measured, double hockney, double packet) {
        public double hockneyRelativeError() {
            return rel(hockney);
        }

        public double packetRelativeError() {
            return rel(packet);
        }

        private double rel(double predicted) {
            return measured == 0 ? 0 : (predicted - measured) / measured;
        }
    }

    /** Both fitted models and their per-size errors. */
    public record Result(CostModel hockney, CostModel packet, List<ErrorRow> errors) {
        /** A table like the seed's Table 3.2: size, measured, each model's prediction and relative error. */
        public String format() {
            StringBuilder b = new StringBuilder();
            b.append(String.format(Locale.ROOT, "Hockney: alpha=%.3e s beta=%.3e s/B (%.1f MB/s)%n",
                    hockney.alpha(), hockney.beta(), hockney.beta() == 0 ? 0 : 1e-6 / hockney.beta()));
            b.append(String.format(Locale.ROOT, "Packet:  alpha=%.3e s beta=%.3e s/B s=%d h=%d%n",
                    packet.alpha(), packet.beta(), packet.packetPayload(), packet.packetHeader()));
            b.append(String.format(Locale.ROOT, "%12s %14s %14s %9s %14s %9s%n", "bytes", "measured_s",
                    "hockney_s", "err", "packet_s", "err"));
            for (ErrorRow r : errors) {
                b.append(String.format(Locale.ROOT, "%12d %14.6e %14.6e %8.1f%% %14.6e %8.1f%%%n", r.bytes(),
                        r.measured(), r.hockney(), 100 * r.hockneyRelativeError(), r.packet(),
                        100 * r.packetRelativeError()));
            }
            return b.toString();
        }
    }

    /** Bytes up to which a size is cheap enough for {@link #SMALL_REPS} timed round trips at least. */
    static final long SMALL_BYTES = 1 << 16;
    /** Timed round trips of a small size at least: a median of five is at the mercy of one scheduler hiccup. */
    static final int SMALL_REPS = 51;

    /**
     * Runs the ping-pong; every rank of {@code comm} must call it. Returns the samples at rank 0, an empty list
     * elsewhere. {@code reps} round trips per size ({@value #SMALL_REPS} at least up to {@value #SMALL_BYTES} bytes)
     * after one {@link #warmUp} sweep. Fresh servers run the message path interpreted for their first seconds: a
     * caller that has them should repeat {@link #warmUp} until their JIT compilers are quiet first (mpi_calibrate
     * does); with two round trips per size as the only warm-up, a calibration measured 453 µs for an empty message
     * whose steady-state one-way time is 6 µs.
     */
    public static List<Sample> pingPong(Communicator comm, long[] sizes, int reps, Duration timeout) {
        List<Sample> out = new ArrayList<>();
        warmUp(comm, sizes, timeout);
        if (comm.size() < 2 || comm.rank() > 1) {
            return out;
        }
        int peer = 1 - comm.rank();
        for (long size : sizes) {
            int n = size <= SMALL_BYTES ? Math.max(reps, SMALL_REPS) : reps;
            double[] times = roundTrips(comm, peer, Payload.ofBytes(new byte[Math.toIntExact(size)]), n, timeout);
            if (comm.rank() == 0) {
                out.add(new Sample(size, RobustFit.median(times)));
            }
        }
        return out;
    }

    /**
     * One untimed sweep of the ping-pong's message path: 100 round trips of 16 bytes, 10 of every size up to
     * {@value #SMALL_BYTES} bytes, one of every larger size. Every rank calls it; ranks other than 0 and 1 return at
     * once.
     */
    public static void warmUp(Communicator comm, long[] sizes, Duration timeout) {
        if (comm.size() < 2 || comm.rank() > 1) {
            return;
        }
        int peer = 1 - comm.rank();
        roundTrips(comm, peer, Payload.ofBytes(new byte[16]), 100, timeout);
        for (long size : sizes) {
            roundTrips(comm, peer, Payload.ofBytes(new byte[Math.toIntExact(size)]), size <= SMALL_BYTES ? 10 : 1,
                    timeout);
        }
    }

    /** {@code reps} timed round trips; returns one-way times (half a round trip). */
    private static double[] roundTrips(Communicator comm, int peer, Payload msg, int reps, Duration timeout) {
        double[] times = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            if (comm.rank() == 0) {
                comm.send(msg, peer, TAG);
                comm.recv(peer, TAG, timeout);
            } else {
                comm.recv(peer, TAG, timeout);
                comm.send(msg, peer, TAG);
            }
            times[i] = (System.nanoTime() - t0) / 2e9;
        }
        return times;
    }

    /** Fits both models to the samples ({@code gamma} is carried into both). */
    public static Result fit(List<Sample> samples, double gamma) {
        double[] x = new double[samples.size()];
        double[] xp = new double[samples.size()];
        double[] y = new double[samples.size()];
        CostModel shape = CostModel.packet(0, 0, 0, CostModel.TCP_PAYLOAD, CostModel.TCP_HEADER);
        for (int i = 0; i < x.length; i++) {
            x[i] = samples.get(i).bytes();
            xp[i] = shape.wireBytes(x[i]);
            y[i] = samples.get(i).seconds();
        }
        RobustFit.Line h = RobustFit.theilSen(x, y);
        RobustFit.Line p = RobustFit.theilSen(xp, y);
        CostModel hockney = CostModel.hockney(h.intercept(), h.slope(), gamma);
        CostModel packet = CostModel.packet(p.intercept(), p.slope(), gamma, CostModel.TCP_PAYLOAD,
                CostModel.TCP_HEADER);
        List<ErrorRow> rows = new ArrayList<>();
        for (Sample s : samples) {
            rows.add(new ErrorRow(s.bytes(), s.seconds(), hockney.pointToPoint(s.bytes()),
                    packet.pointToPoint(s.bytes())));
        }
        return new Result(hockney, packet, rows);
    }

    /**
     * The calibration command's core: ping-pong over {@code sizes} (every rank calls it), γ measured locally,
     * both models fitted. Returns the result at rank 0, null elsewhere.
     */
    public static Result calibrate(Communicator comm, long[] sizes, int reps, Duration timeout) {
        List<Sample> samples = pingPong(comm, sizes, reps, timeout);
        if (samples.isEmpty()) {
            return null;
        }
        return fit(samples, measureGamma(1 << 16, 9));
    }

    /** Measures γ: median seconds per byte of an element-wise long sum over {@code longs} elements. */
    public static double measureGamma(int longs, int reps) {
        long[] a = new long[longs];
        long[] b = new long[longs];
        double[] t = new double[reps];
        long sink = 0;
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < longs; i++) {
                a[i] += b[i] + r;
            }
            t[r] = (System.nanoTime() - t0) / 1e9 / (8.0 * longs);
            sink += a[r % longs];
        }
        return sink == Long.MIN_VALUE ? 0 : RobustFit.median(t);
    }
}
