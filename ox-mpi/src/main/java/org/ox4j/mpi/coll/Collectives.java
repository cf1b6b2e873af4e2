package org.ox4j.mpi.coll;

import java.time.Duration;
import java.util.List;
import org.ox4j.cmo.CmoString;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModelStore;

/**
 * Collective operations on a {@link Communicator}; every rank must call the same collectives in the same order.
 * Each call picks its algorithm with a {@link CollectiveSelector}; the {@code (…, algorithm)} overloads run a
 * given one.
 *
 * <p>Selection uses only what every rank knows, so all ranks pick alike: the group size, the op, and the
 * payload size when it is an array (MPI requires equal counts); CMO payloads may differ in size between ranks,
 * so they are selected at the nominal size {@link #CMO_NOMINAL_BYTES}. Broadcast is the exception: only the
 * root knows the payload, so (unless forced) the root picks and announces the algorithm down a binomial tree,
 * carrying the data inline when binomial wins (small messages pay nothing extra).
 */
public final class Collectives {
    /** Size assumed for CMO payloads when selecting algorithms. */
    public static final long CMO_NOMINAL_BYTES = 1024;

    private final Communicator comm;
    private final CollectiveSelector selector;
    private final Duration timeout;

    /** Collectives with the stored (or default) cost model and no timeout. */
    public Collectives(Communicator comm) {
        this(comm, CollectiveSelector.standard(CostModelStore.loadOrDefault()), null);
    }

    /** @param timeout per-message wait limit inside collectives, or null to wait indefinitely */
    public Collectives(Communicator comm, CollectiveSelector selector, Duration timeout) {
        this.comm = comm;
        this.selector = selector;
        this.timeout = timeout;
    }

    public Communicator communicator() {
        return comm;
    }

    public CollectiveSelector selector() {
        return selector;
    }

    private CollChannel channel() {
        return CollChannel.open(comm, timeout);
    }

    private static long sizeOf(Payload v) {
        return v != null && v.isArray() ? v.byteSize() : CMO_NOMINAL_BYTES;
    }

    private static boolean arrays(Payload v) {
        return v != null && v.isArray();
    }

    private int p() {
        return comm.size();
    }

    public void barrier() {
        barrier((Algorithms.Barrier) selector.select(Collective.BARRIER, p(), 0, null, false));
    }

    public void barrier(Algorithms.Barrier a) {
        a.barrier(channel());
    }

    /** Broadcast from {@code root}; non-roots pass null. */
    public Payload bcast(Payload value, int root) {
        checkRoot(root);
        CollChannel ch = channel();
        CollectiveAlgorithm forced = selector.forced(Collective.BCAST);
        if (forced != null) {
            return ((Algorithms.Bcast) forced).bcast(ch, value, root);
        }
        CollChannel announce = ch.phase(3);
        if (comm.rank() == root) {
            if (value == null) {
                throw new CommException("bcast: the root must pass a value (expected: non-null payload at rank "
                        + root + ")");
            }
            Algorithms.Bcast a = (Algorithms.Bcast) selector.cheapest(Collective.BCAST, p(), value.byteSize(), null,
                    Blocks.isSplittable(value));
            Payload name = Payload.of(CmoString.of(a.name()));
            if (a instanceof BcastBinomial) {
                BcastBinomial.INSTANCE.bcast(announce, Blocks.pack(List.of(name, value)), root);
                return value;
            }
            BcastBinomial.INSTANCE.bcast(announce, Blocks.pack(List.of(name)), root);
            return a.bcast(ch, value, root);
        }
        List<Payload> header = Blocks.unpack(BcastBinomial.INSTANCE.bcast(announce, null, root));
        if (header.size() == 2) {
            return header.get(1);
        }
        String name = ((CmoString) header.get(0).cmo()).value();
        return ((Algorithms.Bcast) selector.byName(Collective.BCAST, name)).bcast(ch, null, root);
    }

    public Payload bcast(Payload value, int root, Algorithms.Bcast a) {
        checkRoot(root);
        return a.bcast(channel(), value, root);
    }

    /**
     * MPI_Bcast into buffers: every rank passes an array of the same kind and length; the root's is sent and the
     * others' are overwritten. As the size is known everywhere, each rank picks the algorithm itself (no
     * announcement) and nothing is allocated for the result.
     */
    public void bcastInto(Payload buffer, int root) {
        checkBuffer(buffer, "bcast");
        bcastInto(buffer, root,
                (Algorithms.Bcast) selector.select(Collective.BCAST, p(), buffer.byteSize(), null, true));
    }

    public void bcastInto(Payload buffer, int root, Algorithms.Bcast a) {
        checkRoot(root);
        checkBuffer(buffer, "bcast");
        a.bcastInto(channel(), buffer, root);
    }

