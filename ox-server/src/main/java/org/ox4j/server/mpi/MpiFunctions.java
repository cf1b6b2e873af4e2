package org.ox4j.server.mpi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIntegers;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.mpi.coll.Algorithms;
import org.ox4j.mpi.coll.Collective;
import org.ox4j.mpi.coll.Collectives;
import org.ox4j.mpi.coll.ReduceOp;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Message;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.RankFailedException;
import org.ox4j.mpi.comm.SendMode;
import org.ox4j.mpi.comm.Status;
import org.ox4j.mpi.cost.Calibration;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.FunctionRegistry;
import org.ox4j.server.function.FunctionSpec;
import org.ox4j.server.function.OxFunction;
import org.ox4j.server.rfc102.PeerFailureException;

/**
 * The {@code mpi_*} functions: the messaging layer reachable by masters through {@code SM_executeFunction} and
 * from the local language. Each runs on the calling member's world communicator ({@link MpiWorld}); collectives
 * must be called by every member of the group, in the same order, with the same root/op/algorithm. Names,
 * arguments and results are listed in {@code peer-messaging.md} §8. Ranks: {@code -1} is "any" for receives,
 * probes and tags of receives.
 */
public final class MpiFunctions {
    /** {@code -1}: any source / any tag. */
    public static final int ANY = -1;

    private MpiFunctions() {
    }

