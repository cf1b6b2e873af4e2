package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.server.eval.EvaluationException;

class AsirOperatorsTest {
    private static AsirOperator op(String name) {
        return AsirOperators.resolve(name, null).orElseThrow();
    }

    @Test
    void integerOperatorsFollowAsirsZeroConvention() {
        assertThat(op("+").apply(CmoZZ.of(5), CmoZZ.of(-5))).isEqualTo(CmoNull.INSTANCE);
        assertThat(op("+").apply(CmoNull.INSTANCE, new CmoInt32(7))).isEqualTo(CmoZZ.of(7));
        assertThat(op("*").apply(new CmoZZ(BigInteger.TWO.pow(70)), CmoZZ.of(3)))
                .isEqualTo(new CmoZZ(BigInteger.TWO.pow(70).multiply(BigInteger.valueOf(3))));
        assertThat(op("gcd").apply(CmoZZ.of(12), CmoZZ.of(18))).isEqualTo(CmoZZ.of(6));
        assertThat(op("lcm").apply(CmoZZ.of(4), CmoZZ.of(6))).isEqualTo(CmoZZ.of(12));
        assertThat(op("lcm").apply(CmoZZ.of(4), CmoNull.INSTANCE)).isEqualTo(CmoNull.INSTANCE);
        assertThat(op("min").apply(CmoZZ.of(4), CmoZZ.of(-6))).isEqualTo(CmoZZ.of(-6));
        assertThat(op("max").apply(CmoZZ.of(4), CmoNull.INSTANCE)).isEqualTo(CmoZZ.of(4));
    }

    @Test
    void appendConcatenatesInOrder() {
        assertThat(op("append").apply(CmoList.of(CmoZZ.of(1)), CmoList.of(CmoZZ.of(2), CmoZZ.of(3))))
                .isEqualTo(CmoList.of(CmoZZ.of(1), CmoZZ.of(2), CmoZZ.of(3)));
        assertThat(op("append").apply(CmoString.of("a"), CmoList.EMPTY)).isEqualTo(CmoList.of(CmoString.of("a")));
    }

    @Test
    void unknownNamesAndUnsupportedOperandsAreErrors() {
        assertThat(AsirOperators.resolve("-", null)).isEmpty();
        assertThatThrownBy(() -> op("+").apply(CmoString.of("a"), CmoZZ.of(1)))
                .isInstanceOf(EvaluationException.class).hasMessageContaining("not supported");
        assertThat(AsirOperators.names(null)).containsExactly("+", "*", "gcd", "lcm", "min", "max", "append");
    }
}
