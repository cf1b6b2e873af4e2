package org.ox4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoWriter;

/**
 * Lists nested thousands of levels deep, which ox_asir round-trips, go through a real server: pushed, popped,
 * printed and passed to a function, up to the default depth limit (10 000); one level more is answered with
 * CMO_ERROR2 and the session goes on.
 */
class DeepNestingIT {
    /** {@code depth} lists around INT32 7: [[[...[7]...]]]. */
    private static Cmo nested(int depth) {
        Cmo c = new CmoInt32(7);
        for (int i = 0; i < depth; i++) {
            c = CmoList.of(c);
        }
        return c;
    }

    private static byte[] bytes(Cmo c) {
        // compared as encodings: the records' own equals would recurse once per level
        return CmoWriter.toBytes(c, ByteOrder.BIG_ENDIAN);
    }

    @Test
    void deepListsRoundTripPrintAndComputeUpToTheLimit() throws Exception {
        try (ServerProcess server = ServerProcess.startReady("deep-nesting", "-data", "0", "-control", "0");
             TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(1);
             TestMaster data = TestMaster.tcp(server.readyPort("data")).handshake(1)) {
            for (int depth : new int[] {1_000, 9_999}) {
                Cmo deep = nested(depth);
                data.push(deep);
                assertThat(bytes(data.popCmo())).as("depth %d", depth).isEqualTo(bytes(deep));
            }
            data.push(nested(1_000));
            assertThat(data.popString()).isEqualTo("[".repeat(1_000) + "7" + "]".repeat(1_000));
            // a function gets the deep list as a value: its length is 1 (one element, the next level)
            data.call("length", nested(9_999));
            assertThat(data.popCmo()).isEqualTo(CmoZZ.of(1));
        }
    }

    @Test
    void beyondTheLimitTheMasterGetsAnErrorAndTheSessionGoesOn() throws Exception {
        try (ServerProcess server = ServerProcess.startReady("deep-nesting-limit", "-data", "0", "-control", "0",
                "--max-depth", "300");
             TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(1);
             TestMaster data = TestMaster.tcp(server.readyPort("data")).handshake(1)) {
            data.push(nested(299));
            data.push(nested(5_000));
            Cmo refused = data.popCmo();
            assertThat(refused).isInstanceOf(CmoError2.class);
            assertThat(((CmoError2) refused).message().orElse("")).contains("nesting depth");
            // the object below it is intact, and the session answers
            assertThat(bytes(data.popCmo())).isEqualTo(bytes(nested(299)));
            data.push(CmoZZ.of(42));
            assertThat(data.popCmo()).isEqualTo(CmoZZ.of(42));
        }
    }
}
