package org.ox4j.protocol.handshake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.GrowableByteSink;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.Recorder;
import org.ox4j.protocol.codec.OxFrames;

class ByteOrderHandshakeHandlerTest {
    private static final byte[] BYTES = {0x00, 0x01, (byte) 0xFF};

    static Stream<Arguments> rolePairsAndBytes() {
        List<Arguments> out = new ArrayList<>();
        HandshakeRole[][] pairs = {{HandshakeRole.SERVER, HandshakeRole.CLIENT}, {HandshakeRole.PEER, HandshakeRole.PEER}};
        for (HandshakeRole[] p : pairs) {
            for (byte x : BYTES) {
                for (byte y : BYTES) {
                    out.add(Arguments.of(p[0], x, p[1], y));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} offers {1}, {2} offers {3}")
    @MethodSource("rolePairsAndBytes")
    void bothEndsAgreeAndExchangeMessages(HandshakeRole roleA, byte byteA, HandshakeRole roleB, byte byteB) {
        ByteOrderHandshakeHandler hsA = new ByteOrderHandshakeHandler(roleA, byteA, Duration.ZERO);
        ByteOrderHandshakeHandler hsB = new ByteOrderHandshakeHandler(roleB, byteB, Duration.ZERO);
        Wire.End a = Wire.end(hsA);
        Wire.End b = Wire.end(hsB);
        Wire wire = new Wire(a, b);

        // before any byte moved: writers-first have sent exactly their byte, a client nothing
        assertThat(outboundBytes(a.channel)).containsExactly(roleA.writesFirst() ? new byte[] {byteA} : new byte[0]);
        assertThat(outboundBytes(b.channel)).containsExactly(roleB.writesFirst() ? new byte[] {byteB} : new byte[0]);
        assertThat(a.recorder.events).isEmpty();
        // put the bytes back the way they were found
        replayOutbound(a, byteA, roleA);
        replayOutbound(b, byteB, roleB);

        wire.pump();

        ByteOrder expected = byteA == byteB && byteA == 0x01 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        assertThat(hsA.result()).isCompletedWithValue(expected);
        assertThat(hsB.result()).isCompletedWithValue(expected);
        assertThat(a.sentBytes()).containsExactly(byteA);
        assertThat(b.sentBytes()).containsExactly(byteB);
        assertThat(Wire.encoderOrder(a)).isEqualTo(expected);
        assertThat(a.recorder.events).containsExactly(new HandshakeCompleted(expected, byteA, byteB), "channelActive");
        assertThat(b.recorder.events).containsExactly(new HandshakeCompleted(expected, byteB, byteA), "channelActive");
        assertThat(a.channel.pipeline().get(ByteOrderHandshakeHandler.class)).isNull();

        OxMessage fromA = new OxData(1, new CmoZZ(BigInteger.TWO.pow(70).negate()));
        OxMessage fromB = new OxData(2, CmoString.of("reply"));
        a.channel.writeOutbound(fromA);
        b.channel.writeOutbound(fromB);
        wire.pump();
        assertThat(b.recorder.messages).containsExactly(fromA);
        assertThat(a.recorder.messages).containsExactly(fromB);
        // the int32 words really are in the agreed order: the OX_DATA tag 514 = 0x202
        byte[] sentByA = a.sentBytes();
        byte[] tag = expected == ByteOrder.BIG_ENDIAN ? new byte[] {0, 0, 2, 2} : new byte[] {2, 2, 0, 0};
        assertThat(java.util.Arrays.copyOfRange(sentByA, 1, 5)).containsExactly(tag);

        assertFalse(a.channel.finish());
        assertFalse(b.channel.finish());
    }

    private static byte[] outboundBytes(EmbeddedChannel ch) {
        ByteBuf b = ch.readOutbound();
        if (b == null) {
            return new byte[0];
        }
        byte[] bytes = ByteBufUtil.getBytes(b);
        b.release();
        assertThat((Object) ch.readOutbound()).isNull();
        return bytes;
    }

    private static void replayOutbound(Wire.End end, byte b, HandshakeRole role) {
        if (role.writesFirst()) {
            end.channel.outboundMessages().add(end.channel.alloc().buffer(1).writeByte(b));
        }
    }

    @Test
    void bytesBehindThePeersByteAreDecodedAsMessages() {
        ByteOrderHandshakeHandler hs = new ByteOrderHandshakeHandler(HandshakeRole.CLIENT);
        Wire.End client = Wire.end(hs);
        OxMessage m = new OxData(5, CmoString.of("right behind the handshake byte"));
        GrowableByteSink s = new GrowableByteSink(ByteOrder.LITTLE_ENDIAN);
        s.writeBytes(new byte[] {0x01}, 0, 1);
        OxFrames.write(m, s);
        client.channel.writeInbound(client.channel.alloc().buffer().writeBytes(s.toByteArray()));

        assertThat(hs.result()).isCompletedWithValue(ByteOrder.LITTLE_ENDIAN);
        assertThat(outboundBytes(client.channel)).containsExactly(0x01);
        assertThat(client.recorder.messages).containsExactly(m);
        assertFalse(client.channel.finish());
    }

    @Test
    void launcherFailureByteIsRefused() {
        ByteOrderHandshakeHandler hs = new ByteOrderHandshakeHandler(HandshakeRole.CLIENT);
        Wire.End client = Wire.end(hs);
        client.channel.writeInbound(client.channel.alloc().buffer().writeByte(0x02));

        assertThat(hs.result()).isCompletedExceptionally();
        assertThat(hs.result().handle((v, e) -> e.getMessage()).join()).contains("0x02");
        assertThat(client.channel.isOpen()).isFalse();
        assertThat(client.recorder.events).doesNotContain("channelActive");
        assertThat((Object) client.channel.readOutbound()).as("a client answers nothing").isNull();
        assertFalse(client.channel.finish());
    }

    @Test
    void closeBeforeThePeersByteFailsTheResult() {
        ByteOrderHandshakeHandler hs = new ByteOrderHandshakeHandler(HandshakeRole.SERVER);
        Wire.End server = Wire.end(hs);
        server.channel.close();
        assertThat(hs.result()).isCompletedExceptionally();
        server.channel.finishAndReleaseAll();
    }

    @Test
    void silentPeerTimesOut() {
        ByteOrderHandshakeHandler hs = new ByteOrderHandshakeHandler(HandshakeRole.SERVER, (byte) 0, Duration.ofSeconds(5));
        Wire.End server = Wire.end(hs);
        server.channel.advanceTimeBy(4, TimeUnit.SECONDS);
        server.channel.runScheduledPendingTasks();
        assertThat(hs.result()).isNotDone();
        server.channel.advanceTimeBy(2, TimeUnit.SECONDS);
        server.channel.runScheduledPendingTasks();
        assertThat(hs.result()).isCompletedExceptionally();
        assertThat(server.channel.isOpen()).isFalse();
        server.channel.finishAndReleaseAll();
    }

    @Test
    void emptyBuffersAreIgnored() {
        ByteOrderHandshakeHandler hs = new ByteOrderHandshakeHandler(HandshakeRole.PEER, (byte) 0xFF, Duration.ZERO);
        Wire.End peer = Wire.end(hs);
        peer.channel.writeInbound(peer.channel.alloc().buffer(0));
        assertThat(hs.result()).isNotDone();
        peer.channel.writeInbound(peer.channel.alloc().buffer(1).writeByte(0xFF));
        assertThat(hs.result()).isCompletedWithValue(ByteOrder.BIG_ENDIAN);
        peer.channel.finishAndReleaseAll();
    }

    @Test
    void decisionRule() {
        assertThat(ByteOrderBytes.decide((byte) 1, (byte) 1)).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(ByteOrderBytes.decide((byte) 0, (byte) 0)).isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(ByteOrderBytes.decide((byte) 0xFF, (byte) 0xFF)).isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(ByteOrderBytes.decide((byte) 1, (byte) 0)).isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(ByteOrderBytes.decide((byte) 0xFF, (byte) 1)).isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(ByteOrderBytes.isValid((byte) 2)).isFalse();
    }

    @Test
    void recorderSeesNothingBeforeCompletion() {
        Recorder r = new Recorder();
        EmbeddedChannel ch = new EmbeddedChannel(new ByteOrderHandshakeHandler(HandshakeRole.CLIENT), r);
        assertThat(r.events).isEmpty();
        ch.finishAndReleaseAll();
    }
}
