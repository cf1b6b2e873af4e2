package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.cost.CostModel;

/**
 * Allgather as a linear gather to rank 0 followed by a binomial broadcast of the p blocks packed into one message
 * (Open MPI's "basic linear" allgather). Every rank but 0 sends one message and receives one, and no rank waits for
 * a peer's previous step but along the broadcast tree: where ranks outnumber cores, a forwarding step of a ring or
 * a doubling waits for its peer to be scheduled, and that, not the bytes, is the cost of small blocks. Cost
 * (p−1)α + n(p−1)/p·β for the gather plus ⌈lg p⌉(α + nβ) for the broadcast (n = gathered bytes) plus 2nγ: the
 * blocks are packed into one message at rank 0 and unpacked at every other rank, a pass over n bytes each, charged
 * as a reduction's pass over memory is (γ). Those passes are what large blocks lose (1 MiB at p = 8: 3.8 ms against
 * 3.5 for the linear allgather); 8 bytes and 64 KiB at p = 8 it was the fastest allgather (0.49 and 0.72 ms against
 * recursive doubling's 0.59 and 0.75, {@code benchmarks/results/messaging-2026-12-05.md}).
 */
public final class AllgatherGatherBcast implements Algorithms.Allgather {
    public static final AllgatherGatherBcast INSTANCE = new AllgatherGatherBcast();

    @Override
    public String name() {
        return "gather_bcast";
    }

    @Override
    public List<Payload> allgather(CollChannel ch, Payload value) {
        List<Payload> atZero = GatherLinear.INSTANCE.gather(ch, value, 0);
        Payload packed = BcastBinomial.INSTANCE.bcast(ch.phase(2), atZero == null ? null : Blocks.pack(atZero), 0);
        return ch.rank() == 0 ? List.copyOf(atZero) : Blocks.unpack(packed);
    }

    /**
     * MPI_Allgather into buffers: rank 0 receives every rank's value straight into its buffer, then the p blocks go
     * down the binomial tree as one array in direct memory ({@link DirectStaging}; a large message there, received
     * into and sent from that memory with no copy in the JVM), which every rank but 0 copies block by block into its
     * buffers: one pass over n bytes at each rank, where the list of packed blocks was encoded, sent eagerly and
     * decoded into new arrays at every rank. Through {@link #allgather} when the p blocks do not make a large
     * message.
     */
    @Override
    public void allgatherInto(CollChannel ch, Payload value, List<Payload> results) {
        int p = ch.size();
        long total = value.byteSize() * p;
        if (total < Communicator.largeMessageBytes() || total > Integer.MAX_VALUE) {
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
        ByteBuffer memory = DirectStaging.borrow(total);
        int block = (int) value.byteSize();
        List<Payload> blocks = new ArrayList<>(p);
        for (int j = 0; j < p; j++) {
            blocks.add(Payload.ofDirect(value.kind(), memory.slice(j * block, block)));
        }
        if (ch.rank() == 0) {
            Algorithms.copyEach(results, blocks);
        }
        BcastBinomial.INSTANCE.bcastInto(ch.phase(2), Payload.ofDirect(value.kind(), memory), 0);
        if (ch.rank() != 0) {
            Algorithms.copyEach(blocks, results);
        }
        DirectStaging.giveBack(memory);
    }

    @Override
    public double predict(CostModel m, int p, long bytes) {
        return GatherLinear.INSTANCE.predict(m, p, bytes) + BcastBinomial.INSTANCE.predict(m, p, bytes)
                + 2 * m.reduce(bytes);
    }

    @Override
    public Traffic traffic(int p, long bytes) {
        Traffic gather = GatherLinear.INSTANCE.traffic(p, bytes);
        Traffic bcast = BcastBinomial.INSTANCE.traffic(p, bytes);
        // packed once, unpacked p − 1 times
        return new Traffic(gather.messages() + bcast.messages(), gather.bytes() + bcast.bytes(), (double) p * bytes);
    }
}
