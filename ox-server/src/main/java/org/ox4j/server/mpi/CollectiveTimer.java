package org.ox4j.server.mpi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.mpi.coll.Algorithms;
import org.ox4j.mpi.coll.Collective;
import org.ox4j.mpi.coll.CollectiveAlgorithm;
import org.ox4j.mpi.coll.Collectives;
import org.ox4j.mpi.coll.MeasuredTimes;
import org.ox4j.mpi.coll.ReduceOps;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.server.eval.EvaluationException;

/**
 * {@code mpi_time(Collective, Algorithm, Bytes, Reps[, MaxSeconds[, WarmUpSeconds]])}: times one collective
 * inside the servers, as the Open MPI reference program does ({@code benchmarks/mpi/ox4j_mpi_bench.c}). Payloads
 * are {@code long[]} of Bytes/8 elements (at least one), so reductions are element-wise sums; bcast, reduce,
 * allreduce, scan, allgather and alltoall run MPI style, into buffers made once ({@link Collectives#bcastInto},
 * {@link Collectives#reduceInto}, {@link Collectives#allreduceInto} …), as their MPI counterparts do in the
 * reference program (exscan, gather, scatter and shift return new arrays); size conventions follow
 * {@link CollectiveAlgorithm}: message size for bcast, reduce, allreduce, scan, exscan, shift and pingpong; total
 * gathered size for gather, scatter, allgather; total a rank sends for alltoall. An algorithm's name with the suffix
 * {@code @direct} ({@code binomial@direct}, {@code auto@direct}) times the same algorithm with every buffer in direct
 * memory instead of Java arrays (bcast, reduce, allreduce, scan, allgather and alltoall; {@link Memory}).
 *
 * <p>One run is checked against the expected values, then it warms up, running what a sample runs, until no member's
 * JIT compiler is busy any more (at most WarmUpSeconds, default 5; {@link JitWarmUp}), then each sample is: barrier,
 * run, and the slowest member's elapsed time (a MAX reduction to rank 0). {@code pingpong} is {@link #pingPongRounds}
 * send/receive round trips back to back between ranks 0 and 1 (others idle), as osu_latency times a loop, and reports
 * the time of one way (the sample divided by twice the rounds). Stops after Reps samples, or earlier once MaxSeconds
 * (default 10) have been spent and at least 3 samples taken.
 *
 * <p>With a list of algorithm names in place of one, the algorithms of one collective and size are timed
 * interleaved: each is checked and warmed up, then all are warmed up in turn, then every round takes one sample of
 * each in turn, Reps rounds (or MaxSeconds per algorithm); the answer at rank 0 is a list of
 * {@code [Algorithm, T1, ...]}, one per name. Timed
 * one after the other, a slow minute of a shared host lands on whichever algorithm ran in it, and the comparison
 * of algorithms the selector is judged by turns on it.
 */
final class CollectiveTimer {
    private static final int PING_TAG = 0x7ffe0001;
    private static final int MIN_SAMPLES = 3;
    /** The suffix of an algorithm's name that puts the kernel's buffers in direct memory ({@link Memory}). */
    private static final String DIRECT = MeasuredTimes.DIRECT_MEMORY;

    private CollectiveTimer() {
    }

