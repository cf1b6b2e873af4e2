package org.ox4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
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
import org.ox4j.protocol.SmCommand;
import org.ox4j.server.session.ChannelByteSource;
import org.ox4j.server.session.OxChannelReader;
import org.ox4j.specs.GoldenVectors;

/**
 * Replays the master side of the captured Asir sessions byte for byte against {@code bin/ox-server} (form b) and
 * compares every reply with ox_asir's, object by object: mathcaps only by kind (ours differs by design), error
 * objects by serial and message (ox_asir adds an "asir_where" trace), everything else exactly. Replies that need
 * the algebra library (the Asir language, fctr) are compared only when the server has it; h is a toolkit sample
 * server, so only its push/pop round trips are compared. The rfc102 capture (f) belongs to the RFC-102 tests, the
 * reset capture (e) needs the language's for-loop and is covered step by step in {@link ResetIT}.
 */
class VectorReplayIT {
    private static boolean algebra;

    /** folder, server byte-order offer, replies to compare (-1 = all), reply indices that need the algebra. */
    static Stream<Arguments> vectors() {
        return Stream.of(
                Arguments.of("a_push_pop", 1, -1, Set.of()),
                Arguments.of("b_execute_string", 1, -1, Set.of(1, 2, 3, 4)),
                Arguments.of("c_cmo_rpc", 1, -1, Set.of(1)),
                Arguments.of("d_mathcap", 1, -1, Set.of()),
                Arguments.of("h_nbo_toolkit_server", 0, 10, Set.of()));
    }

    @BeforeAll
    static void probeAlgebra() throws Exception {
        try (ServerProcess server = ServerProcess.startReady("replay-probe", "-data", "0", "-control", "0");
             TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(0);
             TestMaster data = TestMaster.tcp(server.readyPort("data")).handshake(1)) {
            data.push(CmoString.of("1+2;"));
            data.command(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER);
            algebra = CmoZZ.of(3).equals(data.popCmo());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void repliesMatchOxAsir(String folder, int offer, int compareFirst, Set<Integer> needAlgebra) throws Exception {
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
                if (compareFirst >= 0 && i >= compareFirst || needAlgebra.contains(i) && !algebra) {
                    continue;
                }
                assertSameReply(folder + " reply " + i, expected.get(i), ours);
                compared++;
            }
            // nothing else was sent: the next message answers our own push/pop
            data.push(CmoString.of("end"));
            assertThat(data.popCmo()).isEqualTo(CmoString.of("end"));
        }
        assertThat(compared).isGreaterThanOrEqualTo(Math.min(expected.size(), compareFirst < 0 ? 1 : compareFirst)
                - (algebra ? 0 : needAlgebra.size()));
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
        OxChannelReader r = new OxChannelReader(in, CmoLimits.DEFAULT);
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
