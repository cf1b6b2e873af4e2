package org.ox4j.mpi.topo;

import java.util.List;

/**
 * A communication schedule as data: which rank sends which blocks to which partner in which step. Steps are
 * numbered from 1; in one step every rank sends at most one message and receives at most one (one-port).
 * For all-to-all broadcast a send copies its blocks; for total exchange and q-shift it moves them.
 *
 * @param name      e.g. "ring allgather"
 * @param kind      what the schedule accomplishes
 * @param size      number of ranks
 * @param steps     number of steps
 * @param transfers every message, ordered by step
 */
public record Schedule(String name, Kind kind, int size, int steps, List<Transfer> transfers) {
    /** What a schedule does. */
    public enum Kind {
        /** All-to-all broadcast (allgather): blocks (r, ALL) end up everywhere. */
        ALLGATHER,
        /** Total exchange (all-to-all personalised): block (o, d) ends at d. */
        TOTAL_EXCHANGE,
        /** Circular q-shift: the block of ring position i ends at position i + q. */
        QSHIFT
    }

    public Schedule {
        transfers = List.copyOf(transfers);
    }

    /** A block of data: its origin rank and destination rank ({@link #ALL} for broadcast blocks). */
    public record Block(int origin, int dest) {
        /** Destination of a block meant for every rank. */
        public static final int ALL = -1;
    }

    /** One message. */
    public record Transfer(int step, int from, int to, List<Block> blocks) {
        public Transfer {
            blocks = List.copyOf(blocks);
        }
    }

    /** The messages {@code rank} sends, in step order. */
    public List<Transfer> sendsOf(int rank) {
        return transfers.stream().filter(t -> t.from() == rank).toList();
    }

    /** The messages {@code rank} receives, in step order. */
    public List<Transfer> receivesOf(int rank) {
        return transfers.stream().filter(t -> t.to() == rank).toList();
    }
}
