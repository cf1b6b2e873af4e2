package org.ox4j.client.syntax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoPolynomialInOneVariable.Term;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.text.AsirNotation;

class AsirValueParserTest {
    @Test
    void integersAreZZAndArithmeticIsEvaluated() {
        assertThat(AsirValueParser.parse("1+2")).isEqualTo(CmoZZ.of(3));
        assertThat(AsirValueParser.parse("-7")).isEqualTo(CmoZZ.of(-7));
        assertThat(AsirValueParser.parse("2^100")).isEqualTo(new CmoZZ(BigInteger.TWO.pow(100)));
        assertThat(AsirValueParser.parse("(1+2)*3-4;")).isEqualTo(CmoZZ.of(5));
    }

    @Test
    void rationalsAreReducedQQ() {
        assertThat(AsirValueParser.parse("6/8")).isEqualTo(new CmoQQ(BigInteger.valueOf(3), BigInteger.valueOf(4)));
        assertThat(AsirValueParser.parse("-1/2")).isEqualTo(new CmoQQ(BigInteger.valueOf(-1), BigInteger.TWO));
        assertThat(AsirValueParser.parse("4/2")).isEqualTo(CmoZZ.of(2));
    }

    @Test
    void stringsListsAndInt32() {
        assertThat(AsirValueParser.parse("\"fctr\"")).isEqualTo(CmoString.of("fctr"));
        assertThat(AsirValueParser.parse("[1, \"a\", [2]]"))
                .isEqualTo(CmoList.of(CmoZZ.of(1), CmoString.of("a"), CmoList.of(CmoZZ.of(2))));
        assertThat(AsirValueParser.parse("[]")).isEqualTo(CmoList.EMPTY);
        assertThat(AsirValueParser.parse("int32(-5)")).isEqualTo(new CmoInt32(-5));
    }

    @Test
    void polynomialIsRecursiveInAsirVariableOrder() {
        // x^2*y + 2*x - 3, written out of order and with y before x: Asir's order puts x first (spec §4.7).
        Cmo p = AsirValueParser.parse("2*x - 3 + y*x^2");
        CmoRecursivePolynomial expected = new CmoRecursivePolynomial(
                CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y")),
                new CmoPolynomialInOneVariable(0, List.of(
                        new Term(2, new CmoPolynomialInOneVariable(1, List.of(new Term(1, CmoZZ.of(1))))),
                        new Term(1, CmoZZ.of(2)),
                        new Term(0, CmoZZ.of(-3)))));
        assertThat(p).isEqualTo(expected);
    }

    @Test
    void polynomialArithmeticExpandsAndCancels() {
        assertThat(AsirValueParser.parse("(x+1)*(x-1) - x^2")).isEqualTo(CmoZZ.of(-1));
        Cmo p = AsirValueParser.parse("3*x^2-1");
        assertThat(AsirNotation.readable(p)).isEqualTo("3*x^2-1");
        assertThat(AsirNotation.readable(AsirValueParser.parse("(x+y)^2/2")))
                .isEqualTo("1/2*x^2+y*x+1/2*y^2");
    }

    @Test
    void unknownNamesFollowTheStandardOnesInOrderOfAppearance() {
        CmoRecursivePolynomial p = (CmoRecursivePolynomial) AsirValueParser.parse("beta + alpha + z");
        assertThat(p.variables().elements()).containsExactly(CmoIndeterminate.of("z"),
                CmoIndeterminate.of("beta"), CmoIndeterminate.of("alpha"));
    }

    @Test
    void badInputNamesThePosition() {
        assertThatThrownBy(() -> AsirValueParser.parse("1 +")).isInstanceOf(AsirSyntaxException.class)
                .hasMessageContaining("offset 3");
        assertThatThrownBy(() -> AsirValueParser.parse("x/y")).isInstanceOf(AsirSyntaxException.class)
                .hasMessageContaining("division by a polynomial");
        assertThatThrownBy(() -> AsirValueParser.parse("1/0")).isInstanceOf(AsirSyntaxException.class)
                .hasMessageContaining("division by zero");
        assertThatThrownBy(() -> AsirValueParser.parse("A+1")).isInstanceOf(AsirSyntaxException.class)
                .hasMessageContaining("program variable");
        assertThatThrownBy(() -> AsirValueParser.parse("[1,2")).isInstanceOf(AsirSyntaxException.class)
                .hasMessageContaining("not closed");
        assertThatThrownBy(() -> AsirValueParser.parse("\"abc")).isInstanceOf(AsirSyntaxException.class);
        assertThatThrownBy(() -> AsirValueParser.parse("\"a\"+1")).isInstanceOf(AsirSyntaxException.class);
        assertThatThrownBy(() -> AsirValueParser.parse("x^-1")).isInstanceOf(AsirSyntaxException.class);
        assertThatThrownBy(() -> AsirValueParser.parse("fctr(x)")).isInstanceOf(AsirSyntaxException.class)
                .hasMessageContaining("call fctr");
    }
}
