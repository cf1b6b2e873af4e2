package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/**
 * Allgather as a linear gather to rank 0 followed by a broadcast of the p blocks as one message (Open MPI's "basic
 * linear" allgather); two algorithms, by their broadcast: {@link #INSTANCE} a binomial one, {@link #LINEAR} a linear
 * one. Every rank but 0 sends one message and receives one, and no rank waits for a peer's previous step but along the
 * broadcast tree: where ranks outnumber cores, a forwarding step of a ring or a doubling waits for its peer to be
 * scheduled, and that, not the bytes, is the cost of small blocks. Cost (p−1)α + n(p−1)/p·β for the gather plus the
 * broadcast's, ⌈lg p⌉(α + nβ) for the tree (n = gathered bytes), plus 2nγ: the blocks are packed into one message at
 * rank 0 and unpacked at every other rank, a pass over n bytes each, charged as a reduction's pass over memory is (γ).
 * Those passes are what large blocks lose (1 MiB at p = 8: 3.8 ms against 3.5 for the linear allgather); 8 bytes and 64
 * KiB at p = 8 it was the fastest allgather (0.49 and 0.72 ms against recursive doubling's 0.59 and 0.75, {@code
 * benchmarks/results/messaging-2026-12-05.md}).
 */
public final class AllgatherGatherBcast implements Algorithms.Allgather {
    public static final AllgatherGatherBcast INSTANCE = new AllgatherGatherBcast("gather_bcast",
            BcastBinomial.INSTANCE);
    /**
     * The same with a linear broadcast ({@code gather_linear_bcast}): rank 0 sends the blocks to every rank itself.
     * As many messages as the tree's, and no rank waits for a forwarding rank to be scheduled, which is what a
     * broadcast tree costs where ranks outnumber cores (bcast 8 B at p = 8 on 2 cores: linear 0.25 against binomial
     * 0.29 ms); rank 0 writes p − 1 copies of the blocks, where the tree's root writes ⌈lg p⌉.
     */
    public static final AllgatherGatherBcast LINEAR = new AllgatherGatherBcast("gather_linear_bcast",
            BcastLinear.INSTANCE);

    private final String name;
    private final Algorithms.Bcast bcast;

    private AllgatherGatherBcast(String name, Algorithms.Bcast bcast) {
        this.name = name;
        this.bcast = bcast;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Payload> allgather(CollChannel ch, Payload value) {
        List<Payload> atZero = GatherLinear.INSTANCE.gather(ch, value, 0);
        Payload packed = bcast.bcast(ch.phase(2), atZero == null ? null : Blocks.pack(atZero), 0);
        return ch.rank() == 0 ? List.copyOf(atZero) : Blocks.unpack(packed);
    }

    /**
     * MPI_Allgather into buffers: rank 0 receives every rank's value straight into its buffer, then the p blocks go
     * to the others end to end as one array, which every rank but 0 copies block by block into its buffers: one pass
     * over n bytes at each rank, where a list of packed blocks was encoded and decoded into new arrays. Once the p
     * blocks make a large message the array is direct memory ({@link DirectStaging}), received into and sent from
     * with no copy in the JVM; below that it is a Java array, which an eager message's receive takes into place.
     */
    @Override
    public void allgatherInto(CollChannel ch, Payload value, List<Payload> results) {
        int p = ch.size();
        long total = value.byteSize() * p;
        if (total > Integer.MAX_VALUE) {
            Algorithms.Allgather.super.allgatherInto(ch, value, results);
            return;
        }
        if (ch.rank() == 0) {
            List<Request> rs = GatherLinear.receivesAtRoot(ch, 0, results::get);
            value.copyTo(results.get(0));
            ch.waitAll(rs.subList(1, p)); // entry 0, this rank's, is null
        } else {
            ch.send(0, value);
        }
        int n = value.count();
        if (total < Communicator.largeMessageBytes()) {
            Payload joined = bcast.bcast(ch.phase(2), ch.rank() == 0 ? Blocks.concat(results) : null, 0);
            if (ch.rank() != 0) {
                for (int j = 0; j < p; j++) {
                    joined.copyTo(j * n, results.get(j), 0, n);
                }
            }
            return;
        }
        Payload whole = Payload.joinedSlices(results);
        if (whole != null) {
            // the buffers are one direct memory (MPI's one receive buffer): the p blocks go out of it and come into
            // it as they are, no copy in the JVM
            bcast.bcastInto(ch.phase(2), whole, 0);
            return;
        }
        ByteBuffer memory = DirectStaging.borrow(total);
        int block = (int) value.byteSize();
        List<Payload> blocks = new ArrayList<>(p);
        for (int j = 0; j < p; j++) {
            blocks.add(Payload.ofDirect(value.kind(), memory.slice(j * block, block)));
        }
        if (ch.rank() == 0) {
            Algorithms.copyEach(results, blocks);
        }
        bcast.bcastInto(ch.phase(2), Payload.ofDirect(value.kind(), memory), 0);
        if (ch.rank() != 0) {
            Algorithms.copyEach(blocks, results);
        }
        DirectStaging.giveBack(memory);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return GatherLinear.INSTANCE.predict(m, p, bytes) + bcast.predict(m, p, bytes) + 2 * m.reduce(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        Traffic gather = GatherLinear.INSTANCE.traffic(p, bytes);
        Traffic down = bcast.traffic(p, bytes);
        // packed once, unpacked p − 1 times
        return new Traffic(gather.messages() + down.messages(), gather.bytes() + down.bytes(), (double) p * bytes);
    }
}
