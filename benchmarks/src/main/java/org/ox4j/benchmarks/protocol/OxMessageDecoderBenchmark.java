package org.ox4j.benchmarks.protocol;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
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
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.GrowableByteSink;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.codec.OxFrames;
import org.ox4j.protocol.codec.OxMessageDecoder;

/**
 * Time to decode a whole stream with {@link OxMessageDecoder} when it arrives in reads of {@code chunk} bytes:
 * many small commands, one large bignum, one long list. The list case shows that the resumable frame scanner
 * keeps scanning linear however small the reads are.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar OxMessageDecoder -f 1 -wi 3 -i 5}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class OxMessageDecoderBenchmark {

    /** The streams decoded. */
    public enum Stream {
        COMMANDS_100K,
        ZZ_1M_WORDS,
        LIST_INT32_1M
    }

    @Param
    public Stream stream;

    @Param({"65536", "1460"})
    public int chunk;

    private byte[] bytes;
    private final ByteBufAllocator allocator = new UnpooledByteBufAllocator(false, true);

    @Setup
    public void setUp() {
        List<OxMessage> messages = new ArrayList<>();
        switch (stream) {
            case COMMANDS_100K -> {
                for (int i = 0; i < 100_000; i++) {
                    messages.add(OxCommand.of(i, SmCommand.POP_CMO));
                }
            }
            case ZZ_1M_WORDS -> messages.add(new OxData(1, new CmoZZ(BigInteger.ONE.shiftLeft(32 * 1_000_000 - 1))));
            case LIST_INT32_1M -> {
                List<Cmo> ints = new ArrayList<>();
                for (int i = 0; i < 1_000_000; i++) {
                    ints.add(new CmoInt32(i));
                }
                messages.add(new OxData(2, new CmoList(ints)));
            }
            default -> throw new IllegalStateException(stream.name());
        }
        GrowableByteSink sink = new GrowableByteSink(ByteOrder.LITTLE_ENDIAN);
        for (OxMessage m : messages) {
            OxFrames.write(m, sink);
        }
        bytes = sink.toByteArray();
    }

    @Benchmark
    public long decodeStream() {
        long[] count = {0};
        EmbeddedChannel ch = new EmbeddedChannel(new OxMessageDecoder(ByteOrder.LITTLE_ENDIAN, CmoLimits.DEFAULT),
                new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        count[0]++;
                    }
                });
        ch.config().setAllocator(allocator);
        for (int off = 0; off < bytes.length; off += chunk) {
            int len = Math.min(chunk, bytes.length - off);
            ch.writeInbound(ch.alloc().buffer(len).writeBytes(bytes, off, len));
        }
        ch.finish();
        return count[0];
    }
}
