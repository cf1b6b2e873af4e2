package org.ox4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/** Conversations the launch tests run on every form. */
final class Scenarios {
    private Scenarios() {
    }

    /** What an Asir master does right after the launch (spec §2.8), then one push/pop round trip. */
    static void mathcapExchangeAndRoundTrip(TestMaster data) {
        data.command(SmCommand.MATHCAP);
        Cmo mc = data.popCmo();
        assertThat(mc).isInstanceOf(CmoMathcap.class);
        CmoList id = (CmoList) ((CmoList) ((CmoMathcap) mc).body()).get(0);
        assertThat(id.get(1)).isEqualTo(CmoString.of("ox4j"));
        data.push(mc);
        data.command(SmCommand.SET_MATHCAP);
        data.push(CmoZZ.of(123456789));
        assertThat(data.popCmo()).isEqualTo(CmoZZ.of(123456789));
        data.call("igcd", CmoZZ.of(12), CmoZZ.of(18));
        assertThat(data.popCmo()).isEqualTo(CmoZZ.of(6));
    }

    /**
     * Starts a 60 s cooperative computation with SM_executeFunctionSync (its ack proves it is running), with a
     * marker below it on the stack.
     */
    static void startLongComputation(TestMaster data, Cmo marker) {
        data.push(marker);
        data.push(CmoZZ.of(60_000));
        data.push(new CmoInt32(1));
        data.push(CmoString.of("ox4j_spin"));
        data.command(SmCommand.EXECUTE_FUNCTION_SYNC);
        assertThat(data.readData()).isEqualTo(CmoZZ.of(1));
    }

    /**
     * After the reset was requested: completes the reset, then checks the marker survived and the next request
     * is answered normally. Returns the milliseconds from {@code requestedAtNanos} to that answer.
     */
    static long completeResetAndCheckStack(TestMaster data, Cmo marker, long requestedAtNanos) {
        data.completeReset();
        assertThat(data.popCmo()).isEqualTo(marker);
        long ms = (System.nanoTime() - requestedAtNanos) / 1_000_000;
        data.push(CmoString.of("after reset"));
        assertThat(data.popString()).isEqualTo("after reset");
        return ms;
    }
}
