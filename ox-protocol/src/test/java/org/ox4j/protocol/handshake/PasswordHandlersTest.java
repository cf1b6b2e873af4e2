package org.ox4j.protocol.handshake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoString;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;

class PasswordHandlersTest {
    private static final OneTimePassword PW = OneTimePassword.of("518158401");

    /** ox normal mode: the master connects and sends the password; the server verifies, then writes its byte. */
    @Test
    void connectingClientSendsPasswordThenAnswersTheServersByte() {
        ByteOrderHandshakeHandler serverHs = new ByteOrderHandshakeHandler(HandshakeRole.SERVER, (byte) 1, Duration.ZERO);
        ByteOrderHandshakeHandler clientHs = new ByteOrderHandshakeHandler(HandshakeRole.CLIENT, (byte) 1, Duration.ZERO);
        PasswordVerifier verifier = new PasswordVerifier(PW, Duration.ZERO);
        Wire.End server = Wire.end(verifier, serverHs);
        assertThat((Object) server.channel.readOutbound()).as("nothing before the password").isNull();
        Wire.End client = Wire.end(new PasswordSender(PW), clientHs);
        Wire wire = new Wire(client, server);
        wire.pump();

        assertThat(verifier.result()).isCompleted();
        assertThat(client.sentBytes()).containsExactly(concat(PW.wireBytes(), new byte[] {1}));
        assertThat(client.sentBytes()).startsWith("518158401".getBytes(StandardCharsets.US_ASCII)).contains(0);
        assertThat(server.sentBytes()).containsExactly(1);
        assertThat(serverHs.result()).isCompletedWithValue(ByteOrder.LITTLE_ENDIAN);
        assertThat(clientHs.result()).isCompletedWithValue(ByteOrder.LITTLE_ENDIAN);
        exchange(wire);
    }

    /** ox -reverse and oxc: the server connects, sends the password and then (as writer-first) its byte. */
    @Test
    void connectingServerSendsPasswordThenItsByte() {
        ByteOrderHandshakeHandler serverHs = new ByteOrderHandshakeHandler(HandshakeRole.SERVER, (byte) 0, Duration.ZERO);
        ByteOrderHandshakeHandler clientHs = new ByteOrderHandshakeHandler(HandshakeRole.CLIENT, (byte) 1, Duration.ZERO);
        PasswordVerifier verifier = new PasswordVerifier(PW, Duration.ZERO);
        Wire.End client = Wire.end(verifier, clientHs);
        Wire.End server = Wire.end(new PasswordSender(PW), serverHs);
        Wire wire = new Wire(server, client);
        wire.pump();

        assertThat(server.sentBytes()).containsExactly(concat(PW.wireBytes(), new byte[] {0}));
        assertThat(clientHs.result()).isCompletedWithValue(ByteOrder.BIG_ENDIAN);
        assertThat(serverHs.result()).isCompletedWithValue(ByteOrder.BIG_ENDIAN);
        exchange(wire);
    }

    private static void exchange(Wire wire) {
        OxMessage m = new OxData(3, CmoString.of("after the password"));
        wire.a.channel.writeOutbound(m);
        wire.pump();
        assertThat(wire.b.recorder.messages).containsExactly(m);
        assertFalse(wire.a.channel.finish());
        assertFalse(wire.b.channel.finish());
    }

    @Test
    void passwordArrivingOneByteAtATimeWithDataBehindIt() {
        PasswordVerifier verifier = new PasswordVerifier(PW, Duration.ZERO);
        ByteOrderHandshakeHandler hs = new ByteOrderHandshakeHandler(HandshakeRole.SERVER, (byte) 1, Duration.ZERO);
        Wire.End server = Wire.end(verifier, hs);
        byte[] wire = concat(PW.wireBytes(), new byte[] {1});
        for (int i = 0; i < PW.wireLength(); i++) {
            assertThat(verifier.result()).isNotDone();
            server.channel.writeInbound(server.channel.alloc().buffer(1).writeByte(wire[i]));
        }
        assertThat(verifier.result()).isCompleted();
        // the byte-order byte came after the password: the handshake starts only now and finishes at once
        server.channel.writeInbound(server.channel.alloc().buffer(1).writeByte(wire[wire.length - 1]));
        assertThat(hs.result()).isCompletedWithValue(ByteOrder.LITTLE_ENDIAN);
        server.channel.finishAndReleaseAll();
    }