    static Cmo run(MpiWorld.World world, List<Cmo> a) {
        String name = MpiArgs.string(a, 0, "collective", "mpi_time");
        boolean interleaved = a.get(1) instanceof CmoList;
        List<String> algorithms = interleaved ? algorithmNames((CmoList) a.get(1), name)
                : Collections.singletonList(MpiArgs.algorithm(a, 1, "mpi_time"));
        long bytes = MpiArgs.longInteger(a, 2, "bytes", "mpi_time");
        int reps = MpiArgs.integer(a, 3, "reps", "mpi_time");
        double maxSeconds = a.size() > 4 ? MpiArgs.integer(a, 4, "max seconds", "mpi_time") : 10;
        double warmUpSeconds = a.size() > 5 ? MpiArgs.integer(a, 5, "warm-up seconds", "mpi_time") : 5;
        if (bytes < 0 || bytes > 256L << 20 || reps < 1 || warmUpSeconds < 0) {
            throw new EvaluationException("mpi_time : bytes " + bytes + ", reps " + reps + ", warm-up "
                    + warmUpSeconds + " s (expected: 0..268435456, >= 1, >= 0)");
        }
        Collectives k = world.collectives();
        List<Kernel> kernels = new ArrayList<>();
        for (String alg : algorithms) {
            kernels.add(name.equals("pingpong") ? pingPong(world.comm(), alg, bytes) : kernel(k, name, alg, bytes));
        }
        for (Kernel kernel : kernels) {
            kernel.check().run();
            JitWarmUp.run(k, () -> untimedSample(k, kernel), warmUpSeconds);
        }
        if (kernels.size() > 1) {
            // then in turn, as they will be timed: code that each compiled for its own kind of payload or message
            // meets the others' now (a recompilation), not in the first timed rounds
            JitWarmUp.run(k, () -> kernels.forEach(kernel -> untimedSample(k, kernel)), warmUpSeconds);
        }
        int perSample = name.equals("pingpong") ? 2 * pingPongRounds(bytes) : 1;
        Samples samples = new Samples(kernels.size(), perSample, reps, maxSeconds * kernels.size());
        boolean more = true;
        double[] mine = new double[kernels.size()];
        while (more) {
            // one sample of every kernel per round, in the same order each time: a drift of the host's speed
            // during the run then reaches every algorithm alike instead of the ones timed in its worst minutes
            for (int i = 0; i < kernels.size(); i++) {
                k.barrier();
                long t0 = System.nanoTime();
                kernels.get(i).body().run();
                mine[i] = (System.nanoTime() - t0) / 1e9;
            }
            more = RootDecides.goOn(k, Payload.ofDoubles(mine.clone()), ReduceOps.MAX, samples::addAndGoOn);
        }
        if (world.rank() != 0) {
            return CmoNull.INSTANCE;
        }
        List<Cmo> perKernel = new ArrayList<>();
        for (int i = 0; i < kernels.size(); i++) {
            List<Cmo> out = new ArrayList<>();
            out.add(CmoString.of(kernels.get(i).algorithm()));
            for (double s : samples.times.get(i)) {
                out.add(CmoIeeeDouble.of(s));
            }
            perKernel.add(new CmoList(out));
        }
        return interleaved ? new CmoList(perKernel) : perKernel.get(0);
    }

    /**
     * What a sample runs, untimed: the barrier and the kernel. Why the warm-up runs the barrier too: a sample's
     * barrier is code of its own (the barrier algorithm, its waits), run once per sample; warmed by the kernel alone,
     * it was still in the first compiler's profiling code when the samples began, and the second compiler took it on
     * during them (eight servers on two cores, 8 B reduce at p = 8: about 100 compilations per server in the first
     * 5 s of samples, the barrier's own among them, and the samples of the first second at twice the time of those
     * after the third; benchmarks/results/messaging-2026-12-06.md, part 12).
     */
    private static void untimedSample(Collectives k, Kernel kernel) {
        k.barrier();
        kernel.body().run();
    }

    /**
     * The names of an interleaved run: at least one, each a string, no repeats (for pingpong its two variants, so
     * that {@code long[]} and direct memory are compared in the same minutes of the host).
     */
    private static List<String> algorithmNames(CmoList l, String collective) {
        if (l.size() == 0) {
            throw new EvaluationException("mpi_time : a list of algorithms must name at least one");
        }
        List<String> names = new ArrayList<>();
        for (Cmo c : l.elements()) {
            if (!(c instanceof CmoString s) || s.value().isBlank() || names.contains(s.value().trim())) {
                throw new EvaluationException("mpi_time : algorithms must be distinct non-empty strings (got "
                        + c.type() + ")");
            }
            names.add(s.value().trim());
        }
        return names;
    }

    /** Rank 0's samples (per kernel, the slowest member's times) and when to stop taking them. */
    private static final class Samples {
        final List<List<Double>> times = new ArrayList<>();
        private final int perSample;
        private final int reps;
        private final double maxSeconds;
        private double spent;

        /**
         * @param kernels   how many kernels a round times
         * @param perSample what a sample is divided by (the one-way trips of a ping-pong sample, else 1)
         */
        Samples(int kernels, int perSample, int reps, double maxSeconds) {
            for (int i = 0; i < kernels; i++) {
                times.add(new ArrayList<>());
            }
            this.perSample = perSample;
            this.reps = reps;
            this.maxSeconds = maxSeconds;
        }

