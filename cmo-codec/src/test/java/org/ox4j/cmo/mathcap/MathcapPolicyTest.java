package org.ox4j.cmo.mathcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsGeneric;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoPolynomialInOneVariable.Term;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoTree;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.MathcapViolationException;

class MathcapPolicyTest {
    /** ox_asir's CMO list (no 51). */
    private static final Mathcap ASIR = Mathcap.builder("ox_asir").cmoTags(1, 2, 3, 4, 5, 2130706433, 2130706434,
            17, 19, 20, 21, 22, 24, 25, 26, 31, 34, 27, 33, 60, 61, 52, 35).build();

    private static int refusedTag(MathcapPolicy p, Cmo c) {
        return catchThrowableOfType(MathcapViolationException.class, () -> p.check(c)).tag();
    }

    @Test
    void acceptsWhatAsirLists() {
        MathcapPolicy p = MathcapPolicy.of(ASIR);
        Cmo poly = new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x")),
                new CmoPolynomialInOneVariable(0, List.of(new Term(1, new CmoQQ(BigInteger.ONE, BigInteger.TWO)))));
        Cmo dp = new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE,
                List.of(CmoMonomial32.of(new int[] {1}, CmoZZ.of(3))));
        for (Cmo c : List.of(CmoZZ.of(1), CmoList.of(poly, dp, CmoString.of("s"), CmoNull.INSTANCE),
                CmoError2.of(3, "boom"), ASIR.toCmo(), new CmoComplex(CmoZZ.of(1), CmoNull.INSTANCE))) {
            p.check(c);
            assertThat(p.allows(c)).isTrue();
        }
    }

    @Test
    void refusesAnUnlistedTagAtAnyDepth() {
        MathcapPolicy p = MathcapPolicy.of(ASIR);
        CmoIeeeDouble d = CmoIeeeDouble.of(1.5);
        assertThat(refusedTag(p, d)).isEqualTo(51);
        assertThat(refusedTag(p, CmoList.of(CmoZZ.of(1), CmoList.of(CmoList.of(d))))).isEqualTo(51);
        Cmo polyWithDouble = new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x")),
                new CmoPolynomialInOneVariable(0, List.of(new Term(1, d))));
        assertThat(p.allows(polyWithDouble)).isFalse();
        Cmo dpWithDouble = new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE,
                List.of(CmoMonomial32.of(new int[] {1}, d)));
        assertThat(p.allows(dpWithDouble)).isFalse();
        assertThat(p.allows(new CmoTree(CmoString.of("f"), CmoList.EMPTY, CmoList.of(d)))).isFalse();
        assertThatThrownBy(() -> p.check(CmoList.of(d))).isInstanceOf(MathcapViolationException.class)
                .hasMessageContaining("CMO_IEEE_DOUBLE_FLOAT");
    }

    @Test
    void checksTheOuterTagsAsiDoesNotCheck() {
        // a peer that lists ZZ but not LIST: Asir would send [1]; we refuse it
        MathcapPolicy p = MathcapPolicy.of(Mathcap.builder("tiny").cmoTags(20).build());
        assertThat(refusedTag(p, CmoList.of(CmoZZ.of(1)))).isEqualTo(17);
        assertThat(refusedTag(p, new CmoInt32(1))).isEqualTo(2);
        assertThat(p.allows(CmoZZ.of(5))).isTrue();
    }

    @Test
    void aPeerWithoutOxDataEntryAcceptsNothing() {
        MathcapPolicy p = MathcapPolicy.of(Mathcap.builder("none").dataFormat(Mathcap.OX_LOCAL_OBJECT_ASIR, 0, 1)
                .build());
        assertThat(p.allows(CmoNull.INSTANCE)).isFalse();
    }

    @Test
    void permissiveBeforeAnyMathcap() {
        MathcapPolicy p = MathcapPolicy.permissive();
        assertThat(p.isPermissive()).isTrue();
        p.check(CmoIeeeDouble.of(2.0));
        assertThat(MathcapPolicy.of(ASIR).isPermissive()).isFalse();
    }

    @Test
    void deepObjectsDoNotOverflowTheStack() {
        Cmo c = CmoZZ.of(1);
        for (int i = 0; i < 200_000; i++) {
            c = CmoList.of(c);
        }
        assertThat(MathcapPolicy.of(ASIR).allows(c)).isTrue();
    }
}