    @Test
    void passwordAndHandshakeByteInOneBuffer() {
        PasswordVerifier verifier = new PasswordVerifier(PW, Duration.ZERO);
        ByteOrderHandshakeHandler hs = new ByteOrderHandshakeHandler(HandshakeRole.SERVER, (byte) 1, Duration.ZERO);
        Wire.End server = Wire.end(verifier, hs);
        server.channel.writeInbound(server.channel.alloc().buffer().writeBytes(concat(PW.wireBytes(), new byte[] {1})));
        assertThat(hs.result()).isCompletedWithValue(ByteOrder.LITTLE_ENDIAN);
        server.channel.finishAndReleaseAll();
    }

    @Test
    void wrongPasswordOfSameLengthClosesWithoutHandshake() {
        assertRefused("518158402".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void shorterPasswordFollowedByOtherBytesIsRefused() {
        assertRefused("5181584\0\1\0".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void passwordWithoutItsTerminatingZeroIsRefused() {
        assertRefused("5181584011".getBytes(StandardCharsets.US_ASCII));
    }

    private static void assertRefused(byte[] sent) {
        PasswordVerifier verifier = new PasswordVerifier(PW, Duration.ZERO);
        ByteOrderHandshakeHandler hs = new ByteOrderHandshakeHandler(HandshakeRole.SERVER, (byte) 1, Duration.ZERO);
        Wire.End server = Wire.end(verifier, hs);
        server.channel.writeInbound(server.channel.alloc().buffer().writeBytes(sent).writeByte(1));

        assertThat(verifier.result()).isCompletedExceptionally();
        assertThat(server.channel.isOpen()).isFalse();
        assertThat(hs.result()).as("handshake fails without having started").isCompletedExceptionally();
        assertThat((Object) server.channel.readOutbound()).as("server sent nothing").isNull();
        assertThat(server.recorder.events).isEmpty();
        assertFalse(server.channel.finish());
    }

    @Test
    void verifierTimesOut() {
        PasswordVerifier verifier = new PasswordVerifier(PW, Duration.ofSeconds(10));
        Wire.End server = Wire.end(verifier, new ByteOrderHandshakeHandler(HandshakeRole.SERVER));
        server.channel.advanceTimeBy(11, TimeUnit.SECONDS);
        server.channel.runScheduledPendingTasks();
        assertThat(verifier.result()).isCompletedExceptionally();
        assertThat(server.channel.isOpen()).isFalse();
        server.channel.finishAndReleaseAll();
    }

    @Test
    void generatedPasswordsAreLongRandomAlphanumerics() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            String p = OneTimePassword.generate().reveal();
            assertThat(p).hasSize(OneTimePassword.DEFAULT_LENGTH).matches("[A-Za-z0-9]+");
            seen.add(p);
        }
        assertThat(seen).hasSize(200);
        assertThat(OneTimePassword.generate(16).wireBytes()).hasSize(17).endsWith(0);
        assertThatThrownBy(() -> OneTimePassword.generate(8)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givenPasswordsMustBeNonEmptyCStrings() {
        assertThatThrownBy(() -> OneTimePassword.of("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OneTimePassword.of("a\0b")).isInstanceOf(IllegalArgumentException.class);
        assertThat(OneTimePassword.of("518158401").wireBytes())
                .containsExactly(0x35, 0x31, 0x38, 0x31, 0x35, 0x38, 0x34, 0x30, 0x31, 0x00);
        assertThat(PW.toString()).doesNotContain("518158401");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
