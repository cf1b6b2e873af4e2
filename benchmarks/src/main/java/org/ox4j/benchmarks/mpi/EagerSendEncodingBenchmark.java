package org.ox4j.benchmarks.mpi;

import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.ox4j.mpi.comm.Envelope;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.PeerWire;
import org.ox4j.mpi.comm.SendMode;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.blocking.OxMessageWriter;

/**
 * The sender's side of an eager array message on an RFC-102 link, without the socket: the envelope encoded and
 * written through a link-sized {@link OxMessageWriter} into a channel that takes every byte. {@code copied}: the
 * array made into a datum at the send (an array of bytes, zeroed by the JVM, and a copy into it) and that copied
 * into the writer's buffer; {@code filled}: the datum filled from the array straight into the writer's buffer, as a
 * message the sending thread writes itself now goes. Average time per message.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar EagerSendEncoding -f 1 -wi 3 -i 5 -w 1 -r 1}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EagerSendEncodingBenchmark {
    /** The payload's size in bytes: an 8 KiB alltoall block, a 64 KiB bcast, a 128 KiB block of a 1 MiB allgather. */
    @Param({"8192", "65536", "131072", "262144"})
    public int bytes;

    private Envelope envelope;
    private OxMessageWriter writer;
    private int serial;

    @Setup
    public void setUp() {
        long[] values = new long[bytes / 8];
        for (int i = 0; i < values.length; i++) {
            values[i] = 31L * i - 7;
        }
        envelope = new Envelope(Envelope.Kind.DATA, 1, 0, 5, SendMode.STANDARD, 1, Payload.ofLongs(values));
        WritableByteChannel discard = new WritableByteChannel() {
            @Override
            public int write(ByteBuffer b) {
                int n = b.remaining();
                b.position(b.limit());
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
        // the link writer's buffer (PeerLink.WRITE_BUFFER_BYTES): every message here leaves in one write
        writer = new OxMessageWriter(discard, 256 * 1024 + 4096);
    }

    @Benchmark
    public void copied() {
        writer.send(new OxData(serial++, PeerWire.encode(envelope)));
    }

    @Benchmark
    public void filled() {
        writer.send(new OxData(serial++, PeerWire.encodeForWriteHere(envelope)));
    }
}