        /** Records the slowest member's time of each kernel in a round; true while more rounds are wanted. */
        boolean addAndGoOn(Payload slowest) {
            double[] s = slowest.doubles();
            for (int i = 0; i < times.size(); i++) {
                times.get(i).add(s[i] / perSample);
                spent += s[i];
            }
            int rounds = times.get(0).size();
            return rounds < reps && (rounds < MIN_SAMPLES || spent < maxSeconds);
        }
    }

    /** What one sample runs, a check of its result, and the algorithm's name. */
    private record Kernel(String algorithm, Runnable body, Runnable check) {
    }

    /**
     * Round trips per ping-pong sample: 100 for small messages, fewer as they grow, one from 1 MiB on (the Open MPI
     * reference program, {@code pp_rounds}, uses the same formula).
     */
    static int pingPongRounds(long bytes) {
        return (int) Math.max(1, Math.min(100, (1L << 20) / Math.max(1, bytes)));
    }

    /**
     * The ping-pong kernel: "blocking" (the default) sends and receives {@code long[]} arrays, "direct" the same
     * elements in direct memory ({@link Payload#direct}), as a C program's buffers are (osu_latency's and the Open MPI
     * reference program's): a large message is then written from and read into them with no copy in the JVM.
     */
    private static Kernel pingPong(Communicator comm, String algorithm, long bytes) {
        if (comm.size() < 2) {
            throw new EvaluationException("mpi_time : pingpong needs 2 members");
        }
        boolean direct = "direct".equals(algorithm);
        if (algorithm != null && !direct && !algorithm.equals("blocking")) {
            throw new EvaluationException("mpi_time : pingpong algorithm " + algorithm
                    + " (expected: blocking or direct)");
        }
        int me = comm.rank();
        long[] mine = pattern(elements(bytes), me, 0);
        Memory memory = new Memory(direct);
        Payload msg = memory.of(mine);
        // as osu_latency: one receive buffer, reused by every round (a large message goes straight into it when
        // the receive is posted first, as rank 0 posts its receive before it sends)
        Payload in = memory.zeros(mine.length);
        Supplier<Payload> round = () -> {
            if (me == 0) {
                Request back = comm.iRecv(in, 1, PING_TAG);
                comm.send(msg, 1, PING_TAG);
                return back.awaitMessage().payload();
            } else if (me == 1) {
                Payload got = comm.recv(in, 0, PING_TAG).payload();
                comm.send(msg, 0, PING_TAG);
                return got;
            }
            return null;
        };
        int rounds = pingPongRounds(bytes);
        Runnable sample = () -> {
            for (int i = 0; i < rounds; i++) {
                round.get();
            }
        };
        return new Kernel(direct ? "direct" : "blocking", sample, () -> {
            Payload got = round.get();
            if (me <= 1) {
                expect(got.onHeap().longs(), pattern(mine.length, 1 - me, 0), "pingpong");
            }
        });
    }