    /**
     * MPI_Reduce into a receive buffer: op over every rank's array, into {@code result} (an array of the kind and
     * length of {@code value}) at the root; other ranks pass null.
     */
    public void reduceInto(Payload value, Payload result, ReduceOp op, int root) {
        checkBuffer(value, "reduce");
        reduceInto(value, result, op, root,
                (Algorithms.Reduce) selector.select(Collective.REDUCE, p(), value.byteSize(), op, true));
    }

    public void reduceInto(Payload value, Payload result, ReduceOp op, int root, Algorithms.Reduce a) {
        checkRoot(root);
        checkOp(a, op);
        checkBuffer(value, "reduce");
        if (comm.rank() == root && !value.sameArrayShape(result)) {
            throw new CommException("reduce: the root's receive buffer " + result + " does not match its value "
                    + value + " (expected: an array of the same kind and length)");
        }
        a.reduceInto(channel(), value, result, op, root);
    }

    private static void checkBuffer(Payload buffer, String what) {
        if (buffer == null || !buffer.isArray()) {
            throw new CommException(what + ": a buffer must be an array payload, not " + buffer);
        }
    }

    /** op over all values in rank order, at {@code root}; null elsewhere. */
    public Payload reduce(Payload value, ReduceOp op, int root) {
        return reduce(value, op, root,
                (Algorithms.Reduce) selector.select(Collective.REDUCE, p(), sizeOf(value), op, arrays(value)));
    }

    public Payload reduce(Payload value, ReduceOp op, int root, Algorithms.Reduce a) {
        checkRoot(root);
        checkOp(a, op);
        return a.reduce(channel(), value, op, root);
    }

    public Payload allreduce(Payload value, ReduceOp op) {
        return allreduce(value, op,
                (Algorithms.Allreduce) selector.select(Collective.ALLREDUCE, p(), sizeOf(value), op, arrays(value)));
    }

    public Payload allreduce(Payload value, ReduceOp op, Algorithms.Allreduce a) {
        checkOp(a, op);
        return a.allreduce(channel(), value, op);
    }

    /**
     * MPI_Allreduce into a receive buffer: op over every rank's array, into {@code result} (an array of the kind
     * and length of {@code value}, not the value's own) on every rank. A run of large allreduces then allocates
     * nothing per call for its results (algorithms that cannot fill the buffer directly copy into it).
     */
    public void allreduceInto(Payload value, Payload result, ReduceOp op) {
        checkBuffer(value, "allreduce");
        allreduceInto(value, result, op,
                (Algorithms.Allreduce) selector.select(Collective.ALLREDUCE, p(), value.byteSize(), op, true));
    }

    public void allreduceInto(Payload value, Payload result, ReduceOp op, Algorithms.Allreduce a) {
        checkOp(a, op);
        checkResult(value, result, "allreduce");
        a.allreduceInto(channel(), value, result, op);
    }

    /** MPI_Scan into a receive buffer, as {@link #allreduceInto}: this rank's prefix into {@code result}. */
    public void scanInto(Payload value, Payload result, ReduceOp op) {
        checkBuffer(value, "scan");
        scanInto(value, result, op, (Algorithms.Scan) selector.select(Collective.SCAN, p(), value.byteSize(), op,
                false));
    }

    public void scanInto(Payload value, Payload result, ReduceOp op, Algorithms.Scan a) {
        checkOp(a, op);
        checkResult(value, result, "scan");
        a.scanInto(channel(), value, result, op);
    }

    /**
     * MPI_Allgather into receive buffers: rank j's value into {@code results.get(j)}, p arrays of the kind and
     * length of {@code value} (none of them the value's own).
     */
    public void allgatherInto(Payload value, List<Payload> results) {
        checkBuffer(value, "allgather");
        allgatherInto(value, results, (Algorithms.Allgather) selector.select(Collective.ALLGATHER, p(),
                value.byteSize() * p(), null, false));
    }

    public void allgatherInto(Payload value, List<Payload> results, Algorithms.Allgather a) {
        checkBuffers(results, "allgather");
        for (Payload r : results) {
            checkResult(value, r, "allgather");
        }
        a.allgatherInto(channel(), value, results);
    }

    /**
     * MPI_Alltoall into receive buffers: the block rank j sends here into {@code results.get(j)} (p arrays, each
     * of the kind and length of the block it takes; this rank's own block is copied into its own).
     */
    public void alltoallInto(List<Payload> blocks, List<Payload> results) {
        long bytes = blocks.stream().mapToLong(Collectives::sizeOf).sum();
        alltoallInto(blocks, results,
                (Algorithms.Alltoall) selector.select(Collective.ALLTOALL, p(), bytes, null, false));
    }

