package org.ox4j.server.mpi;

import java.time.Duration;
import java.util.Objects;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.mpi.coll.CollectiveSelector;
import org.ox4j.mpi.coll.Collectives;
import org.ox4j.mpi.coll.MeasuredChoices;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.mpi.cost.CostModelStore;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.rfc102.PeerGroup;
import org.ox4j.server.rfc102.PeerGroupTransport;

/**
 * The world communicator of one server's RFC-102 peer group, created lazily on the first {@code mpi_*} call and
 * again whenever {@code SM_set_rank_102} has changed the group's size or this member's rank, plus the cost model and
 * measured choices its collectives select algorithms with: this server's stored ones at start-up, rank 0's from the
 * world's first collective on ({@link SelectionInputs}), replaced by {@code mpi_calibrate}.
 */
public final class MpiWorld {
    private static final Logger LOG = LogManager.getLogger();

    /** The current communicator and its collectives, for one (size, rank). */
    public record World(int size, int rank, Communicator comm, Collectives collectives) {
    }

    private final PeerGroup group;
    /** This server's own at start-up, rank 0's once a world has agreed. */
    private MeasuredChoices measured = initialChoices();
    private CostModel model;
    private World current;
    /** Whether the members of {@link #current} select with rank 0's inputs yet. */
    private boolean agreed;

    /** A world over {@code group}'s links, with the model of {@link CostModelStore#loadOrDefault()}. */
    public MpiWorld(PeerGroup group) {
        this(group, initialModel());
    }

    public MpiWorld(PeerGroup group, CostModel model) {
        this.group = Objects.requireNonNull(group, "group");
        this.model = Objects.requireNonNull(model, "model");
    }

    private static CostModel initialModel() {
        try {
            return CostModelStore.loadOrDefault();
        } catch (IllegalStateException e) {
            LOG.warn("mpi: {}; using the default cost model", e.getMessage());
            return CostModel.DEFAULT;
        }
    }

    private static MeasuredChoices initialChoices() {
        try {
            return MeasuredChoices.configured();
        } catch (IllegalStateException e) {
            LOG.warn("mpi: {}; selecting by the cost model alone", e.getMessage());
            return MeasuredChoices.NONE;
        }
    }

    /** The world for the group's current size and rank; {@link EvaluationException} before SM_set_rank_102. */
    public synchronized World world() {
        int size = group.size();
        int rank = group.rank();
        if (size <= 0) {
            throw new EvaluationException("mpi: rank not set (expected: SM_set_rank_102 and the links first)");
        }
        if (current == null || current.size() != size || current.rank() != rank) {
            Communicator comm = Communicator.world(new PeerGroupTransport(group));
            current = new World(size, rank, comm, collectives(comm));
            agreed = size == 1;
            LOG.info("mpi: world communicator rank {} of {}", rank, size);
        }
        return current;
    }

    /**
     * The world, its members selecting with rank 0's cost model and measured choices: a collective call the first
     * time for a world (one small allgather), every member must make it, as every collective's first
     * step. Queries that send nothing ({@code mpi_rank}, {@code mpi_select}) use {@link #world()} and so never wait.
     */
    public synchronized World agreedWorld() {
        World w = world();
        if (!agreed) {
            SelectionInputs in = SelectionInputs.agree(w.collectives(),
                    new SelectionInputs(onThisHost(model), measured));
            model = in.model();
            measured = in.measured();
            reselect();
            agreed = true;
            LOG.info("mpi: selecting with rank 0's cost model {} and {} measured choices", model.describe(),
                    measured.choices().size());
        }
        return current;
    }

    /**
     * {@code m}, or where it names no cores and every member is linked over loopback, {@code m} sharing this host's
     * cores: eight ranks on two cores select other algorithms than eight hosts do (CostModel#onSharedCores). Only rank
     * 0's contribution to the agreement counts; a rank 0 without a link to some member keeps its model as it is.
     */
    private CostModel onThisHost(CostModel m) {
        if (m.cores() != 0 || !group.allPeersOnThisHost()) {
            return m;
        }
        return m.sharingCores(Runtime.getRuntime().availableProcessors());
    }

    /** The current world with a selector of the current inputs; its communicator keeps its matching state. */
    private void reselect() {
        current = new World(current.size(), current.rank(), current.comm(), collectives(current.comm()));
    }

    private Collectives collectives(Communicator comm) {
        return new Collectives(comm, CollectiveSelector.standard(model, measured), timeout());
    }

    /** Per-message wait limit of blocking calls: the group's RFC-102 timeout. */
    public Duration timeout() {
        return group.timeout();
    }

    /** The model the collectives select with. */
    public synchronized CostModel model() {
        return model;
    }

    /**
     * Replaces the model; the current communicator keeps its matching state and gets a new selector. Every rank
     * must install the same model (selection must agree), which {@code mpi_calibrate} ensures by broadcasting it.
     */
    public synchronized void install(CostModel m) {
        model = Objects.requireNonNull(m, "model");
        if (current != null) {
            reselect();
        }
        LOG.info("mpi: cost model {}", m.describe());
    }
}
