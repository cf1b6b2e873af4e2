package org.ox4j.cmo.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoBigFloat32;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsGeneric;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

/** The dump lines of types the captures do not contain (the captured ones are covered by GoldenVectorTest). */
class CmoDumpTest {

    @Test
    void leavesAndEscapes() {
        assertThat(CmoDump.render(new CmoInt32(-2))).isEqualTo("CMO_INT32 -2 (0xfffffffe)");
        assertThat(CmoDump.render(new CmoZZ(BigInteger.ZERO))).isEqualTo("CMO_ZZ (sign*words=0) 0");
        assertThat(CmoDump.render(CmoString.of("say \"hi\"\t"))).isEqualTo("CMO_STRING len=9 \"say \\\"hi\\\"\\t\"");
        assertThat(CmoDump.render(CmoString.of("\u3042"))).isEqualTo("CMO_STRING len=3 \"\u3042\"");
        assertThat(CmoDump.render(CmoDatum.of(new byte[] {1, (byte) 0xab}))).isEqualTo("CMO_DATUM len=2 01ab");
        assertThat(CmoDump.render(CmoIeeeDouble.of(1.5)))
                .isEqualTo("CMO_IEEE_DOUBLE_FLOAT 1.5 (0x3ff8000000000000)");
        assertThat(CmoDump.render(CmoBigFloat32.of(64, 1, 1, new int[] {0, 0x80000000})))
                .isEqualTo("CMO_BIGFLOAT32 prec=64 sign=1 exp=1 len=2 words(low first)=[00000000 80000000]");
    }

    @Test
    void distributedPolynomialTree() {
        CmoDistributedPolynomial dp = new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE, List.of(
                CmoMonomial32.of(new int[] {2, 1}, CmoZZ.of(3))));
        assertThat(CmoDump.lines(dp, 2)).containsExactly(
                "  CMO_DISTRIBUTED_POLYNOMIAL nterms=1",
                "    CMO_DMS_GENERIC",
                "    CMO_MONOMIAL32 n=2 exponents=(2,1), coefficient:",
                "      CMO_ZZ (sign*words=1) 3");
    }

    @Test
    void univariateOutsideARecursivePolynomialHasUnknownVariable() {
        CmoPolynomialInOneVariable p = new CmoPolynomialInOneVariable(3,
                List.of(new CmoPolynomialInOneVariable.Term(1, CmoList.EMPTY)));
        assertThat(CmoDump.lines(p, 0)).containsExactly(
                "CMO_POLYNOMIAL_IN_ONE_VARIABLE nterms=1 var#3 (?)",
                "  exponent 1, coefficient:",
                "    CMO_LIST n=0");
    }
}
