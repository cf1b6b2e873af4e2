package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.cost.CostModel;

/**
 * Picks, per (collective, group size, message size), the algorithm measured fastest on this machine where
 * {@link MeasuredChoices} has a measurement close enough, else the registered algorithm with the lowest predicted
 * time under a {@link CostModel}. System property {@code ox.coll.<collective>.algorithm=<name>} forces one (it must
 * be set alike on every rank; an unknown name or one that cannot run the given op is an error).
 */
public final class CollectiveSelector {
    private final CostModel model;
    private final MeasuredChoices measured;
    private final Map<Collective, List<CollectiveAlgorithm>> candidates = new EnumMap<>(Collective.class);
    /**
     * {@link #cheapest}'s answers. Why: a collective asks on every call, and weighing every candidate's formula (and
     * the measured choices) cost a few per cent of a busy member's CPU in a run of small collectives; the answer
     * only changes with {@link #register}. Emptied when it reaches {@link #MEMO_LIMIT} entries (message sizes of an
     * application may be many).
     */
    private final Map<Question, CollectiveAlgorithm> answers = new ConcurrentHashMap<>();
    private static final int MEMO_LIMIT = 4096;

    /** What decides {@link #cheapest}: the op matters only by the two properties algorithms ask of it. */
    private record Question(Collective collective, int p, long bytes, int opKind, boolean splittable) {
        static Question of(Collective c, int p, long bytes, ReduceOp op, boolean splittable) {
            int opKind = op == null ? 0 : 1 + (op.isCommutative() ? 1 : 0) + (op.combinesSlicesInAnyOrder() ? 2 : 0);
            return new Question(c, p, bytes, opKind, splittable);
        }
    }

    private CollectiveSelector(CostModel model, MeasuredChoices measured) {
        this.model = model;
        this.measured = measured;
    }

    /**
     * Every algorithm of this package, predicted with {@code model}, with the measured choices of system property
     * {@value MeasuredChoices#FILE_PROPERTY} if it is set.
     */
    public static CollectiveSelector standard(CostModel model) {
        return standard(model, MeasuredChoices.fromSystemProperty());
    }

    /** Every algorithm of this package, preferring {@code measured} to the predictions of {@code model}. */
    public static CollectiveSelector standard(CostModel model, MeasuredChoices measured) {
        CollectiveSelector s = new CollectiveSelector(model, measured);
        s.register(BarrierLinear.INSTANCE);
        s.register(BarrierDissemination.INSTANCE);
        s.register(BcastLinear.INSTANCE);
        s.register(BcastBinomial.INSTANCE);
        s.register(BcastScatterAllgather.INSTANCE);
        s.register(BcastPipelinedChain.withModel(model));
        s.register(BcastStreamedChain.INSTANCE);
        s.register(ReduceLinear.INSTANCE);
        s.register(ReduceBinomial.INSTANCE);
        s.register(ReduceInOrder.INSTANCE);
        s.register(ReduceStreamedChain.INSTANCE);
        s.register(AllreduceRecursiveDoubling.INSTANCE);
        s.register(AllreduceRabenseifner.INSTANCE);
        s.register(AllreduceRing.INSTANCE);
        s.register(AllreduceReduceBcast.INSTANCE);
        s.register(AllreduceReduceBcast.LINEAR);
        s.register(AllreduceReduceBcast.LINEAR_LINEAR);
        s.register(AllreduceStreamedRing.INSTANCE);
        s.register(GatherLinear.INSTANCE);
        s.register(GatherBinomial.INSTANCE);
        s.register(ScatterLinear.INSTANCE);
        s.register(ScatterBinomial.INSTANCE);
        s.register(AllgatherRing.INSTANCE);
        s.register(AllgatherLinear.INSTANCE);
        s.register(AllgatherGatherBcast.INSTANCE);
        s.register(AllgatherGatherBcast.LINEAR);
        s.register(AllgatherRecursiveDoubling.INSTANCE);
        s.register(AllgatherBruck.INSTANCE);
        s.register(AllgatherTorus.INSTANCE);
        s.register(AllgatherStreamedRing.INSTANCE);
        s.register(AlltoallPairwise.INSTANCE);
        s.register(AlltoallLinear.INSTANCE);
        s.register(AlltoallBruck.INSTANCE);
        s.register(AlltoallTorus.INSTANCE);
        s.register(AlltoallGatherScatter.INSTANCE);
        s.register(AlltoallStreamed.INSTANCE);
        s.register(ScanLinear.INSTANCE);
        s.register(ScanRecursiveDoubling.INSTANCE);
        s.register(ScanStreamedChain.INSTANCE);
        s.register(ExscanLinear.INSTANCE);
        s.register(ExscanRecursiveDoubling.INSTANCE);
        s.register(ExscanStreamedChain.INSTANCE);
        s.register(QShiftDirect.INSTANCE);
        s.register(QShiftRing.INSTANCE);
        return s;
    }

