package org.ox4j.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.EncoderException;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.ByteSink;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.GrowableByteSink;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.Recorder;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.codec.OxDecoderException.Reason;

/**
 * Bytes a hostile or broken peer might send: each yields one typed {@link OxDecoderException} with the frame's
 * serial, messages before it are still delivered, nothing after it is, the channel is closed, and no more than the
 * configured number of bytes is ever buffered.
 */
class OxMessageDecoderHostileTest {
    private static final CmoLimits SMALL = CmoLimits.builder().maxMessageBytes(1024).maxStringBytes(4096)
            .maxElements(100).maxDepth(8).maxBignumWords(16).build();

    private final Recorder rec = new Recorder();
    private final OxMessageDecoder decoder = new OxMessageDecoder(ByteOrder.BIG_ENDIAN, SMALL);
    private final EmbeddedChannel ch = new EmbeddedChannel(decoder, rec);

    private static byte[] frame(Consumer<ByteSink> body) {
        GrowableByteSink s = new GrowableByteSink(ByteOrder.BIG_ENDIAN);
        body.accept(s);
        return s.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        GrowableByteSink s = new GrowableByteSink(ByteOrder.BIG_ENDIAN);
        for (byte[] p : parts) {
            s.writeBytes(p, 0, p.length);
        }
        return s.toByteArray();
    }

    private static byte[] encoded(OxMessage m) {
        GrowableByteSink s = new GrowableByteSink(ByteOrder.BIG_ENDIAN);
        OxFrames.write(m, s);
        return s.toByteArray();
    }

    private void feed(byte[] bytes) {
        ByteBuf b = ch.alloc().buffer(bytes.length).writeBytes(bytes);
        ch.writeInbound(b);
    }

    private OxDecoderException onlyFailure() {
        assertThat(rec.exceptions).hasSize(1);
        assertThat(rec.exceptions.get(0)).isInstanceOf(OxDecoderException.class);
        return (OxDecoderException) rec.exceptions.get(0);
    }

    private void assertClosedAndClean() {
        assertThat(ch.isOpen()).as("channel closed").isFalse();
        assertThat(decoder.hasFailed()).isTrue();
        assertFalse(ch.finish());
    }

    @Test
    void unknownOxTagIsReportedWithSerialAfterEarlierMessages() {
        OxMessage good = OxCommand.of(1, SmCommand.POP_CMO);
        byte[] unknown = frame(s -> {
            s.writeInt(0x300);
            s.writeInt(42);
            s.writeInt(0);
        });
        feed(concat(encoded(good), unknown, encoded(new OxSyncBall(43))));

        assertThat(rec.messages).containsExactly(good);
        OxDecoderException e = onlyFailure();
        assertThat(e.reason()).isEqualTo(Reason.UNKNOWN_TAG);
        assertThat(e.tagCode()).hasValue(0x300);
        assertThat(e.serial()).hasValue(42);
        assertClosedAndClean();
    }

    @Test
    void asirLocalObjectIsRefusedBecauseItsBodyCannotBeDelimited() {
        feed(frame(s -> {
            s.writeInt(0x7fcdef30);
            s.writeInt(7);
            s.writeInt(1);
        }));
        OxDecoderException e = onlyFailure();
        assertThat(e.reason()).isEqualTo(Reason.LOCAL_OBJECT);
        assertThat(e.serial()).hasValue(7);
        assertClosedAndClean();
    }

    @Test
    void unknownCmoTagInsideOxData() {
        feed(frame(s -> {
            s.writeInt(514);
            s.writeInt(9);
            s.writeInt(17); // LIST
            s.writeInt(1);
            s.writeInt(0x999); // unknown CMO tag
        }));
        OxDecoderException e = onlyFailure();
        assertThat(e.reason()).isEqualTo(Reason.UNDECODABLE_CMO);
        assertThat(e.serial()).hasValue(9);
        assertClosedAndClean();
    }

    @Test
    void absurdStringLengthIsRejectedBeforeItsBytesArrive() {
        feed(frame(s -> {
            s.writeInt(514);
            s.writeInt(10);
            s.writeInt(4);
            s.writeInt(0x7fffffff);
        }));
        OxDecoderException e = onlyFailure();
        assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
        assertThat(e.getMessage()).contains("CMO_STRING length: 2147483647");
        assertClosedAndClean();
    }

    @Test
    void negativeLengthIsUndecodable() {
        feed(frame(s -> {
            s.writeInt(514);
            s.writeInt(10);
            s.writeInt(4);
            s.writeInt(-5);
        }));
        assertThat(onlyFailure().reason()).isEqualTo(Reason.UNDECODABLE_CMO);
        assertClosedAndClean();
    }

