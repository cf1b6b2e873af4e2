package org.ox4j.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.GrowableByteSink;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.Recorder;

/**
 * Every captured Asir session stream decodes to the messages the independent capture decoder listed, whether it
 * arrives whole, split at any byte, or one byte at a time, and re-encodes to the identical bytes.
 */
class OxMessageDecoderVectorTest {

    static Stream<CapturedVector> vectors() {
        return CapturedVector.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void decodesWholeStream(CapturedVector v) {
        List<OxMessage> messages = decode(v.order(), List.of(v.messageBytes()));
        assertMatchesCapture(v, messages);
        assertThat(encode(v.order(), messages)).isEqualTo(v.messageBytes());
    }

    /**
     * Thousands of decodes: paranoid leak tracking records a stack trace per buffer access and would make this take
     * minutes, so this test uses an untracked allocator and checks instead that every input buffer was released.
     * The other two tests run with the tracked default allocator.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void decodesStreamSplitAtEveryOffset(CapturedVector v) {
        byte[] all = v.messageBytes();
        List<OxMessage> whole = decode(v.order(), List.of(all));
        ByteBufAllocator untracked = new UnpooledByteBufAllocator(false, true);
        for (int cut = 1; cut < all.length; cut++) {
            List<byte[]> chunks = List.of(Arrays.copyOfRange(all, 0, cut), Arrays.copyOfRange(all, cut, all.length));
            assertThat(decode(v.order(), chunks, untracked)).as("split at %d", cut).isEqualTo(whole);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void decodesStreamOneByteAtATime(CapturedVector v) {
        byte[] all = v.messageBytes();
        List<byte[]> chunks = new ArrayList<>();
        for (byte b : all) {
            chunks.add(new byte[] {b});
        }
        List<OxMessage> messages = decode(v.order(), chunks);
        assertMatchesCapture(v, messages);
        assertThat(encode(v.order(), messages)).isEqualTo(all);
    }

    private static void assertMatchesCapture(CapturedVector v, List<OxMessage> messages) {
        assertThat(messages).hasSize(v.frames().size());
        byte[] all = v.messageBytes();
        for (int i = 0; i < messages.size(); i++) {
            CapturedVector.Frame f = v.frames().get(i);
            OxMessage m = messages.get(i);
            assertThat(m.serial()).as("serial of message %d", i).isEqualTo(f.serial());
            assertThat(tagName(m)).as("tag of message %d", i).isEqualTo(f.tagName());
            if (m instanceof OxCommand c) {
                assertThat(c.code()).as("SM code of message %d", i).isEqualTo(f.commandCode());
            }
            // the frame must re-encode to exactly its own slice of the capture
            int from = f.offset() - 1;
            int to = (i + 1 < v.frames().size() ? v.frames().get(i + 1).offset() : v.endOffset()) - 1;
            GrowableByteSink sink = new GrowableByteSink(v.order());
            OxFrames.write(m, sink);
            assertThat(sink.toByteArray()).as("bytes of message %d", i)
                    .isEqualTo(Arrays.copyOfRange(all, from, to));
        }
    }

    private static String tagName(OxMessage m) {
        return org.ox4j.protocol.OxTag.fromCode(m.tagCode()).map(Enum::name).orElse("?");
    }

    static List<OxMessage> decode(ByteOrder order, List<byte[]> chunks) {
        return decode(order, chunks, null);
    }

    static List<OxMessage> decode(ByteOrder order, List<byte[]> chunks, ByteBufAllocator allocator) {
        Recorder rec = new Recorder();
        EmbeddedChannel ch = new EmbeddedChannel(new OxMessageDecoder(order, CmoLimits.DEFAULT), rec);
        if (allocator != null) {
            ch.config().setAllocator(allocator);
        }
        List<ByteBuf> inputs = new ArrayList<>();
        for (byte[] c : chunks) {
            ByteBuf b = ch.alloc().buffer(c.length).writeBytes(c);
            inputs.add(b);
            ch.writeInbound(b);
        }
        assertFalse(ch.finish(), "nothing may be left in the channel");
        assertThat(rec.exceptions).isEmpty();
        assertThat(inputs).allSatisfy(b -> assertThat(b.refCnt()).as("input buffer released").isZero());
        List<OxMessage> out = new ArrayList<>();
        for (Object o : rec.messages) {
            out.add((OxMessage) o);
        }
        return out;
    }

    static byte[] encode(ByteOrder order, List<OxMessage> messages) {
        EmbeddedChannel ch = new EmbeddedChannel(new OxMessageEncoder(order));
        for (OxMessage m : messages) {
            ch.writeOutbound(m);
        }
        ByteBuf all = Unpooled.buffer();
        for (ByteBuf b = ch.readOutbound(); b != null; b = ch.readOutbound()) {
            all.writeBytes(b);
            b.release();
        }
        assertFalse(ch.finish());
        byte[] bytes = ByteBufUtil.getBytes(all);
        all.release();
        return bytes;
    }
}
