package org.ox4j.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.ox4j.client.core.OxClientException;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.MathcapViolationException;

class ServerMathcapTest {
    /** A mathcap listing ZZ, STRING, LIST and INT32 only, and SM_popCMO only. */
    private static final CmoMathcap SMALL = new CmoMathcap(CmoList.of(
            CmoList.of(new CmoInt32(1), CmoString.of("tiny")),
            CmoList.of(new CmoInt32(262)),
            CmoList.of(CmoList.of(new CmoInt32(514), CmoList.of(new CmoInt32(2), new CmoInt32(4),
                    new CmoInt32(17), new CmoInt32(20)))),
            CmoList.of(CmoString.of("no_ox_reset"))));

    @Test
    void parsesTheParts() {
        ServerMathcap mc = ServerMathcap.parse(SMALL);
        assertThat(mc.systemName()).isEqualTo("tiny");
        assertThat(mc.smCodes()).containsExactly(262);
        assertThat(mc.dataTags()).containsExactlyInAnyOrder(2, 4, 17, 20);
        assertThat(mc.supportsReset()).isFalse();
    }

    @Test
    void refusesUnlistedCommandsAndNestedTags() {
        ServerMathcap mc = ServerMathcap.parse(SMALL);
        mc.checkCommand(262);
        assertThatThrownBy(() -> mc.checkCommand(269)).isInstanceOf(MathcapViolationException.class)
                .hasMessageContaining("269").hasMessageContaining("tiny");
        mc.checkData(CmoList.of(CmoZZ.of(1), CmoString.of("s")));
        assertThatThrownBy(() -> mc.checkData(CmoList.of(CmoZZ.of(1), CmoIeeeDouble.of(1.5))))
                .isInstanceOf(MathcapViolationException.class).hasMessageContaining("51");
        // a polynomial needs tags 27, 60, 33: refused at the outermost missing one
        assertThatThrownBy(() -> mc.checkData(AsirValueParser.parse("x+1")))
                .isInstanceOf(MathcapViolationException.class).hasMessageContaining("27");
    }

    @Test
    void ourOwnMathcapParses() {
        ServerMathcap mc = ServerMathcap.parse(ClientMathcap.create());
        assertThat(mc.systemName()).isEqualTo("ox4j");
        assertThat(mc.smCodes()).contains(262, 273);
        assertThat(mc.dataTags()).contains(20, 27, 33, 60);
        assertThat(mc.supportsReset()).isTrue();
    }

    @Test
    void malformedMathcapIsAClearError() {
        assertThatThrownBy(() -> ServerMathcap.parse(CmoZZ.of(1))).isInstanceOf(OxClientException.class)
                .hasMessageContaining("CMO_MATHCAP");
    }
}