    /** Adds the functions to {@code registry}. */
    public static void register(FunctionRegistry registry) {
        fn(registry, "mpi_rank", 0, 0, "mpi_rank(): this member's rank in the world communicator",
                (a, c) -> CmoIntegers.of(world(c).rank()));
        fn(registry, "mpi_size", 0, 0, "mpi_size(): the number of members",
                (a, c) -> CmoIntegers.of(world(c).size()));
        fn(registry, "mpi_send", 2, 4, "mpi_send(Dest, Obj[, Tag[, Mode]]): sends Obj; Mode \"standard\" (default),"
                + " \"buffered\", \"synchronous\" or \"ready\"; returns 0", MpiFunctions::send);
        fn(registry, "mpi_recv", 1, 2, "mpi_recv(Src[, Tag]): the next matching object (Src, Tag -1 = any)",
                (a, c) -> toCmo(recv(a, c, "mpi_recv").payload()));
        fn(registry, "mpi_recv_status", 1, 2, "mpi_recv_status(Src[, Tag]): [Obj, Source, Tag] of the next"
                + " matching message", (a, c) -> {
                    Message m = recv(a, c, "mpi_recv_status");
                    return CmoList.of(toCmo(m.payload()), CmoIntegers.of(m.status().source()),
                            CmoIntegers.of(m.status().tag()));
                });
        fn(registry, "mpi_probe", 1, 2, "mpi_probe(Src[, Tag]): [Source, Tag, Count] of the next matching message,"
                + " which stays queued", MpiFunctions::probe);
        fn(registry, "mpi_sendrecv", 3, 5, "mpi_sendrecv(Dest, Obj, Src[, SendTag[, RecvTag]]): sends Obj to Dest"
                + " and returns the object received from Src, without deadlock", MpiFunctions::sendRecv);
        fn(registry, "mpi_buffer_attach", 1, 1, "mpi_buffer_attach(Bytes): attaches the buffer of buffered sends",
                (a, c) -> {
                    comm(c).attachBuffer(MpiArgs.longInteger(a, 0, "bytes", "mpi_buffer_attach"));
                    return CmoNull.INSTANCE;
                });
        fn(registry, "mpi_buffer_detach", 0, 0, "mpi_buffer_detach(): waits for buffered sends; returns the size",
                (a, c) -> CmoIntegers.of(comm(c).detachBuffer()));
        fn(registry, "mpi_barrier", 0, 0, "mpi_barrier(): returns once every member has entered it",
                (a, c) -> {
                    coll(c).barrier();
                    return CmoNull.INSTANCE;
                });
        fn(registry, "mpi_bcast", 1, 3, "mpi_bcast(Root[, Obj[, Algorithm]]): Root's Obj at every member",
                MpiFunctions::bcast);
        fn(registry, "mpi_reduce", 3, 4, "mpi_reduce(Root, Op, Obj[, Algorithm]): Op over all Objs in rank order"
                + " at Root, 0 elsewhere", MpiFunctions::reduce);
        fn(registry, "mpi_allreduce", 2, 3, "mpi_allreduce(Op, Obj[, Algorithm]): Op over all Objs at every member",
                combining("mpi_allreduce", Collective.ALLREDUCE, (k, v, op, alg) -> alg == null
                        ? k.allreduce(v, op) : k.allreduce(v, op, (Algorithms.Allreduce) alg)));
        fn(registry, "mpi_gather", 2, 3, "mpi_gather(Root, Obj[, Algorithm]): the list of all Objs at Root, 0"
                + " elsewhere", MpiFunctions::gather);
        fn(registry, "mpi_scatter", 1, 3, "mpi_scatter(Root[, List[, Algorithm]]): element r of Root's List at"
                + " rank r", MpiFunctions::scatter);
        fn(registry, "mpi_allgather", 1, 2, "mpi_allgather(Obj[, Algorithm]): the list of all Objs at every member",
                (a, c) -> {
                    Collectives k = coll(c);
                    Payload v = Payload.of(a.get(0));
                    String alg = MpiArgs.algorithm(a, 1, "mpi_allgather");
                    return toList(alg == null ? k.allgather(v)
                            : k.allgather(v, (Algorithms.Allgather) algorithm(k, Collective.ALLGATHER, alg)));
                });
        fn(registry, "mpi_alltoall", 1, 2, "mpi_alltoall(List[, Algorithm]): element j of List goes to rank j;"
                + " returns the list of what each rank sent here", MpiFunctions::alltoall);
        fn(registry, "mpi_scan", 2, 3, "mpi_scan(Op, Obj[, Algorithm]): Op over the Objs of ranks 0..r at rank r",
                combining("mpi_scan", Collective.SCAN, (k, v, op, alg) -> alg == null
                        ? k.scan(v, op) : k.scan(v, op, (Algorithms.Scan) alg)));
        fn(registry, "mpi_exscan", 2, 3, "mpi_exscan(Op, Obj[, Algorithm]): Op over the Objs of ranks 0..r-1 at"
                + " rank r, 0 at rank 0",
                combining("mpi_exscan", Collective.EXSCAN, (k, v, op, alg) -> alg == null
                        ? k.exscan(v, op) : k.exscan(v, op, (Algorithms.Exscan) alg)));
        fn(registry, "mpi_shift", 2, 3, "mpi_shift(Q, Obj[, Algorithm]): circular shift; Obj goes to rank"
                + " (r+Q) mod p, returns the Obj of rank (r-Q) mod p", (a, c) -> {
                    int q = MpiArgs.integer(a, 0, "shift", "mpi_shift");
                    Collectives k = coll(c);
                    Payload v = Payload.of(a.get(1));
                    String alg = MpiArgs.algorithm(a, 2, "mpi_shift");
                    return toCmo(alg == null ? k.shift(v, q)
                            : k.shift(v, q, (Algorithms.QShift) algorithm(k, Collective.QSHIFT, alg)));
                });
        fn(registry, "mpi_ops", 0, 0, "mpi_ops(): the operator names the reductions accept",
                (a, c) -> new CmoList(MpiOps.names(c).stream().map(n -> (Cmo) CmoString.of(n)).toList()));
        fn(registry, "mpi_algorithms", 1, 1, "mpi_algorithms(Collective): the algorithm names of a collective"
                + " (bcast, reduce, allreduce, ...)", (a, c) -> {
                    Collective k = collective(MpiArgs.string(a, 0, "collective", "mpi_algorithms"),
                            "mpi_algorithms");
                    return new CmoList(world(c).collectives().selector().candidates(k).stream()
                            .map(x -> (Cmo) CmoString.of(x.name())).toList());
                });
        fn(registry, "mpi_select", 2, 2, "mpi_select(Collective, Bytes): the algorithm the selector picks for"
                + " this group size and message size (array payloads): measured choices first, else the cost model;"
                + " rank 0's from the first collective on, this server's own before", (a, c) -> {
                    Collective k = collective(MpiArgs.string(a, 0, "collective", "mpi_select"), "mpi_select");
                    long bytes = MpiArgs.longInteger(a, 1, "bytes", "mpi_select");
                    // a query sends nothing, so it never waits for the members to agree
                    Collectives col = world(c).collectives();
                    ReduceOp op = k == Collective.REDUCE || k == Collective.ALLREDUCE || k == Collective.SCAN
                            || k == Collective.EXSCAN ? org.ox4j.mpi.coll.ReduceOps.SUM : null;
                    return CmoString.of(col.selector().select(k, col.communicator().size(), bytes, op, true).name());
                });
        fn(registry, "mpi_calibrate", 0, 2, "mpi_calibrate([MaxBytes[, Reps]]): ping-pong between ranks 0 and 1"
                + " over sizes 0..MaxBytes (default 16 MiB), robust fit of the Hockney and packet models; every"
                + " member installs the better model; returns the table at rank 0", MpiFunctions::calibrate);
        fn(registry, "mpi_cost_model", 0, 0, "mpi_cost_model(): [Kind, Alpha, Beta, Gamma, PacketPayload,"
                + " PacketHeader, MessageByte, Cores, WakeUp, StreamOpen] of the model the collectives select with"
                + " (seconds, seconds per byte; Cores 0: no shared cores)",
                (a, c) -> modelToCmo(mpiWorld(c).model()));
        fn(registry, "mpi_time", 4, 6, "mpi_time(Collective, Algorithm, Bytes, Reps[, MaxSeconds[, WarmUpSeconds]]):"
                + " warms up, runs a collective on long[] payloads Reps times (each after a barrier) and returns at"
                + " rank 0 [Algorithm, T1, ...], each T the slowest member's seconds; 0 elsewhere. With a list of"
                + " algorithms they are timed interleaved, one sample of each per round, and the answer is a list of"
                + " [Algorithm, T1, ...]",
                (a, c) -> CollectiveTimer.run(mpiWorld(c).agreedWorld(), a));
    }