    private static Kernel kernel(Collectives k, String name, String alg, long bytes) {
        Collective which = MpiFunctions.collective(name, "mpi_time");
        int p = k.communicator().size();
        int r = k.communicator().rank();
        int n = elements(bytes);
        int block = Math.max(1, n / p);
        boolean direct = alg != null && alg.endsWith(DIRECT);
        String algName = direct ? alg.substring(0, alg.length() - DIRECT.length()) : alg;
        if (direct && !MeasuredTimes.DIRECT_MEMORY_COLLECTIVES.contains(which)) {
            throw new EvaluationException("mpi_time : " + name + " has no " + DIRECT + " variant (only "
                    + MeasuredTimes.DIRECT_MEMORY_COLLECTIVES + ")");
        }
        Memory mem = new Memory(direct);
        CollectiveAlgorithm chosen = algName != null && !algName.equals("auto") ? k.selector().byName(which, algName)
                : null;
        String label = (chosen != null ? chosen.name() : "auto") + (direct ? DIRECT : "");
        switch (which) {
            case BARRIER: {
                Algorithms.Barrier b = (Algorithms.Barrier) (chosen != null ? chosen
                        : k.selector().select(which, p, 0, null, false));
                return new Kernel(b.name(), () -> k.barrier(b), () -> k.barrier(b));
            }
            case BCAST: {
                // MPI_Bcast: one buffer per rank, the root's sent, the others' overwritten on every run
                Payload buffer = mem.of(r == 0 ? pattern(n, 0, 0) : new long[n]);
                Runnable s = () -> {
                    if (chosen == null) {
                        k.bcastInto(buffer, 0);
                    } else {
                        k.bcastInto(buffer, 0, (Algorithms.Bcast) chosen);
                    }
                };
                return new Kernel(label, s, () -> {
                    s.run();
                    expect(buffer, pattern(n, 0, 0), "bcast");
                });
            }
            case REDUCE: {
                // MPI_Reduce: the sum goes into the root's receive buffer on every run
                Payload v = mem.of(ramp(n, r + 1));
                Payload result = r == 0 ? mem.zeros(n) : null;
                Runnable s = () -> {
                    if (chosen == null) {
                        k.reduceInto(v, result, ReduceOps.SUM, 0);
                    } else {
                        k.reduceInto(v, result, ReduceOps.SUM, 0, (Algorithms.Reduce) chosen);
                    }
                };
                return new Kernel(label, s, () -> {
                    s.run();
                    if (r == 0) {
                        expect(result, ramp(n, triangle(p)), "reduce");
                    }
                });
            }
            case ALLREDUCE: {
                // MPI_Allreduce: the sum goes into every rank's receive buffer on every run
                Payload v = mem.of(ramp(n, r + 1));
                Payload result = mem.zeros(n);
                Runnable s = () -> {
                    if (chosen == null) {
                        k.allreduceInto(v, result, ReduceOps.SUM);
                    } else {
                        k.allreduceInto(v, result, ReduceOps.SUM, (Algorithms.Allreduce) chosen);
                    }
                };
                return intoKernel(label, s, List.of(result),
                        () -> expect(result, ramp(n, triangle(p)), "allreduce"));
            }
            case SCAN: {
                Payload v = mem.of(ramp(n, r + 1));
                Payload result = mem.zeros(n);
                Runnable s = () -> {
                    if (chosen == null) {
                        k.scanInto(v, result, ReduceOps.SUM);
                    } else {
                        k.scanInto(v, result, ReduceOps.SUM, (Algorithms.Scan) chosen);
                    }
                };
                return intoKernel(label, s, List.of(result),
                        () -> expect(result, ramp(n, triangle(r + 1)), "scan"));
            }
            case EXSCAN: {
                Payload v = Payload.ofLongs(ramp(n, r + 1));
                Supplier<Payload> s = () -> chosen == null ? k.exscan(v, ReduceOps.SUM)
                        : k.exscan(v, ReduceOps.SUM, (Algorithms.Exscan) chosen);
                return new Kernel(label, s::get, () -> {
                    Payload got = s.get();
                    if (r > 0) {
                        expect(got.longs(), ramp(n, triangle(r)), "exscan");
                    }
                });
            }
            case GATHER: {
                Payload v = Payload.ofLongs(pattern(block, r, 0));
                Supplier<List<Payload>> s = () -> chosen == null ? k.gather(v, 0)
                        : k.gather(v, 0, (Algorithms.Gather) chosen);
                return new Kernel(label, s::get, () -> {
                    List<Payload> got = s.get();
                    if (r == 0) {
                        for (int j = 0; j < p; j++) {
                            expect(got.get(j).longs(), pattern(block, j, 0), "gather");
                        }
                    }
                });
            }
            case SCATTER: {
                List<Payload> blocks = null;
                if (r == 0) {
                    blocks = new ArrayList<>();
                    for (int j = 0; j < p; j++) {
                        blocks.add(Payload.ofLongs(pattern(block, j, 0)));
                    }
                }
                List<Payload> bl = blocks;
                Supplier<Payload> s = () -> chosen == null ? k.scatter(bl, 0)
                        : k.scatter(bl, 0, (Algorithms.Scatter) chosen);
                return new Kernel(label, s::get, () -> expect(s.get().longs(), pattern(block, r, 0), "scatter"));
            }
            case ALLGATHER: {
                Payload v = mem.of(pattern(block, r, 0));
                List<Payload> got = mem.receiveBuffers(p, block);
                Runnable s = () -> {
                    if (chosen == null) {
                        k.allgatherInto(v, got);
                    } else {
                        k.allgatherInto(v, got, (Algorithms.Allgather) chosen);
                    }
                };
                return intoKernel(label, s, got, () -> {
                    for (int j = 0; j < p; j++) {
                        expect(got.get(j), pattern(block, j, 0), "allgather");
                    }
                });
            }
            case ALLTOALL: {
                List<Payload> blocks = new ArrayList<>();
                for (int d = 0; d < p; d++) {
                    blocks.add(mem.of(pattern(block, r, d)));
                }
                List<Payload> got = mem.receiveBuffers(p, block);
                Runnable s = () -> {
                    if (chosen == null) {
                        k.alltoallInto(blocks, got);
                    } else {
                        k.alltoallInto(blocks, got, (Algorithms.Alltoall) chosen);
                    }
                };
                return intoKernel(label, s, got, () -> {
                    for (int j = 0; j < p; j++) {
                        expect(got.get(j), pattern(block, j, r), "alltoall");
                    }
                });
            }
            case QSHIFT: {
                Payload v = Payload.ofLongs(pattern(n, r, 0));
                Supplier<Payload> s = () -> chosen == null ? k.shift(v, 1) : k.shift(v, 1, (Algorithms.QShift) chosen);
                return new Kernel(label, s::get,
                        () -> expect(s.get().longs(), pattern(n, Math.floorMod(r - 1, p), 0), "shift"));
            }
            default:
                throw new EvaluationException("mpi_time : collective " + name);
        }
    }

