package org.ox4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.blocking.ChannelByteSource;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.specs.GoldenVectors;

/**
 * Replays the master side of the captured Asir sessions byte for byte against {@code bin/ox-server} (form b) and
 * compares every reply with ox_asir's, object by object: mathcaps only by kind (ours differs by design), error
 * objects by serial and message (ox_asir adds an "asir_where" trace), everything else exactly. h is a toolkit
 * sample server, so only its push/pop round trips are compared. The reset capture (e) is replayed with the reset
 * issued on the control channel where the master issued it. The rfc102 capture (f) belongs to the RFC-102 tests.
 */
class VectorReplayIT {
    /** folder, server byte-order offer, replies to compare (-1 = all). */
    static Stream<Arguments> vectors() {
        return Stream.of(
                Arguments.of("a_push_pop", 1, -1),
                Arguments.of("b_execute_string", 1, -1),
                Arguments.of("c_cmo_rpc", 1, -1),
                Arguments.of("d_mathcap", 1, -1),
                Arguments.of("h_nbo_toolkit_server", 0, 10));
    }

    @Test
    void resetCaptureReplaysWithControlReset() throws Exception {
        GoldenVectors.Stream master = GoldenVectors.stream("e_reset", "server0-data.master_to_server0.bin");
        List<Cmo> expected = decodeReplies(GoldenVectors.stream("e_reset", "server0-data.server0_to_master.bin"));
        byte[] sent = master.bytes();
        List<Integer> ends = messageEnds(master);
        // messages 0-5: mathcap exchange, the endless for-loop string and SM_executeStringByLocalParser;
        // then the master resets, answers the sync ball (message 6), pushes 42 and pops it
        int cut = ends.get(5);
        try (ServerProcess server = ServerProcess.startReady("replay-e_reset", "-data", "0", "-control", "0");
             TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(1);
             TestMaster data = TestMaster.tcp(server.readyPort("data")).handshake(sent[0] & 0xff)) {
            data.writeRaw(Arrays.copyOfRange(sent, 1, cut));
            assertSameReply("e_reset reply 0", expected.get(0), data.readData());
            control.command(SmCommand.CONTROL_RESET_CONNECTION);
            assertThat(data.read()).isInstanceOf(OxSyncBall.class);
            data.writeRaw(Arrays.copyOfRange(sent, cut, sent.length));
            assertThat(data.readData()).isEqualTo(expected.get(1)).isEqualTo(CmoZZ.of(42));
        }
    }

    /** Offsets (in the .bin, handshake byte included) where each master message ends. */
    static List<Integer> messageEnds(GoldenVectors.Stream s) {
        byte[] b = s.bytes();
        ChannelByteSource in = new ChannelByteSource(Channels.newChannel(
                new ByteArrayInputStream(Arrays.copyOfRange(b, 1, b.length))));
        in.order(s.byteOrder());
        OxMessageReader r = new OxMessageReader(in, CmoLimits.DEFAULT);
        List<Integer> ends = new ArrayList<>();
        int pos = 1;
        while (true) {
            try {
                pos += (int) r.read(true).bytes();
            } catch (UncheckedIOException e) {
                return ends;
            }
            ends.add(pos);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void repliesMatchOxAsir(String folder, int offer, int compareFirst) throws Exception {
        GoldenVectors.Stream master = GoldenVectors.stream(folder, "server0-data.master_to_server0.bin");
        GoldenVectors.Stream replies = GoldenVectors.stream(folder, "server0-data.server0_to_master.bin");
        List<Cmo> expected = decodeReplies(replies);
        byte[] sent = master.bytes();
        int compared = 0;
        try (ServerProcess server = ServerProcess.startReady("replay-" + folder, "-data", "0", "-control", "0",
                "--byte-order", Integer.toString(offer));
             TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(0);
             TestMaster data = TestMaster.tcp(server.readyPort("data")).handshake(sent[0] & 0xff)) {
            assertThat(data.serverByte()).isEqualTo(replies.ownOrderByte() & 0xff);
            data.writeRaw(Arrays.copyOfRange(sent, 1, sent.length));
            for (int i = 0; i < expected.size(); i++) {
                Cmo ours = data.readData();
                if (compareFirst >= 0 && i >= compareFirst) {
                    continue;
                }
                assertSameReply(folder + " reply " + i, expected.get(i), ours);
                compared++;
            }
            // nothing else was sent: the next message answers our own push/pop
            data.push(CmoString.of("end"));
            assertThat(data.popCmo()).isEqualTo(CmoString.of("end"));
        }
        assertThat(compared).isEqualTo(compareFirst < 0 ? expected.size() : Math.min(compareFirst, expected.size()));
    }

    private static void assertSameReply(String what, Cmo asir, Cmo ours) {
        if (asir instanceof CmoMathcap) {
            assertThat(ours).as(what).isInstanceOf(CmoMathcap.class);
        } else if (asir instanceof CmoError2 e) {
            assertThat(ours).as(what).isInstanceOf(CmoError2.class);
            CmoError2 o = (CmoError2) ours;
            assertThat(o.serial()).as(what + " serial").isEqualTo(e.serial());
            assertThat(o.message()).as(what + " message").isEqualTo(e.message());
            assertThat(((CmoList) o.body()).size()).as(what + " form").isEqualTo(4);
        } else {
            assertThat(ours).as(what).isEqualTo(asir);
        }
    }

    /** Every CMO ox_asir sent in this capture, in order. */
    static List<Cmo> decodeReplies(GoldenVectors.Stream s) {
        byte[] b = s.bytes();
        ChannelByteSource in = new ChannelByteSource(Channels.newChannel(
                new ByteArrayInputStream(Arrays.copyOfRange(b, 1, b.length))));
        in.order(s.byteOrder());
        OxMessageReader r = new OxMessageReader(in, CmoLimits.DEFAULT);
        List<Cmo> out = new ArrayList<>();
        while (true) {
            OxMessage m;
            try {
                m = r.read(false).message();
            } catch (UncheckedIOException e) {
                return out;
            }
            if (m instanceof OxData d) {
                out.add(d.cmo());
            }
        }
    }
}