    public void alltoallInto(List<Payload> blocks, List<Payload> results, Algorithms.Alltoall a) {
        checkBuffers(results, "alltoall");
        if (blocks.size() != p()) {
            throw new CommException("alltoall: " + blocks.size() + " blocks (expected: " + p() + ")");
        }
        for (Payload b : blocks) {
            checkBuffer(b, "alltoall");
            for (Payload r : results) {
                if (r.sameMemory(b)) {
                    throw new CommException("alltoall: a receive buffer is also a block sent " + b);
                }
            }
        }
        checkResult(blocks.get(comm.rank()), results.get(comm.rank()), "alltoall");
        a.alltoallInto(channel(), blocks, results);
    }

    /** A receive buffer for {@code value}: an array of the same kind and length, and not the value's own. */
    private static void checkResult(Payload value, Payload result, String what) {
        if (!value.sameArrayShape(result)) {
            throw new CommException(what + ": the receive buffer " + result + " does not match the value " + value
                    + " (expected: an array of the same kind and length)");
        }
        if (value.sameMemory(result)) {
            throw new CommException(what + ": the receive buffer is the value itself (in place is not supported; "
                    + "expected: a buffer of its own)");
        }
    }

    /** p receive buffers, each an array. */
    private void checkBuffers(List<Payload> results, String what) {
        if (results == null || results.size() != p()) {
            throw new CommException(what + ": " + (results == null ? "no" : results.size()) + " receive buffers"
                    + " (expected: " + p() + ")");
        }
        for (Payload r : results) {
            checkBuffer(r, what);
        }
    }

    /** Every rank's value at {@code root} in rank order; null elsewhere. */
    public List<Payload> gather(Payload value, int root) {
        return gather(value, root, (Algorithms.Gather) selector.select(Collective.GATHER, p(),
                sizeOf(value) * p(), null, false));
    }

    public List<Payload> gather(Payload value, int root, Algorithms.Gather a) {
        checkRoot(root);
        return a.gather(channel(), value, root);
    }

    /** Root's {@code blocks.get(i)} to rank i (non-roots pass null). Selected by group size only. */
    public Payload scatter(List<Payload> blocks, int root) {
        return scatter(blocks, root, (Algorithms.Scatter) selector.select(Collective.SCATTER, p(),
                CMO_NOMINAL_BYTES * p(), null, false));
    }

    public Payload scatter(List<Payload> blocks, int root, Algorithms.Scatter a) {
        checkRoot(root);
        return a.scatter(channel(), blocks, root);
    }

    public List<Payload> allgather(Payload value) {
        return allgather(value, (Algorithms.Allgather) selector.select(Collective.ALLGATHER, p(),
                sizeOf(value) * p(), null, false));
    }

    public List<Payload> allgather(Payload value, Algorithms.Allgather a) {
        return a.allgather(channel(), value);
    }

    /** Block j to rank j; returns the blocks received, indexed by source. */
    public List<Payload> alltoall(List<Payload> blocks) {
        boolean arrays = blocks.stream().allMatch(Payload::isArray);
        long bytes = arrays ? blocks.stream().mapToLong(Payload::byteSize).sum() : CMO_NOMINAL_BYTES * p();
        return alltoall(blocks, (Algorithms.Alltoall) selector.select(Collective.ALLTOALL, p(), bytes, null, false));
    }

    public List<Payload> alltoall(List<Payload> blocks, Algorithms.Alltoall a) {
        return a.alltoall(channel(), blocks);
    }

    public Payload scan(Payload value, ReduceOp op) {
        return scan(value, op, (Algorithms.Scan) selector.select(Collective.SCAN, p(), sizeOf(value), op, false));
    }

    public Payload scan(Payload value, ReduceOp op, Algorithms.Scan a) {
        checkOp(a, op);
        return a.scan(channel(), value, op);
    }

    /** Exclusive prefix; null at rank 0. */
    public Payload exscan(Payload value, ReduceOp op) {
        return exscan(value, op,
                (Algorithms.Exscan) selector.select(Collective.EXSCAN, p(), sizeOf(value), op, false));
    }

    public Payload exscan(Payload value, ReduceOp op, Algorithms.Exscan a) {
        checkOp(a, op);
        return a.exscan(channel(), value, op);
    }

    /** Circular shift: this rank's value goes to (rank + q) mod p; returns the value from (rank − q) mod p. */
    public Payload shift(Payload value, int q) {
        return shift(value, q, (Algorithms.QShift) selector.select(Collective.QSHIFT, p(), sizeOf(value), null,
                false));
    }

    public Payload shift(Payload value, int q, Algorithms.QShift a) {
        return a.shift(channel(), value, q);
    }

    private void checkRoot(int root) {
        if (root < 0 || root >= p()) {
            throw new CommException("root: " + root + " (expected: 0.." + (p() - 1) + ")");
        }
    }

    private static void checkOp(CollectiveAlgorithm a, ReduceOp op) {
        if (!a.supports(op)) {
            throw new CommException(a.collective().propertyName() + " algorithm " + a.name() + " cannot run op "
                    + op.name() + (op.isCommutative() ? "" : " (not commutative)"));
        }
    }
}
