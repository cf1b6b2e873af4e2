package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;

/**
 * Alltoall through rank 0: every rank sends rank 0 the p − 1 blocks it has for the others, packed into one message
 * (a linear gather); rank 0 regroups them by destination and sends every rank the p − 1 blocks meant for it, packed
 * into one message (a linear scatter). Every rank but 0 sends one message and receives one.
 *
 * <p>Why: where ranks outnumber cores a message costs its sender and its receiver a turn on a core each, tens of
 * microseconds, and this is the fewest messages an alltoall can make: 2(p − 1), against p⌈lg p⌉ for Bruck's and
 * p(p − 1) for the pairwise exchange (p = 8: 14, 24 and 56). The price is that rank 0 moves every block twice, so
 * large blocks are better off with the other algorithms (the selector measures where). This is {@link
 * AllgatherGatherBcast}'s idea for alltoall. Blocks of one array kind and length (an MPI alltoall's) travel end to
 * end in one array, which the receiver takes into place; other blocks travel packed as a list ({@link Blocks#pack}).
 *
 * <p>Cost, n the bytes a rank sends in total (its own block included) and N = (p−1)n the bytes that pass through rank
 * 0 each way: 2((p−1)α + N(p−1)/p·β) for the gather and the scatter, plus (2N + 2n)γ for the passes over memory on the
 * way (a rank packs its blocks, rank 0 unpacks and repacks all of them, a rank unpacks its own), each charged as a
 * reduction's pass is.
 */
public final class AlltoallGatherScatter implements Algorithms.Alltoall {
    public static final AlltoallGatherScatter INSTANCE = new AlltoallGatherScatter();
    private static final int HUB = 0;

    @Override
    public String name() {
        return "gather_scatter";
    }

    @Override
    public List<Payload> alltoall(CollChannel ch, List<Payload> blocks) {
        int p = ch.size();
        int r = ch.rank();
        ScatterLinear.checkBlocks(blocks, p);
        List<Piece> fromOthers = pieces(route(ch, join(wholes(othersOf(blocks, r)))), p - 1);
        List<Payload> out = new ArrayList<>(p);
        for (int i = 0; i < p; i++) {
            out.add(i == r ? blocks.get(r) : fromOthers.get(i < r ? i : i - 1).payload());
        }
        return List.copyOf(out);
    }

    /** Each block goes from the message that brings it straight into its buffer. */
    @Override
    public void alltoallInto(CollChannel ch, List<Payload> blocks, List<Payload> results) {
        int p = ch.size();
        int r = ch.rank();
        ScatterLinear.checkBlocks(blocks, p);
        List<Piece> fromOthers = pieces(route(ch, join(wholes(othersOf(blocks, r)))), p - 1);
        for (int i = 0; i < p; i++) {
            if (i != r) {
                fromOthers.get(i < r ? i : i - 1).copyTo(results.get(i));
            }
        }
        blocks.get(r).copyTo(results.get(r));
    }

    /**
     * The gather to rank 0, its regrouping, and the scatter: what this rank receives, the p − 1 blocks the others
     * sent it, in rank order, as {@link #join} made them one message.
     */
    private static Payload route(CollChannel ch, Payload mine) {
        int p = ch.size();
        List<Payload> atHub = GatherLinear.INSTANCE.gather(ch, mine, HUB);
        List<Payload> outgoing = null;
        if (ch.rank() == HUB) {
            // sent.get(i): rank i's blocks for every rank but i, in rank order
            List<List<Piece>> sent = new ArrayList<>(p);
            for (int i = 0; i < p; i++) {
                sent.add(pieces(atHub.get(i), p - 1));
            }
            outgoing = new ArrayList<>(p);
            for (int j = 0; j < p; j++) {
                List<Piece> forJ = new ArrayList<>(p - 1);
                for (int i = 0; i < p; i++) {
                    if (i != j) {
                        forJ.add(sent.get(i).get(j < i ? j : j - 1));
                    }
                }
                outgoing.add(join(forJ));
            }
        }
        return ScatterLinear.INSTANCE.scatter(ch.phase(2), outgoing, HUB);
    }

    /** Every element of {@code list} but the one at {@code r}, in order. */
    private static List<Payload> othersOf(List<Payload> list, int r) {
        List<Payload> others = new ArrayList<>(list.size() - 1);
        for (int j = 0; j < list.size(); j++) {
            if (j != r) {
                others.add(list.get(j));
            }
        }
        return others;
    }

    private static List<Piece> wholes(List<Payload> blocks) {
        return blocks.stream().map(b -> new Piece(b, 0, b.isArray() ? b.count() : 0)).toList();
    }

    /**
     * Blocks as one message: arrays of one kind and length (an MPI alltoall's blocks) end to end in one array, which
     * a receive takes into place and no CMO list is built, encoded or decoded around; anything else packed as a list
     * ({@link Blocks#pack}).
     */
    private static Payload join(List<Piece> pieces) {
        Piece first = pieces.isEmpty() ? null : pieces.get(0);
        boolean uniform = first != null && first.source().isArray() && pieces.stream().allMatch(
                x -> x.source().isArray() && x.source().kind() == first.source().kind() && x.count() == first.count());
        if (!uniform) {
            return Blocks.pack(pieces.stream().map(Piece::payload).toList());
        }
        int n = first.count();
        if (pieces.size() == 1) {
            return first.payload();
        }
        Payload joined = Payload.zeroed(first.source().kind(), Math.multiplyExact(n, pieces.size()));
        for (int k = 0; k < pieces.size(); k++) {
            pieces.get(k).source().copyTo(pieces.get(k).from(), joined, k * n, n);
        }
        return joined;
    }

    /** The {@code k} blocks of a message {@link #join} made. */
    private static List<Piece> pieces(Payload joined, int k) {
        if (!joined.isArray()) {
            return wholes(Blocks.unpack(joined));
        }
        if (joined.count() % k != 0) {
            throw new CommException("alltoall gather_scatter: " + joined.count() + " elements for " + k
                    + " blocks (expected: blocks of one length)");
        }
        int n = joined.count() / k;
        List<Piece> out = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            out.add(new Piece(joined, i * n, n));
        }
        return out;
    }

    /** A block: {@code count} elements of the array {@code source} from {@code from} on, or a whole non-array. */
    private record Piece(Payload source, int from, int count) {
        Payload payload() {
            return !source.isArray() || from == 0 && count == source.count() ? source
                    : Blocks.slice(source, from, from + count);
        }

        void copyTo(Payload buffer) {
            if (!source.isArray() || buffer.kind() != source.kind() || buffer.count() != count) {
                throw new CommException("alltoall gather_scatter: a block of " + count + " " + source.kind()
                        + " elements for the buffer " + buffer + " (expected: an array of that kind and length)");
            }
            source.copyTo(from, buffer, 0, count);
        }
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        double throughHub = (double) (p - 1) * bytes;
        return 2 * ((p - 1) * m.alpha() + m.transfer(throughHub * (p - 1) / p))
                + 2 * (m.reduce(throughHub) + m.reduce(bytes));
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        double throughHub = (double) (p - 1) * bytes;
        // each of the 2(p − 1) messages carries p − 1 blocks of n/p; every block is packed, unpacked and repacked at
        // rank 0, and unpacked: four passes
        return new Traffic(2.0 * (p - 1), 2 * throughHub * (p - 1) / p, 4 * throughHub);
    }
}
