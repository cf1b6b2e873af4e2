package org.ox4j.cmo.mathcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoFormatException;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.golden.GoldenMathcaps;
import org.ox4j.cmo.io.CmoWriter;

class MathcapTest {
    private static final List<Integer> OX_ASIR_SM = List.of(276, 275, 258, 262, 263, 277, 266, 267, 268, 274, 269,
            272, 265, 264, 273, 300, 270, 271, 400, 278, 279, 280, 281, 282, 283);
    private static final List<Integer> ASIR_CMO = List.of(1, 2, 3, 4, 5, 2130706433, 2130706434, 17, 19, 20, 21, 22,
            24, 25, 26, 31, 34, 27, 33, 60, 61, 52, 35);

    private static Mathcap captured(String systemName) {
        return GoldenMathcaps.all().stream().map(Mathcap::parse).filter(m -> m.systemName().equals(systemName))
                .findFirst().orElseThrow();
    }

    @Test
    void everyCapturedMathcapParsesAndIsReproducedExactly() {
        List<CmoMathcap> all = GoldenMathcaps.all();
        assertThat(all).hasSizeGreaterThanOrEqualTo(17);
        for (CmoMathcap m : all) {
            assertThat(Mathcap.parse(m).toCmo()).isEqualTo(m);
        }
    }

    @Test
    void oxAsirMathcapAsCaptured() {
        Mathcap m = captured("ox_asir");
        assertThat(m.version()).isEqualTo(Mathcap.ASIR_VERSION);
        assertThat(m.systemInfo()).isEmpty();
        assertThat(m.smCodes()).containsExactlyElementsOf(OX_ASIR_SM);
        assertThat(m.dataFormats().keySet()).containsExactly(Mathcap.OX_DATA, Mathcap.OX_LOCAL_OBJECT_ASIR);
        assertThat(m.cmoTags()).containsExactlyElementsOf(ASIR_CMO);
        assertThat(m.dataFormats().get(Mathcap.OX_LOCAL_OBJECT_ASIR)).containsExactly(0, 1);
        assertThat(m.options()).isEmpty();
        assertThat(m.supportsReset()).isTrue();
        assertThat(m.acceptsCommand(283)).isTrue();
        assertThat(m.acceptsCmoTag(51)).isFalse();
        // 507 bytes as CMO (wire reference, appendix A)
        assertThat(CmoWriter.toBytes(m.toCmo(), ByteOrder.BIG_ENDIAN)).hasSize(507);
    }

    @Test
    void asirMasterAndToolkitMathcaps() {
        Mathcap asir = captured("asir");
        assertThat(asir.smCodes()).hasSize(18).doesNotContain(400, 278);
        assertThat(asir.cmoTags()).containsExactlyElementsOf(ASIR_CMO);
        assertThat(CmoWriter.toBytes(asir.toCmo(), ByteOrder.LITTLE_ENDIAN)).hasSize(448);
        Mathcap toolkit = captured("ox_Xsample");
        assertThat(toolkit.version()).isEqualTo(286397440);
        assertThat(toolkit.systemInfo()).containsExactly("1999/12/14 15:25:00", "UNKNOWN");
        assertThat(toolkit.acceptsCmoTag(51)).isTrue();
        assertThat(toolkit.dataFormats()).hasSize(1);
    }

    @Test
    void builderOptionsAndRoundTrip() {
        Mathcap m = Mathcap.builder("ox4j").systemInfo("0.1").smCodes(262, 264).cmoTags(1, 2, 4, 17, 20)
                .options(Mathcap.NO_OX_RESET, "threads=4").build();
        assertThat(m.supportsReset()).isFalse();
        assertThat(m.option("threads")).contains("4");
        assertThat(m.option("missing")).isEmpty();
        CmoMathcap cmo = m.toCmo();
        assertThat(((CmoList) cmo.body()).size()).isEqualTo(4);
        assertThat(Mathcap.parse(cmo)).isEqualTo(m);
        // without options the fourth element is not written
        assertThat(((CmoList) Mathcap.builder("x").build().toCmo().body()).size()).isEqualTo(3);
    }

    @Test
    void malformedMathcapsAreFormatErrors() {
        CmoList ident = CmoList.of(new CmoInt32(1), CmoString.of("s"));
        CmoList sm = CmoList.of(new CmoInt32(262));
        List<CmoMathcap> bad = List.of(
                new CmoMathcap(CmoString.of("not a list")),
                new CmoMathcap(CmoList.of(ident, sm)),
                new CmoMathcap(CmoList.of(CmoList.of(CmoString.of("s"), new CmoInt32(1)), sm, CmoList.EMPTY)),
                new CmoMathcap(CmoList.of(CmoList.of(new CmoInt32(1)), sm, CmoList.EMPTY)),
                new CmoMathcap(CmoList.of(ident, CmoList.of(CmoString.of("262")), CmoList.EMPTY)),
                // the [[514],[tags]] form of the written specification
                new CmoMathcap(CmoList.of(ident, sm, CmoList.of(CmoList.of(new CmoInt32(514)),
                        CmoList.of(new CmoInt32(1))))),
                new CmoMathcap(CmoList.of(ident, sm, CmoList.of(CmoList.of(new CmoInt32(514), new CmoInt32(1))))),
                new CmoMathcap(CmoList.of(ident, sm, CmoList.EMPTY, CmoList.of(new CmoInt32(5)))));
        for (CmoMathcap m : bad) {
            assertThatThrownBy(() -> Mathcap.parse(m)).isInstanceOf(CmoFormatException.class);
        }
    }

    @Test
    void theTagWalkFindsTheFirstRefusedTagWithoutTheJavaStack() {
        Mathcap m = Mathcap.builder("peer").smCodes(262).dataFormat(Mathcap.OX_DATA, 2, 4, 17, 20).build();
        Cmo deep = CmoZZ.of(5);
        for (int i = 0; i < 100_000; i++) {
            deep = CmoList.of(deep);
        }
        assertThat(m.accepts(deep)).isTrue();
        Cmo withDouble = CmoList.of(CmoZZ.of(1),
                CmoList.of(CmoIeeeDouble.of(1.5)));
        assertThat(m.firstRefusedTag(withDouble)).contains(CmoType.IEEE_DOUBLE_FLOAT.code());
        // an error's body is not looked into (as Asir), but the error tag itself must be listed
        assertThat(m.firstRefusedTag(CmoError2.of(1, "x"))).contains(CmoType.ERROR2.code());
        Mathcap withErrors = Mathcap.builder("peer").dataFormat(Mathcap.OX_DATA, 0x7f000002).build();
        assertThat(withErrors.accepts(CmoError2.of(1, "x"))).isTrue();
        assertThat(Mathcap.tryParse(m.toCmo())).contains(m);
        assertThat(Mathcap.tryParse(CmoZZ.of(1))).isEmpty();
    }
}
