package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.InStream;
import org.ox4j.mpi.comm.OutStream;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.StreamedPayload;

/**
 * One rank's part in a streamed relay that the calling thread drives: its outgoing stream (to {@code next}) carries
 * first a stretch of its own bytes, then the segments of the incoming stream (from {@code prev}) marked for
 * forwarding; each incoming segment may be combined with a slice of this rank's value and kept in a result on the
 * way, before or after the combination.
 *
 * <p>The caller pulls the chunks ({@link InStream#take}) instead of letting the link's reader pass them on: around a
 * ring, where every rank forwards what its left neighbour sent, a reader that waited for the socket to its right
 * would close a cycle of full socket buffers in which nobody reads. Pulled, a reader only ever fills memory, and
 * the wait for a socket is the caller's. The price is one hand-over per chunk (the chunk is a forwarding unit of
 * {@code ox.comm.streamForwardBytes}, 32 KiB by default), which overlaps the transfer of the next one.
 *
 * <p>A ring of {@link #run}s (one stream per link for the whole collective) needs own stretches of at least
 * {@link #minimumOwnBytes()}: a link reader hands on a piece once a whole forwarding unit of it came (or the rest of
 * the stream), and each rank can send on only what it was handed. If every rank's own stretch is longer than a
 * unit, some reader always has one (the ranks' progress cannot all stall); with shorter ones they could all wait
 * for each other. {@link #relayWhole} (one stream per value) needs no such bound.
 */
final class PulledRelay {
    private PulledRelay() {
    }

    /** The shortest own stretch a ring of pulled relays may start with (a forwarding unit and an element). */
    static long minimumOwnBytes() {
        return Communicator.streamForwardBytes() + 8L;
    }

    /**
     * A stretch of the incoming stream and what happens to it: combined into with {@code op} and the bytes of
     * {@code mine} from {@code mineOffset} on (op null: not combined), copied into {@code keep} (null: not kept)
     * before or after that, and forwarded or not.
     */
    record Segment(long length, ReduceOp op, Payload mine, long mineOffset, StreamedPayload.Assembler keep,
            boolean keepBeforeCombine, boolean forward) {
        /** Passed on (if {@code forward}) and kept (if {@code keep} is not null) unchanged. */
        static Segment relay(long length, StreamedPayload.Assembler keep, boolean forward) {
            return new Segment(length, null, null, 0, keep, false, forward);
        }

        /** Combined with this rank's slice, then kept (if {@code keep} is not null) and passed on (if forward). */
        static Segment combined(long length, ReduceOp op, Payload mine, long mineOffset,
                StreamedPayload.Assembler keep, boolean forward) {
            return new Segment(length, op, mine, mineOffset, keep, false, forward);
        }

        /** Kept as it came, then combined with this rank's slice and passed on (an exclusive prefix). */
        static Segment keptThenCombined(long length, ReduceOp op, Payload mine, StreamedPayload.Assembler keep,
                boolean forward) {
            return new Segment(length, op, mine, 0, keep, true, forward);
        }

        /** What happens to a piece of this segment starting {@code done} bytes into it. */
        void apply(ByteBuffer piece, long done) {
            if (keep != null && keepBeforeCombine) {
                keep.accept(piece);
            }
            if (op != null) {
                op.combineInto(mine, mineOffset + done, piece);
            }
            if (keep != null && !keepBeforeCombine) {
                keep.accept(piece);
            }
        }
    }

    /**
     * Runs this rank's part: sends bytes {@code [ownFrom, ownFrom + ownLength)} of {@code own} to {@code next} (if
     * any), then handles the incoming stream from {@code prev} (if any), which must hold exactly the
     * {@code incoming} segments, forwarding the marked ones to {@code next} behind the own bytes. Returns when the
     * last byte came in and the last byte went out.
     */
    static void run(CollChannel ch, int prev, int next, Payload.Kind kind, StreamedPayload.Source own, long ownFrom,
            long ownLength, List<Segment> incoming) {
        long forwarded = incoming.stream().filter(Segment::forward).mapToLong(Segment::length).sum();
        OutStream out = next >= 0 ? ch.sendStream(next, kind, ownLength + forwarded) : null;
        if (out != null) {
            out.writeFrom(own, ownFrom, ownLength);
        }
        if (prev < 0) {
            if (out != null) {
                ch.awaitSent(out);
            }
            return;
        }
        InStream in = StreamSends.receive(ch, prev, out, s -> s);
        StreamSends.finish(ch, in, out, () -> {
            long expected = incoming.stream().mapToLong(Segment::length).sum();
            if (in.length() != expected) {
                throw new CommException("rank " + prev + " streams " + in.length() + " bytes, this rank expects "
                        + expected + " (expected: arrays of the same kind and length on every rank)", prev);
            }
            pull(ch, in, out, incoming);
        });
    }

    /**
     * Relays the next stream from {@code prev} as a stream of its own to {@code next} (none if negative), of the
     * same kind and length, keeping a copy; returns the value it carried. A ring of such streams (one per value)
     * cannot stall whatever the sizes: each depends only on the one before it on the same link, and the first are
     * the ranks' own.
     */
    static Payload relayWhole(CollChannel ch, int prev, int next) {
        InStream in = ch.recvStream(prev, s -> s);
        StreamedPayload.Assembler keep = StreamedPayload.assembler(in.kind(), in.length());
        OutStream out = next >= 0 ? ch.sendStream(next, in.kind(), in.length()) : null;
        StreamSends.finish(ch, in, out, () -> pull(ch, in, out, List.of(Segment.relay(in.length(), keep, true))));
        return keep.result();
    }

    /** Takes every chunk of {@code in}, cuts it at segment boundaries, applies each segment, forwards its part. */
    private static void pull(CollChannel ch, InStream in, OutStream out, List<Segment> segments) {
        int seg = 0;
        long done = 0;
        int[] forwardedPieces = new int[4];
        for (ByteBuffer b = ch.take(in); b != null; b = ch.take(in)) {
            int pieces = 0;
            boolean allForwarded = out != null;
            for (int pos = b.position(), end = b.limit(); pos < end; ) {
                while (segments.get(seg).length() == done) {
                    seg++;
                    done = 0;
                }
                Segment s = segments.get(seg);
                int n = (int) Math.min(s.length() - done, end - pos);
                s.apply(b.duplicate().limit(pos + n).position(pos), done);
                if (s.forward() && out != null) {
                    if (2 * pieces + 2 > forwardedPieces.length) {
                        forwardedPieces = Arrays.copyOf(forwardedPieces, 2 * forwardedPieces.length);
                    }
                    forwardedPieces[2 * pieces] = pos;
                    forwardedPieces[2 * pieces + 1] = n;
                    pieces++;
                } else {
                    allForwarded = false;
                }
                done += n;
                pos += n;
            }
            if (allForwarded) {
                out.write(b);
                continue;
            }
            // a chunk across the boundary of a segment that stays here: its forwarded parts go on as copies
            for (int k = 0; k < pieces; k++) {
                int from = forwardedPieces[2 * k];
                ByteBuffer copy = out.buffer();
                copy.put(b.duplicate().limit(from + forwardedPieces[2 * k + 1]).position(from)).flip();
                out.write(copy);
            }
            in.release(b);
        }
    }
}