    /** Adds an algorithm (replacing one of the same name). */
    public void register(CollectiveAlgorithm a) {
        List<CollectiveAlgorithm> l = candidates.computeIfAbsent(a.collective(), k -> new ArrayList<>());
        l.removeIf(x -> x.name().equals(a.name()));
        l.add(a);
        answers.clear();
    }

    public CostModel model() {
        return model;
    }

    /** The registered algorithms of {@code c}, in registration order (ties go to the earlier one). */
    public List<CollectiveAlgorithm> candidates(Collective c) {
        return List.copyOf(candidates.getOrDefault(c, List.of()));
    }

    /** The algorithm named {@code name}; {@link CommException} listing the choices if unknown. */
    public CollectiveAlgorithm byName(Collective c, String name) {
        for (CollectiveAlgorithm a : candidates(c)) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        throw new CommException(c.forceProperty() + ": " + name + " (expected one of: "
                + candidates(c).stream().map(CollectiveAlgorithm::name).toList() + ")");
    }

    /** The forced algorithm, if the system property names one. */
    public CollectiveAlgorithm forced(Collective c) {
        String name = System.getProperty(c.forceProperty());
        return name == null || name.isBlank() ? null : byName(c, name.trim());
    }

    /**
     * The algorithm to run: the forced one, else the cheapest applicable one.
     *
     * @param op         reduce op, or null for non-reducing collectives
     * @param splittable whether the payload can be cut (arrays, lists); splitting algorithms need it to gain
     */
    public CollectiveAlgorithm select(Collective c, int p, long bytes, ReduceOp op, boolean splittable) {
        CollectiveAlgorithm f = forced(c);
        if (f != null) {
            if (op != null && !f.supports(op)) {
                throw new CommException(c.forceProperty() + "=" + f.name() + " cannot run op " + op.name()
                        + (op.isCommutative() ? "" : " (not commutative)"));
            }
            return f;
        }
        return cheapest(c, p, bytes, op, splittable);
    }

    /**
     * The cheapest applicable algorithm, ignoring the force property: the measured fastest where there is a
     * measurement (and it can run this op and payload), else the model's.
     */
    public CollectiveAlgorithm cheapest(Collective c, int p, long bytes, ReduceOp op, boolean splittable) {
        Question q = Question.of(c, p, bytes, op, splittable);
        CollectiveAlgorithm known = answers.get(q);
        if (known != null) {
            return known;
        }
        if (answers.size() >= MEMO_LIMIT) {
            answers.clear();
        }
        CollectiveAlgorithm a = weigh(c, p, bytes, op, splittable);
        answers.put(q, a);
        return a;
    }

    private CollectiveAlgorithm weigh(Collective c, int p, long bytes, ReduceOp op, boolean splittable) {
        Optional<CollectiveAlgorithm> fastest = measured.algorithm(c, p, bytes)
                .flatMap(name -> candidates(c).stream().filter(a -> a.name().equals(name)).findFirst())
                .filter(a -> applicable(a, op, splittable));
        return fastest.orElseGet(() -> predictedCheapest(c, p, bytes, op, splittable));
    }

    private static boolean applicable(CollectiveAlgorithm a, ReduceOp op, boolean splittable) {
        return (op == null || a.supports(op)) && (!a.splitsPayload() || splittable);
    }

    /** {@code a}'s predicted time on {@code p} ranks, the model's contention for p included. */
    public double predict(CollectiveAlgorithm a, int p, long bytes) {
        return a.predictOnHost(model, p, bytes);
    }

    private CollectiveAlgorithm predictedCheapest(Collective c, int p, long bytes, ReduceOp op, boolean splittable) {
        CollectiveAlgorithm best = null;
        double bestTime = Double.POSITIVE_INFINITY;
        for (CollectiveAlgorithm a : candidates(c)) {
            if (!applicable(a, op, splittable)) {
                continue;
            }
            double t = a.predictOnHost(model, p, bytes);
            if (t < bestTime) {
                best = a;
                bestTime = t;
            }
        }
        if (best == null) {
            throw new CommException("no algorithm for " + c.propertyName());
        }
        return best;
    }
}
