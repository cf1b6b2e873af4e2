package org.ox4j.benchmarks.codec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.cmo.io.GrowableByteSink;

/**
 * Encode and decode throughput of {@link CmoWriter} / {@link CmoReader} on heap arrays
 * ({@link GrowableByteSink}, {@link ByteBufferSource}), in both byte orders. The secondary result
 * {@code megabytes} is the throughput in MB/s (10^6 bytes of CMO encoding per second).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CmoCodec -f 1 -wi 2 -i 3 -w 1 -r 1}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CmoCodecBenchmark {

    @Param({"ZZ_1MIB", "LIST_INT32_1E5", "DP_1E4_200BIT"})
    public CmoFixtures fixture;

    @Param({"BIG_ENDIAN", "LITTLE_ENDIAN"})
    public String order;

    private ByteOrder byteOrder;
    private Cmo value;
    private byte[] encoded;
    private GrowableByteSink sink;

    /** Bytes processed, reported by JMH as a rate: MB/s. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Bytes {
        public double megabytes;

        @Setup(Level.Iteration)
        public void reset() {
            megabytes = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        byteOrder = "BIG_ENDIAN".equals(order) ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        value = fixture.build();
        encoded = CmoWriter.toBytes(value, byteOrder);
        sink = new GrowableByteSink(byteOrder, encoded.length);
        Cmo back = CmoReader.read(ByteBufferSource.of(encoded, byteOrder), CmoLimits.DEFAULT);
        if (!back.equals(value)) {
            throw new IllegalStateException("fixture does not round-trip: " + fixture);
        }
    }

    @Benchmark
    public int encode(Bytes bytes) {
        sink.clear();
        CmoWriter.write(value, sink);
        bytes.megabytes += sink.size() / 1e6;
        return sink.size();
    }

    @Benchmark
    public Cmo decode(Bytes bytes) {
        Cmo c = CmoReader.read(new ByteBufferSource(ByteBuffer.wrap(encoded), byteOrder), CmoLimits.DEFAULT);
        bytes.megabytes += encoded.length / 1e6;
        return c;
    }
}