    /**
     * A kernel that writes into receive buffers made once: its check first fills them with a value no result has
     * (so a buffer the collective left alone fails the check), runs it, then checks.
     */
    private static Kernel intoKernel(String label, Runnable body, List<Payload> buffers, Runnable check) {
        return new Kernel(label, body, () -> {
            buffers.forEach(b -> fill(b, -1));
            body.run();
            check.run();
        });
    }

    /** Sets every element of a {@code long} array payload, on the heap or in direct memory. */
    private static void fill(Payload b, long x) {
        if (b.isDirect()) {
            java.nio.LongBuffer l = b.directBuffer().asLongBuffer();
            while (l.hasRemaining()) {
                l.put(x);
            }
        } else {
            java.util.Arrays.fill(b.longs(), x);
        }
    }

    /**
     * Where a kernel's buffers live: Java arrays, or with the {@value #DIRECT} suffix on the algorithm's name
     * direct memory, as a C program's buffers are (the Open MPI reference program's): a large message is then
     * written from and read into them with no copy in the JVM. The receive buffer of an allgather or alltoall is then
     * one direct memory cut into p blocks, as MPI's receive buffer is one array.
     */
    private record Memory(boolean direct) {
        Payload of(long[] values) {
            return direct ? Payload.ofLongs(values).toDirect() : Payload.ofLongs(values);
        }

        /** A buffer of {@code n} zeros. */
        Payload zeros(int n) {
            return direct ? Payload.direct(Payload.Kind.LONGS, n) : Payload.ofLongs(new long[n]);
        }

        /** MPI's receive buffer of an allgather or alltoall, as p blocks. */
        List<Payload> receiveBuffers(int p, int block) {
            List<Payload> buffers = new ArrayList<>();
            if (direct) {
                Payload all = zeros(p * block);
                for (int j = 0; j < p; j++) {
                    buffers.add(all.slice(j * block, block));
                }
                return buffers;
            }
            for (int j = 0; j < p; j++) {
                buffers.add(zeros(block));
            }
            return buffers;
        }
    }

    private static int elements(long bytes) {
        return (int) Math.max(1, bytes / 8);
    }

    private static long triangle(int m) {
        return (long) m * (m + 1) / 2;
    }

    /** (i + 1)·f. */
    private static long[] ramp(int n, long f) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i + 1L) * f;
        }
        return a;
    }

    /** Distinct values per (source, destination). */
    private static long[] pattern(int n, int src, int dst) {
        long[] a = new long[n];
        long seed = 1_000_003L * src + 7919L * dst + 17;
        for (int i = 0; i < n; i++) {
            a[i] = seed * (i + 131) ^ i;
        }
        return a;
    }

    private static void expect(Payload got, long[] want, String what) {
        expect(got.onHeap().longs(), want, what);
    }

    private static void expect(long[] got, long[] want, String what) {
        if (!java.util.Arrays.equals(got, want)) {
            throw new EvaluationException("mpi_time : wrong result of " + what + " (" + got.length + " vs "
                    + want.length + " elements)");
        }
    }
}
