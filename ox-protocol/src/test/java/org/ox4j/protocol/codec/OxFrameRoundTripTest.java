package org.ox4j.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoScanner;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxDataWithSize;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.SmCommand;

/** Every CMO type inside every decodable OX frame kind survives encode → decode in both byte orders, however split. */
class OxFrameRoundTripTest {

    static Stream<Arguments> samples() {
        List<Arguments> out = new ArrayList<>();
        for (Map.Entry<CmoType, Cmo> e : SampleCmos.byType().entrySet()) {
            for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
                out.add(Arguments.of(e.getKey(), e.getValue(), order));
            }
        }
        return out.stream();
    }

    @Test
    void everyCmoTypeHasASample() {
        assertThat(SampleCmos.byType().keySet()).containsExactlyInAnyOrder(CmoType.values());
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("samples")
    void framesSurviveEveryChunking(CmoType type, Cmo cmo, ByteOrder order) {
        List<OxMessage> messages = List.of(
                OxCommand.of(1, SmCommand.POP_CMO),
                new OxData(-2, cmo),
                new OxSyncBall(3),
                new OxDataWithSize(4, -1, cmo, new byte[] {9, 8, 7}),
                new OxData(0x7fffffff, cmo));
        byte[] bytes = OxMessageDecoderVectorTest.encode(order, messages);

        assertThat(OxMessageDecoderVectorTest.decode(order, List.of(bytes))).isEqualTo(messages);
        // chunked decodes use an untracked allocator (paranoid tracking is too slow for thousands of decodes);
        // the decoder then proves it released every input buffer
        ByteBufAllocator untracked = new UnpooledByteBufAllocator(false, true);
        List<byte[]> single = new ArrayList<>();
        for (byte b : bytes) {
            single.add(new byte[] {b});
        }
        assertThat(OxMessageDecoderVectorTest.decode(order, single, untracked)).isEqualTo(messages);
        for (int cut = 1; cut < bytes.length; cut++) {
            List<byte[]> two = List.of(Arrays.copyOfRange(bytes, 0, cut), Arrays.copyOfRange(bytes, cut, bytes.length));
            assertThat(OxMessageDecoderVectorTest.decode(order, two, untracked)).as("split at %d", cut)
                    .isEqualTo(messages);
        }
    }

    /** The resumable frame scanner and the codec's own CMO scanner agree on where every sample ends. */
    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("samples")
    void frameScannerAgreesWithCmoScanner(CmoType type, Cmo cmo, ByteOrder order) {
        byte[] cmoBytes = CmoWriter.toBytes(cmo, order);
        ByteBufferSource src = new ByteBufferSource(ByteBuffer.wrap(cmoBytes), order);
        CmoScanner.skip(src, CmoLimits.DEFAULT);
        assertThat(src.position()).isEqualTo(cmoBytes.length);

        byte[] frame = OxMessageDecoderVectorTest.encode(order, List.of(new OxData(5, cmo)));
        OxFrameScanner scanner = new OxFrameScanner(CmoLimits.DEFAULT);
        var buf = Unpooled.wrappedBuffer(frame);
        assertThat(scanner.scan(buf, order)).isEqualTo(8L + cmoBytes.length);
        assertThat(buf.readerIndex()).as("scanning does not consume").isZero();
        buf.release();
    }

    @Test
    void scannerResumesWithoutRescanning() {
        Cmo cmo = SampleCmos.byType().get(CmoType.RECURSIVE_POLYNOMIAL);
        byte[] frame = OxMessageDecoderVectorTest.encode(ByteOrder.LITTLE_ENDIAN, List.of(new OxData(5, cmo)));
        OxFrameScanner scanner = new OxFrameScanner(CmoLimits.DEFAULT);
        var buf = Unpooled.buffer();
        long previous = 0;
        for (int i = 0; i < frame.length - 1; i++) {
            buf.writeByte(frame[i]);
            assertThat(scanner.scan(buf, ByteOrder.LITTLE_ENDIAN)).isEqualTo(-1L);
            assertThat(scanner.scanned()).isBetween(previous, (long) i + 1);
            previous = scanner.scanned();
        }
        buf.writeByte(frame[frame.length - 1]);
        assertThat(scanner.scan(buf, ByteOrder.LITTLE_ENDIAN)).isEqualTo(frame.length);
        buf.release();
    }
}
