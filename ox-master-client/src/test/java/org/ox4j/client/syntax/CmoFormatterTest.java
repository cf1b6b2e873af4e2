package org.ox4j.client.syntax;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsGeneric;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoPolynomialInOneVariable.Term;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

class CmoFormatterTest {
    @Test
    void numbersListsStringsAndErrors() {
        assertThat(CmoFormatter.format(CmoList.of(CmoZZ.of(-2), new CmoQQ(BigInteger.ONE, BigInteger.valueOf(3)),
                CmoNull.INSTANCE, new CmoInt32(7), CmoString.of("a\"b")))).isEqualTo("[-2,1/3,0,int32(7),\"a\\\"b\"]");
        assertThat(CmoFormatter.format(CmoError2.of(4, "boom"))).isEqualTo("error([int32(4),int32(-1),\"boom\",[]])");
    }

    @Test
    void recursivePolynomialAsAsirPrintsIt() {
        // x^2*y + 2*x - 3 with variables [y, x] (y main): the same polynomial in another order.
        CmoRecursivePolynomial p = new CmoRecursivePolynomial(
                CmoList.of(CmoIndeterminate.of("y"), CmoIndeterminate.of("x")),
                new CmoPolynomialInOneVariable(0, List.of(
                        new Term(1, new CmoPolynomialInOneVariable(1, List.of(new Term(2, CmoZZ.of(1))))),
                        new Term(0, new CmoPolynomialInOneVariable(1, List.of(new Term(1, CmoZZ.of(2)),
                                new Term(0, CmoZZ.of(-3))))))));
        assertThat(CmoFormatter.format(p)).isEqualTo("y*x^2+2*x-3");
    }

    @Test
    void distributedPolynomial() {
        CmoDistributedPolynomial dp = new CmoDistributedPolynomial(new CmoDmsGeneric(), List.of(
                CmoMonomial32.of(new int[] {2, 1}, CmoZZ.of(3)), CmoMonomial32.of(new int[] {0, 0}, CmoZZ.of(-1))));
        assertThat(CmoFormatter.format(dp)).isEqualTo("(3)*<<2,1>>+(-1)*<<0,0>>");
    }
}