    /** A collective combining every member's Obj with an op: the selector's algorithm (null) or a named one. */
    @FunctionalInterface
    private interface Combining {
        Payload run(Collectives k, Payload v, ReduceOp op, org.ox4j.mpi.coll.CollectiveAlgorithm algorithm);
    }

    /** {@code name(Op, Obj[, Algorithm])}. */
    private static OxFunction combining(String name, Collective which, Combining run) {
        return (a, c) -> {
            ReduceOp op = op(a, 0, c, name);
            Collectives k = coll(c);
            String alg = MpiArgs.algorithm(a, 2, name);
            return toCmo(run.run(k, Payload.of(a.get(1)), op, alg == null ? null : algorithm(k, which, alg)));
        };
    }

    private static void fn(FunctionRegistry registry, String name, int min, int max, String doc, OxFunction f) {
        registry.register(new FunctionSpec(name, min, max, doc, (a, c) -> {
            try {
                return f.apply(a, c);
            } catch (RankFailedException e) {
                // same form as the RFC-102 layer's failures ("rfc102: rank N failed: ..."), so the master's
                // group names the failed rank whichever layer saw it
                throw new PeerFailureException(e.rank(), name + ": " + e.detail(), e);
            } catch (CommException e) {
                String who = e.rank() == CommException.NO_RANK ? "" : " (rank " + e.rank() + ")";
                throw new EvaluationException(name + " : " + e.getMessage() + who, e);
            }
        }));
    }

    // ---- point to point

    private static Cmo send(List<Cmo> a, EvalContext c) {
        Communicator comm = comm(c);
        int dest = MpiArgs.rank(a, 0, comm.size(), "dest", "mpi_send");
        int tag = MpiArgs.integerOr(a, 2, 0, "tag", "mpi_send");
        if (tag < 0) {
            throw new EvaluationException("mpi_send : tag " + tag + " (expected: >= 0)");
        }
        SendMode mode = a.size() > 3 ? mode(MpiArgs.string(a, 3, "mode", "mpi_send")) : SendMode.STANDARD;
        comm.start(Payload.of(a.get(1)), dest, tag, mode).await(mpiWorld(c).timeout());
        return CmoNull.INSTANCE;
    }