    @Test
    void absurdListCountAndBignumAndDepthAreLimited() {
        feed(frame(s -> {
            s.writeInt(514);
            s.writeInt(11);
            s.writeInt(17);
            s.writeInt(1_000_000);
        }));
        assertThat(onlyFailure().reason()).isEqualTo(Reason.LIMIT_EXCEEDED);

        EmbeddedChannel c2 = new EmbeddedChannel(new OxMessageDecoder(ByteOrder.BIG_ENDIAN, SMALL), new Recorder());
        Recorder r2 = (Recorder) c2.pipeline().last();
        c2.writeInbound(c2.alloc().buffer().writeBytes(frame(s -> {
            s.writeInt(514);
            s.writeInt(12);
            s.writeInt(20);
            s.writeInt(Integer.MIN_VALUE);
        })));
        assertThat(((OxDecoderException) r2.exceptions.get(0)).reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
        assertFalse(c2.finish());

        EmbeddedChannel c3 = new EmbeddedChannel(new OxMessageDecoder(ByteOrder.BIG_ENDIAN, SMALL), new Recorder());
        Recorder r3 = (Recorder) c3.pipeline().last();
        c3.writeInbound(c3.alloc().buffer().writeBytes(frame(s -> {
            s.writeInt(514);
            s.writeInt(13);
            for (int i = 0; i < 20; i++) {
                s.writeInt(17);
                s.writeInt(1);
            }
        })));
        OxDecoderException deep = (OxDecoderException) r3.exceptions.get(0);
        assertThat(deep.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
        assertThat(deep.getMessage()).contains("nesting depth");
        assertFalse(c3.finish());
    }

    @Test
    void declaredFrameLargerThanTheMessageLimitIsRejectedEarly() {
        // a 2000-byte string is within maxStringBytes (4096) but over maxMessageBytes (1024)
        feed(frame(s -> {
            s.writeInt(514);
            s.writeInt(14);
            s.writeInt(4);
            s.writeInt(2000);
            s.writeBytes(new byte[10], 0, 10);
        }));
        OxDecoderException e = onlyFailure();
        assertThat(e.reason()).isEqualTo(Reason.MESSAGE_TOO_LARGE);
        assertThat(e.serial()).hasValue(14);
        assertClosedAndClean();
    }

    @Test
    void manySmallElementsCannotMakeTheDecoderBufferMoreThanTheLimit() {
        // a list of 100 strings of 30 bytes: every declared length is fine, the total is not
        byte[] header = frame(s -> {
            s.writeInt(514);
            s.writeInt(15);
            s.writeInt(17);
            s.writeInt(100);
        });
        feed(header);
        byte[] element = encodedCmo(CmoString.of("x".repeat(26)));
        int buffered = header.length;
        while (rec.exceptions.isEmpty()) {
            feed(element);
            buffered += element.length;
            assertThat(buffered).as("buffered bytes").isLessThanOrEqualTo(1024 + element.length);
        }
        assertThat(onlyFailure().reason()).isEqualTo(Reason.MESSAGE_TOO_LARGE);
        assertClosedAndClean();
    }

    private static byte[] encodedCmo(org.ox4j.cmo.Cmo c) {
        return org.ox4j.cmo.io.CmoWriter.toBytes(c, ByteOrder.BIG_ENDIAN);
    }

    @Test
    void unfinishedFrameWaitsQuietlyAndIsReportedTruncatedAtEndOfStream() {
        byte[] whole = encoded(new OxData(16, new CmoZZ(java.math.BigInteger.TEN.pow(30))));
        feed(java.util.Arrays.copyOf(whole, whole.length - 1));
        assertThat(rec.messages).isEmpty();
        assertThat(rec.exceptions).isEmpty();
        assertThat(ch.isOpen()).isTrue();

        ch.close();
        OxDecoderException e = onlyFailure();
        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
        assertThat(e.serial()).hasValue(16);
        assertFalse(ch.finish());
    }

    @Test
    void partialHeaderAtEndOfStreamIsTruncatedWithoutSerial() {
        feed(new byte[] {0, 0, 2});
        ch.close();
        OxDecoderException e = onlyFailure();
        assertThat(e.reason()).isEqualTo(Reason.TRUNCATED);
        assertThat(e.serial()).isEmpty();
        assertFalse(ch.finish());
    }

    @Test
    void badSignatureInDataWithSize() {
        feed(frame(s -> {
            s.writeInt(521);
            s.writeInt(17);
            s.writeInt(-1);
            s.writeInt(1); // CMO_NULL
            s.writeInt(0x12345678);
            s.writeInt(0);
        }));
        assertThat(onlyFailure().reason()).isEqualTo(Reason.MALFORMED_FRAME);
        assertClosedAndClean();
    }

    @ParameterizedTest
    @EnumSource(names = {"OX_NOTIFY", "OX_LOCAL_OBJECT_SM1"})
    void tagsWithoutDelimitableBodyAreRefused(org.ox4j.protocol.OxTag tag) {
        feed(frame(s -> {
            s.writeInt(tag.code());
            s.writeInt(18);
        }));
        assertThat(onlyFailure().serial()).hasValue(18);
        assertClosedAndClean();
    }

    @Test
    void decoderWithoutByteOrderRefusesBytes() {
        Recorder r = new Recorder();
        EmbeddedChannel c = new EmbeddedChannel(new OxMessageDecoder(SMALL), r);
        c.writeInbound(c.alloc().buffer().writeBytes(encoded(new OxSyncBall(1))));
        assertThat(r.exceptions).isNotEmpty();
        assertThat(r.messages).isEmpty();
        c.finishAndReleaseAll();
    }

    @Test
    void encoderWithoutByteOrderFailsTheWrite() {
        EmbeddedChannel c = new EmbeddedChannel(new OxMessageEncoder());
        assertThatThrownBy(() -> c.writeOutbound(new OxSyncBall(1))).isInstanceOf(EncoderException.class)
                .hasMessageContaining("byte order");
        assertFalse(c.finish());
    }

    @Test
    void byteOrderCanBeSetLater() {
        OxMessageEncoder enc = new OxMessageEncoder();
        enc.setByteOrder(ByteOrder.LITTLE_ENDIAN);
        EmbeddedChannel c = new EmbeddedChannel(enc);
        c.writeOutbound(new OxSyncBall(1));
        ByteBuf out = c.readOutbound();
        assertThat(io.netty.buffer.ByteBufUtil.getBytes(out)).containsExactly(3, 2, 0, 0, 1, 0, 0, 0);
        out.release();
        assertFalse(c.finish());
        assertThat(List.of(enc.byteOrder())).containsExactly(ByteOrder.LITTLE_ENDIAN);
    }
}
