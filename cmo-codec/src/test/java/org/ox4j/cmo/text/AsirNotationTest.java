package org.ox4j.cmo.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteOrder;
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
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoWriter;

class AsirNotationTest {
    private static CmoQQ q(long n, long d) {
        return new CmoQQ(BigInteger.valueOf(n), BigInteger.valueOf(d));
    }

    private static CmoPolynomialInOneVariable uni(int var, Term... terms) {
        return new CmoPolynomialInOneVariable(var, List.of(terms));
    }

    private static final CmoList XY = CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y"));

    @Test
    void nestedListLikeAsir() {
        Cmo c = CmoList.of(CmoZZ.of(1), CmoList.of(CmoZZ.of(2), CmoString.of("two"), q(3, 4)), CmoZZ.of(-5));
        assertThat(AsirNotation.log(c)).isEqualTo("[1,[2,\"two\",3/4],-5]");
        assertThat(AsirNotation.log(CmoList.EMPTY)).isEqualTo("[]");
    }

    @Test
    void polynomialsAsAsirPrintsThem() {
        // 3/2*x^2*y - 5/7*x*y^3 + 1/3, as in vector a_push_pop; Asir printed 3/2*y*x^2-5/7*y^3*x+1/3
        Cmo p = new CmoRecursivePolynomial(XY, uni(0,
                new Term(2, uni(1, new Term(1, q(3, 2)))),
                new Term(1, uni(1, new Term(3, q(-5, 7)))),
                new Term(0, q(1, 3))));
        assertThat(AsirNotation.log(p)).isEqualTo("3/2*y*x^2-5/7*y^3*x+1/3");
        // x^2+y, x-1, (y+1)*x^2-x
        assertThat(AsirNotation.log(new CmoRecursivePolynomial(XY, uni(0, new Term(2, CmoZZ.of(1)),
                new Term(0, uni(1, new Term(1, CmoZZ.of(1)))))))).isEqualTo("x^2+y");
        assertThat(AsirNotation.log(new CmoRecursivePolynomial(XY, uni(0, new Term(1, CmoZZ.of(1)),
                new Term(0, CmoZZ.of(-1)))))).isEqualTo("x-1");
        assertThat(AsirNotation.log(new CmoRecursivePolynomial(XY, uni(0,
                new Term(2, uni(1, new Term(1, CmoZZ.of(1)), new Term(0, CmoZZ.of(1)))),
                new Term(1, CmoZZ.of(-1)))))).isEqualTo("(y+1)*x^2-x");
    }

    @Test
    void distributedPolynomialAndOtherTypes() {
        Cmo dp = new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE, List.of(
                CmoMonomial32.of(new int[] {2, 1}, CmoZZ.of(3)), CmoMonomial32.of(new int[] {0, 0}, CmoZZ.of(-1))));
        assertThat(AsirNotation.log(dp)).isEqualTo("(3)*<<2,1>>+(-1)*<<0,0>>");
        assertThat(AsirNotation.log(new CmoInt32(-1))).isEqualTo("int32(-1)");
        assertThat(AsirNotation.log(CmoNull.INSTANCE)).isEqualTo("0");
        assertThat(AsirNotation.log(CmoIeeeDouble.of(1.5))).isEqualTo("1.5");
        assertThat(AsirNotation.log(new CmoComplex(CmoZZ.of(1), CmoZZ.of(2)))).isEqualTo("(1)+(2)*@i");
        assertThat(AsirNotation.log(CmoError2.of(4, "bad"))).isEqualTo("error([int32(4),int32(-1),\"bad\",[]])");
        assertThat(AsirNotation.log(CmoString.of("a\"b\\c\nd\u0001"))).isEqualTo("\"a\\\"b\\\\c\\nd\\x01\"");
        assertThat(AsirNotation.log(CmoString.wrapBytes(new byte[] {'a', (byte) 0xff}))).isEqualTo("\"a\\xff\"");
    }

    @Test
    void bigNumbersAreAbbreviated() {
        BigInteger fortyDigits = BigInteger.TEN.pow(39);
        assertThat(AsirNotation.log(new CmoZZ(fortyDigits))).isEqualTo(fortyDigits.toString());
        BigInteger big = BigInteger.TEN.pow(100).add(BigInteger.valueOf(12345));
        assertThat(AsirNotation.log(new CmoZZ(big.negate())))
                .isEqualTo("-10000000000000000000...0000012345(101 digits)");
        BigInteger huge = BigInteger.ONE.shiftLeft(1 << 20);
        assertThat(AsirNotation.log(new CmoZZ(huge))).isEqualTo("<integer of 1048577 bits>");
    }

    @Test
    void longOutputIsCut() {
        Cmo big = CmoReader.read(ByteBufferSource.of(CmoWriter.toBytes(new CmoList(java.util.Collections.nCopies(
                100_000, CmoZZ.of(7))), ByteOrder.BIG_ENDIAN), ByteOrder.BIG_ENDIAN), CmoLimits.DEFAULT);
        String s = AsirNotation.log(big, 50);
        assertThat(s).hasSize(53).startsWith("[7,7,7").endsWith("...");
        assertThat(AsirNotation.log(big)).hasSize(AsirNotation.DEFAULT_MAX_CHARS + 3);
    }

    @Test
    void popStringIsWhatOxAsirAnswers() {
        assertThat(AsirNotation.popString(CmoList.of(CmoString.of("a b"), new CmoInt32(-1), CmoZZ.of(-5))))
                .isEqualTo("[a b,4294967295,-5]");
        assertThat(AsirNotation.popString(new CmoComplex(CmoZZ.of(1), CmoZZ.of(2)))).isEqualTo("1+2*@i");
        assertThat(AsirNotation.popString(CmoError2.of(4, "bad"))).isEqualTo("error([4,4294967295,bad,[]])");
        BigInteger big = BigInteger.TEN.pow(100);
        assertThat(AsirNotation.popString(new CmoZZ(big))).isEqualTo(big.toString());
        // a part printed its own way (a server's session order for polynomials)
        assertThat(AsirNotation.popString(CmoList.of(CmoZZ.of(1), CmoString.of("p")),
                c -> c instanceof CmoString ? "P" : null)).isEqualTo("[1,P]");
    }

    @Test
    void readableFormReadsBackAndIsNeverCut() {
        assertThat(AsirNotation.readable(CmoList.of(new CmoInt32(-1), CmoString.of("a\"b")))).isEqualTo(
                "[int32(-1),\"a\\\"b\"]");
        BigInteger big = BigInteger.TEN.pow(2000);
        assertThat(AsirNotation.readable(new CmoZZ(big))).isEqualTo(big.toString());
    }

    @Test
    void deepNestingPrintsWithoutTheJavaStack() {
        Cmo c = CmoZZ.of(1);
        for (int i = 0; i < 200_000; i++) {
            c = CmoList.of(c);
        }
        String s = AsirNotation.popString(c);
        assertThat(s).hasSize(400_001).startsWith("[[[").contains("1").endsWith("]]]");
        assertThat(AsirNotation.log(c, 10)).isEqualTo("[[[[[[[[[[...");
    }
}
