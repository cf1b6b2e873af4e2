package org.ox4j.mpi.coll;

import java.util.List;
import org.ox4j.mpi.comm.Payload;

/** The algorithm interfaces, one per collective, with each result's convention. */
public final class Algorithms {
    private Algorithms() {
    }

    /** Copies each payload of {@code got} into the receive buffer at the same index. */
    static void copyEach(List<Payload> got, List<Payload> results) {
        for (int j = 0; j < got.size(); j++) {
            got.get(j).copyTo(results.get(j));
        }
    }

    /** Everyone synchronises. */
    public interface Barrier extends CollectiveAlgorithm {
        void barrier(CollChannel ch);

        @Override
        default Collective collective() {
            return Collective.BARRIER;
        }
    }

    /** Root's value to everyone; non-roots pass anything (ignored) and get the root's value. */
    public interface Bcast extends CollectiveAlgorithm {
        Payload bcast(CollChannel ch, Payload value, int root);

        /**
         * MPI_Bcast: every rank holds an array buffer of the same kind and length; the root's is sent and every
         * other rank's is overwritten with it. Here through {@link #bcast} and a copy; algorithms that can write
         * straight into the buffer override it.
         */
        default void bcastInto(CollChannel ch, Payload buffer, int root) {
            boolean isRoot = ch.rank() == root;
            Payload got = bcast(ch, isRoot ? buffer : null, root);
            if (!isRoot) {
                got.copyTo(buffer);
            }
        }

        @Override
        default Collective collective() {
            return Collective.BCAST;
        }
    }

    /** op over all ranks' values in rank order, at the root; null elsewhere. */
    public interface Reduce extends CollectiveAlgorithm {
        Payload reduce(CollChannel ch, Payload value, ReduceOp op, int root);

        /**
         * MPI_Reduce with a receive buffer: the result goes into {@code result} (an array like {@code value}) at the
         * root; other ranks pass null. Here through {@link #reduce} and a copy (of a value in direct memory into a
         * Java array first, which the reductions read); algorithms that can combine straight into the buffer override
         * it.
         */
        default void reduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op, int root) {
            Payload got = reduce(ch, value.onHeap(), op, root);
            if (ch.rank() == root) {
                got.copyTo(result);
            }
        }

        @Override
        default Collective collective() {
            return Collective.REDUCE;
        }
    }

    /** op over all ranks' values in rank order, everywhere. */
    public interface Allreduce extends CollectiveAlgorithm {
        Payload allreduce(CollChannel ch, Payload value, ReduceOp op);

        /**
         * MPI_Allreduce with a receive buffer: the result goes into {@code result} (an array like {@code value}) on
         * every rank. Here through {@link #allreduce} and a copy (and one of a value in direct memory into a Java
         * array first); algorithms that can combine straight into the buffer override it.
         */
        default void allreduceInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
            allreduce(ch, value.onHeap(), op).copyTo(result);
        }

        @Override
        default Collective collective() {
            return Collective.ALLREDUCE;
        }
    }

    /** Every rank's value, in rank order, at the root; null elsewhere. */
    public interface Gather extends CollectiveAlgorithm {
        List<Payload> gather(CollChannel ch, Payload value, int root);

        @Override
        default Collective collective() {
            return Collective.GATHER;
        }
    }

    /** Root's block i to rank i; non-roots pass null. */
    public interface Scatter extends CollectiveAlgorithm {
        Payload scatter(CollChannel ch, List<Payload> blocks, int root);

        @Override
        default Collective collective() {
            return Collective.SCATTER;
        }
    }

    /** Every rank's value, in rank order, everywhere. */
    public interface Allgather extends CollectiveAlgorithm {
        List<Payload> allgather(CollChannel ch, Payload value);

        /**
         * MPI_Allgather with receive buffers: rank j's value goes into {@code results.get(j)} (p arrays of the
         * value's kind and length; this rank's own into its own). Here through {@link #allgather} and copies;
         * algorithms that receive straight into the buffers override it.
         */
        default void allgatherInto(CollChannel ch, Payload value, List<Payload> results) {
            copyEach(allgather(ch, value), results);
        }

        @Override
        default Collective collective() {
            return Collective.ALLGATHER;
        }
    }

    /** Block j of rank i goes to rank j, arriving as block i. */
    public interface Alltoall extends CollectiveAlgorithm {
        List<Payload> alltoall(CollChannel ch, List<Payload> blocks);

        /**
         * MPI_Alltoall with receive buffers: the block rank j sends here goes into {@code results.get(j)} (p
         * arrays, each of the kind and length of the block it takes). Here through {@link #alltoall} and copies;
         * algorithms that receive straight into the buffers override it.
         */
        default void alltoallInto(CollChannel ch, List<Payload> blocks, List<Payload> results) {
            copyEach(alltoall(ch, blocks), results);
        }

        @Override
        default Collective collective() {
            return Collective.ALLTOALL;
        }
    }

    /** Inclusive prefix: rank r gets op(v0, ..., vr). */
    public interface Scan extends CollectiveAlgorithm {
        Payload scan(CollChannel ch, Payload value, ReduceOp op);

        /**
         * MPI_Scan with a receive buffer: this rank's prefix goes into {@code result} (an array like {@code
         * value}). Here through {@link #scan} and a copy (and one of a value in direct memory into a Java array
         * first); algorithms that combine straight into the buffer override it.
         */
        default void scanInto(CollChannel ch, Payload value, Payload result, ReduceOp op) {
            scan(ch, value.onHeap(), op).copyTo(result);
        }

        @Override
        default Collective collective() {
            return Collective.SCAN;
        }
    }

    /** Exclusive prefix: rank r gets op(v0, ..., v(r-1)); null at rank 0. */
    public interface Exscan extends CollectiveAlgorithm {
        Payload exscan(CollChannel ch, Payload value, ReduceOp op);

        @Override
        default Collective collective() {
            return Collective.EXSCAN;
        }
    }

    /** Circular q-shift: rank r's value goes to rank (r + q) mod p. */
    public interface QShift extends CollectiveAlgorithm {
        Payload shift(CollChannel ch, Payload value, int q);

        @Override
        default Collective collective() {
            return Collective.QSHIFT;
        }
    }
}
