package org.ox4j.mpi.coll;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.Request;
import org.ox4j.mpi.topo.Schedule.Block;
import org.ox4j.mpi.topo.Schedule.Transfer;
import org.ox4j.mpi.topo.Schedule;

/**
 * Runs a {@link Schedule} built by {@link org.ox4j.mpi.topo.Topologies} on a channel: step by step, a rank posts the
 * receive its schedule names for the step, sends the listed blocks (packed in the schedule's order, so the receiver
 * knows which is which without a header), and files what arrives under the block names. The schedule is the whole
 * algorithm; this class only moves the blocks, so an algorithm on a torus or a hypercube is a one-line choice of
 * schedule.
 */
final class ScheduleRun {
    private ScheduleRun() {
    }

    /**
     * Runs {@code schedule} for this rank, starting from {@code held} (the blocks the rank owns), and returns every
     * block the rank holds at the end, by name.
     */
    static Map<Block, Payload> run(CollChannel ch, Schedule schedule, Map<Block, Payload> held) {
        if (schedule.size() != ch.size()) {
            throw new IllegalArgumentException(schedule.name() + " is for " + schedule.size() + " ranks, not "
                    + ch.size());
        }
        Map<Block, Payload> blocks = new HashMap<>(held);
        int me = ch.rank();
        List<Transfer> sends = schedule.sendsOf(me);
        List<Transfer> receives = schedule.receivesOf(me);
        int si = 0;
        int ri = 0;
        for (int step = 1; step <= schedule.steps(); step++) {
            Transfer in = ri < receives.size() && receives.get(ri).step() == step ? receives.get(ri++) : null;
            Transfer out = si < sends.size() && sends.get(si).step() == step ? sends.get(si++) : null;
            Request receiving = in == null ? null : ch.iRecv(in.from());
            Request sending = null;
            if (out != null) {
                Payload[] parts = new Payload[out.blocks().size()];
                for (int i = 0; i < parts.length; i++) {
                    parts[i] = blocks.get(out.blocks().get(i));
                    if (parts[i] == null) {
                        throw new CommException(schedule.name() + ": rank " + me + " lacks block "
                                + out.blocks().get(i) + " at step " + step);
                    }
                }
                sending = ch.iSend(out.to(), Blocks.pack(List.of(parts)));
            }
            if (receiving != null) {
                List<Payload> got = Blocks.unpack(ch.await(receiving).payload());
                if (got.size() != in.blocks().size()) {
                    throw new CommException(schedule.name() + ": " + got.size() + " blocks from rank " + in.from()
                            + " at step " + step + " (expected: " + in.blocks().size() + ")");
                }
                for (int i = 0; i < got.size(); i++) {
                    blocks.put(in.blocks().get(i), got.get(i));
                }
            }
            if (sending != null) {
                ch.await(sending);
            }
        }
        return blocks;
    }
}