    private static SendMode mode(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "standard", "s" -> SendMode.STANDARD;
            case "buffered", "b" -> SendMode.BUFFERED;
            case "synchronous", "ss" -> SendMode.SYNCHRONOUS;
            case "ready", "r" -> SendMode.READY;
            default -> throw new EvaluationException("mpi_send : mode " + name
                    + " (expected: standard, buffered, synchronous or ready)");
        };
    }

    private static Message recv(List<Cmo> a, EvalContext c, String fn) {
        Communicator comm = comm(c);
        int src = MpiArgs.rank(a, 0, comm.size(), "source", fn, ANY);
        int tag = MpiArgs.integerOr(a, 1, ANY, "tag", fn);
        return comm.recv(src, tag < 0 ? Communicator.ANY_TAG : tag, mpiWorld(c).timeout());
    }

    private static Cmo probe(List<Cmo> a, EvalContext c) {
        Communicator comm = comm(c);
        int src = MpiArgs.rank(a, 0, comm.size(), "source", "mpi_probe", ANY);
        int tag = MpiArgs.integerOr(a, 1, ANY, "tag", "mpi_probe");
        Status s = comm.probe(src, tag < 0 ? Communicator.ANY_TAG : tag, mpiWorld(c).timeout());
        return CmoList.of(CmoIntegers.of(s.source()), CmoIntegers.of(s.tag()), CmoIntegers.of(s.count()));
    }

    private static Cmo sendRecv(List<Cmo> a, EvalContext c) {
        Communicator comm = comm(c);
        int dest = MpiArgs.rank(a, 0, comm.size(), "dest", "mpi_sendrecv");
        int src = MpiArgs.rank(a, 2, comm.size(), "source", "mpi_sendrecv", ANY);
        int sendTag = MpiArgs.integerOr(a, 3, 0, "send tag", "mpi_sendrecv");
        int recvTag = MpiArgs.integerOr(a, 4, ANY, "receive tag", "mpi_sendrecv");
        if (sendTag < 0) {
            throw new EvaluationException("mpi_sendrecv : send tag " + sendTag + " (expected: >= 0)");
        }
        Message m = comm.sendRecv(Payload.of(a.get(1)), dest, sendTag, src,
                recvTag < 0 ? Communicator.ANY_TAG : recvTag, mpiWorld(c).timeout());
        return toCmo(m.payload());
    }

    // ---- collectives

    private static Cmo bcast(List<Cmo> a, EvalContext c) {
        Collectives k = coll(c);
        int root = MpiArgs.rank(a, 0, k.communicator().size(), "root", "mpi_bcast");
        boolean isRoot = root == k.communicator().rank();
        if (isRoot && a.size() < 2) {
            throw new EvaluationException("mpi_bcast : the root needs the object argument");
        }
        Payload v = isRoot ? Payload.of(a.get(1)) : null;
        String alg = MpiArgs.algorithm(a, 2, "mpi_bcast");
        return toCmo(alg == null ? k.bcast(v, root)
                : k.bcast(v, root, (Algorithms.Bcast) algorithm(k, Collective.BCAST, alg)));
    }

    private static Cmo reduce(List<Cmo> a, EvalContext c) {
        Collectives k = coll(c);
        int root = MpiArgs.rank(a, 0, k.communicator().size(), "root", "mpi_reduce");
        ReduceOp op = op(a, 1, c, "mpi_reduce");
        Payload v = Payload.of(a.get(2));
        String alg = MpiArgs.algorithm(a, 3, "mpi_reduce");
        return toCmo(alg == null ? k.reduce(v, op, root)
                : k.reduce(v, op, root, (Algorithms.Reduce) algorithm(k, Collective.REDUCE, alg)));
    }

    private static Cmo gather(List<Cmo> a, EvalContext c) {
        Collectives k = coll(c);
        int root = MpiArgs.rank(a, 0, k.communicator().size(), "root", "mpi_gather");
        Payload v = Payload.of(a.get(1));
        String alg = MpiArgs.algorithm(a, 2, "mpi_gather");
        List<Payload> r = alg == null ? k.gather(v, root)
                : k.gather(v, root, (Algorithms.Gather) algorithm(k, Collective.GATHER, alg));
        return r == null ? CmoNull.INSTANCE : toList(r);
    }

    private static Cmo scatter(List<Cmo> a, EvalContext c) {
        Collectives k = coll(c);
        int p = k.communicator().size();
        int root = MpiArgs.rank(a, 0, p, "root", "mpi_scatter");
        List<Payload> blocks = null;
        if (root == k.communicator().rank()) {
            if (a.size() < 2) {
                throw new EvaluationException("mpi_scatter : the root needs the list argument");
            }
            CmoList l = MpiArgs.list(a, 1, "blocks", "mpi_scatter");
            if (l.size() != p) {
                throw new EvaluationException("mpi_scatter : list of " + l.size() + " elements (expected: " + p
                        + ", one per member)");
            }
            blocks = l.elements().stream().map(Payload::of).toList();
        }
        String alg = MpiArgs.algorithm(a, 2, "mpi_scatter");
        return toCmo(alg == null ? k.scatter(blocks, root)
                : k.scatter(blocks, root, (Algorithms.Scatter) algorithm(k, Collective.SCATTER, alg)));
    }

    private static Cmo alltoall(List<Cmo> a, EvalContext c) {
        Collectives k = coll(c);
        int p = k.communicator().size();
        CmoList l = MpiArgs.list(a, 0, "blocks", "mpi_alltoall");
        if (l.size() != p) {
            throw new EvaluationException("mpi_alltoall : list of " + l.size() + " elements (expected: " + p
                    + ", one per member)");
        }
        List<Payload> blocks = l.elements().stream().map(Payload::of).toList();
        String alg = MpiArgs.algorithm(a, 1, "mpi_alltoall");
        return toList(alg == null ? k.alltoall(blocks)
                : k.alltoall(blocks, (Algorithms.Alltoall) algorithm(k, Collective.ALLTOALL, alg)));
    }

    // ---- cost model

    /** At most this long the calibration's warm-up waits for the members' JIT compilers to fall quiet. */
    static final double CALIBRATION_WARM_UP_SECONDS = 10;

    private static Cmo calibrate(List<Cmo> a, EvalContext c) {
        long max = a.isEmpty() ? 16L << 20 : MpiArgs.longInteger(a, 0, "max bytes", "mpi_calibrate");
        int reps = MpiArgs.integerOr(a, 1, 5, "reps", "mpi_calibrate");
        if (max < 0 || max > 64L << 20 || reps < 1) {
            throw new EvaluationException("mpi_calibrate : max bytes " + max + ", reps " + reps
                    + " (expected: 0..67108864 and >= 1)");
        }
        MpiWorld w = mpiWorld(c);
        MpiWorld.World world = w.agreedWorld();
        long[] sizes = Arrays.stream(Calibration.DEFAULT_SIZES).filter(s -> s <= max).toArray();
        // fresh servers: sweep until no member's JIT compiles anything, or the calibration measures the interpreter
        JitWarmUp.run(world.collectives(), () -> Calibration.warmUp(world.comm(), sizes, w.timeout()),
                CALIBRATION_WARM_UP_SECONDS);
        Calibration.Result result = Calibration.calibrate(world.comm(), sizes, reps, w.timeout());
        // the ping-pong measures α, β and γ; the host terms come from refits against collectives and stay
        Payload chosen = result == null ? null : Payload.of(modelToCmo(better(result).withHostTermsOf(w.model())));
        Payload agreed = world.collectives().bcast(chosen, 0,
                (Algorithms.Bcast) world.collectives().selector().byName(Collective.BCAST, "binomial"));
        CostModel m = modelFromCmo(agreed.cmo());
        w.install(m);
        if (result == null) {
            return CmoString.of(m.describe());
        }
        return CmoString.of(result.format() + "installed: " + m.describe() + "\n");
    }

    /** The model with the smaller median relative error over the sizes. */
    static CostModel better(Calibration.Result r) {
        double[] h = r.errors().stream().mapToDouble(e -> Math.abs(e.hockneyRelativeError())).toArray();
        double[] p = r.errors().stream().mapToDouble(e -> Math.abs(e.packetRelativeError())).toArray();
        return median(p) < median(h) ? r.packet() : r.hockney();
    }

    private static double median(double[] v) {
        return v.length == 0 ? 0 : org.ox4j.mpi.cost.RobustFit.median(v);
    }

    /**
     * The list form of a model: [Kind, Alpha, Beta, Gamma, PacketPayload, PacketHeader, MessageByte, Cores, WakeUp,
     * StreamOpen].
     */
    public static Cmo modelToCmo(CostModel m) {
        return CmoList.of(CmoString.of(m.kind().name()), CmoIeeeDouble.of(m.alpha()), CmoIeeeDouble.of(m.beta()),
                CmoIeeeDouble.of(m.gamma()), CmoIntegers.of(m.packetPayload()), CmoIntegers.of(m.packetHeader()),
                CmoIeeeDouble.of(m.messageByte()), CmoIntegers.of(m.cores()), CmoIeeeDouble.of(m.wakeUp()),
                CmoIeeeDouble.of(m.streamOpen()));
    }

    /**
     * Inverse of {@link #modelToCmo}; the six-element form of earlier versions has no host terms, the nine-element
     * one no stream opening.
     */
    public static CostModel modelFromCmo(Cmo c) {
        if (!(c instanceof CmoList l) || (l.size() != 6 && l.size() != 9 && l.size() != 10)
                || !(l.get(0) instanceof CmoString kind)) {
            throw new EvaluationException("cost model: " + c.type()
                    + " (expected: [Kind, Alpha, Beta, Gamma, S, H[, MessageByte, Cores, WakeUp[, StreamOpen]]])");
        }
        boolean host = l.size() >= 9;
        return new CostModel(CostModel.Kind.valueOf(kind.value()), dbl(l.get(1)), dbl(l.get(2)), dbl(l.get(3)),
                integer(l.get(4)), integer(l.get(5)), host ? dbl(l.get(6)) : 0, host ? integer(l.get(7)) : 0,
                host ? dbl(l.get(8)) : 0, l.size() == 10 ? dbl(l.get(9)) : 0);
    }

    private static int integer(Cmo c) {
        return (int) CmoIntegers.value(c).orElseThrow().longValue();
    }

    private static double dbl(Cmo c) {
        if (c instanceof CmoIeeeDouble d) {
            return d.value();
        }
        throw new EvaluationException("cost model: " + c.type() + " (expected: IEEE double)");
    }

    // ---- helpers

    static Collective collective(String name, String fn) {
        return Collective.fromName(name).orElseThrow(() -> new EvaluationException(fn + " : collective " + name
                + " (expected one of: " + Arrays.stream(Collective.values()).map(Collective::propertyName).toList()
                + ")"));
    }

    static org.ox4j.mpi.coll.CollectiveAlgorithm algorithm(Collectives k, Collective which, String name) {
        return k.selector().byName(which, name);
    }

    private static ReduceOp op(List<Cmo> a, int i, EvalContext c, String fn) {
        return MpiOps.resolve(MpiArgs.string(a, i, "operation", fn), c, fn);
    }

    private static MpiWorld mpiWorld(EvalContext c) {
        return c.service(MpiWorld.class)
                .orElseThrow(() -> new EvaluationException("mpi: this server has no peer group"));
    }

    private static MpiWorld.World world(EvalContext c) {
        return mpiWorld(c).world();
    }

    private static Communicator comm(EvalContext c) {
        return world(c).comm();
    }

    /** The collectives of the world, selecting as every member does (see {@link MpiWorld#agreedWorld()}). */
    private static Collectives coll(EvalContext c) {
        return mpiWorld(c).agreedWorld().collectives();
    }

    /** A payload as the value returned to the master: the CMO, 0 (CMO_NULL) for none. */
    static Cmo toCmo(Payload p) {
        if (p == null || p.kind() == Payload.Kind.NONE) {
            return CmoNull.INSTANCE;
        }
        if (p.isArray()) {
            throw new EvaluationException("mpi: an array payload cannot be returned to a master");
        }
        return p.cmo();
    }

    private static Cmo toList(List<Payload> ps) {
        List<Cmo> out = new ArrayList<>(ps.size());
        for (Payload p : ps) {
            out.add(toCmo(p));
        }
        return new CmoList(out);
    }
}
