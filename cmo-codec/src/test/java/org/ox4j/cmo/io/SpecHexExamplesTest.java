package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsGeneric;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoPolynomialInOneVariable.Term;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

/** The worked examples of the wire reference (openxm-wire.md §4.7 and §6), encoded and decoded in both orders. */
class SpecHexExamplesTest {

    static Stream<Arguments> examples() {
        CmoList xy = CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y"));
        CmoList yx = CmoList.of(CmoIndeterminate.of("y"), CmoIndeterminate.of("x"));
        return Stream.of(
                Arguments.of("INT32 1234", new CmoInt32(1234), "00000002 000004d2"),
                Arguments.of("INT32 -1", new CmoInt32(-1), "00000002 ffffffff"),
                Arguments.of("STRING Hello", CmoString.of("Hello"), "00000004 00000005 '48656c6c6f"),
                Arguments.of("STRING a (UTF-8)", CmoString.of("\u3042"), "00000004 00000003 'e38182"),
                Arguments.of("ZZ 14", CmoZZ.of(14), "00000014 00000001 0000000e"),
                Arguments.of("ZZ 123123", CmoZZ.of(123123), "00000014 00000001 0001e0f3"),
                Arguments.of("ZZ -1", CmoZZ.of(-1), "00000014 ffffffff 00000001"),
                Arguments.of("ZZ 0", CmoZZ.of(0), "00000014 00000000"),
                Arguments.of("ZZ 2^32+5", CmoZZ.of(4294967301L), "00000014 00000002 00000005 00000001"),
                Arguments.of("ZZ -(2^32+5)", CmoZZ.of(-4294967301L), "00000014 fffffffe 00000005 00000001"),
                Arguments.of("ZZ 123456789012345678901234567890",
                        new CmoZZ(new BigInteger("123456789012345678901234567890")),
                        "00000014 00000004 4e3f0ad2 c373e0ee 8ee90ff6 00000001"),
                Arguments.of("ZZ -123456789012345678901234567890",
                        new CmoZZ(new BigInteger("-123456789012345678901234567890")),
                        "00000014 fffffffc 4e3f0ad2 c373e0ee 8ee90ff6 00000001"),
                Arguments.of("QQ -3/4", new CmoQQ(BigInteger.valueOf(-3), BigInteger.valueOf(4)),
                        "00000015 ffffffff 00000003 00000001 00000004"),
                Arguments.of("QQ 2^40/3", new CmoQQ(BigInteger.ONE.shiftLeft(40), BigInteger.valueOf(3)),
                        "00000015 00000002 00000000 00000100 00000001 00000003"),
                Arguments.of("LIST [1,\"ab\",-2]", CmoList.of(new CmoInt32(1), CmoString.of("ab"), CmoZZ.of(-2)),
                        "00000011 00000003 00000002 00000001 00000004 00000002 '6162 00000014 ffffffff 00000002"),
                Arguments.of("DP 3x^2y-1", new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE, List.of(
                                CmoMonomial32.of(new int[] {2, 1}, CmoZZ.of(3)),
                                CmoMonomial32.of(new int[] {0, 0}, CmoZZ.of(-1)))),
                        "0000001f 00000002 00000018"
                                + " 00000013 00000002 00000002 00000001 00000014 00000001 00000003"
                                + " 00000013 00000002 00000000 00000000 00000014 ffffffff 00000001"),
                Arguments.of("RP x^2y+2x-3", new CmoRecursivePolynomial(xy, new CmoPolynomialInOneVariable(0, List.of(
                                new Term(2, new CmoPolynomialInOneVariable(1, List.of(new Term(1, CmoZZ.of(1))))),
                                new Term(1, CmoZZ.of(2)),
                                new Term(0, CmoZZ.of(-3))))),
                        "0000001b 00000011 00000002 0000003c 00000004 00000001 '78 0000003c 00000004 00000001 '79"
                                + " 00000021 00000003 00000000"
                                + " 00000002 00000021 00000001 00000001 00000001 00000014 00000001 00000001"
                                + " 00000001 00000014 00000001 00000002"
                                + " 00000000 00000014 ffffffff 00000003"),
                Arguments.of("RP x^2y+2x-3 over [y,x]", new CmoRecursivePolynomial(yx,
                                new CmoPolynomialInOneVariable(0, List.of(
                                        new Term(1, new CmoPolynomialInOneVariable(1, List.of(new Term(2, CmoZZ.of(1))))),
                                        new Term(0, new CmoPolynomialInOneVariable(1, List.of(
                                                new Term(1, CmoZZ.of(2)), new Term(0, CmoZZ.of(-3)))))))),
                        "0000001b 00000011 00000002 0000003c 00000004 00000001 '79 0000003c 00000004 00000001 '78"
                                + " 00000021 00000002 00000000"
                                + " 00000001 00000021 00000001 00000001 00000002 00000014 00000001 00000001"
                                + " 00000000 00000021 00000002 00000001 00000001 00000014 00000001 00000002"
                                + " 00000000 00000014 ffffffff 00000003"),
                Arguments.of("IEEE double 1.5", CmoIeeeDouble.of(1.5), "00000033 3ff8000000000000"),
                Arguments.of("ERROR2 nosuchfunc", CmoError2.of(4, "executeFunction : the function nosuchfunc not found"),
                        "7f000002 00000011 00000004 00000002 00000004 00000002 ffffffff 00000004 00000033 '"
                                + hexOf("executeFunction : the function nosuchfunc not found")
                                + " 00000011 00000000"));
    }

    private static String hexOf(String ascii) {
        StringBuilder sb = new StringBuilder();
        for (char c : ascii.toCharArray()) {
            sb.append(String.format("%02x", (int) c));
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void encodesAndDecodesInBothOrders(String name, Cmo value, String wire) {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            byte[] expected = WireHex.bytes(wire, order);
            assertThat(CmoWriter.toBytes(value, order)).as("%s in %s", name, order).isEqualTo(expected);
            ByteBufferSource src = ByteBufferSource.of(expected, order);
            assertThat(CmoReader.read(src, CmoLimits.DEFAULT)).as("%s in %s", name, order).isEqualTo(value);
            assertThat(src.remaining()).isZero();
        }
    }

    @Test
    void exampleSizesMatchTheReference() {
        CmoList xy = CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y"));
        Cmo dp = new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE, List.of(
                CmoMonomial32.of(new int[] {2, 1}, CmoZZ.of(3)), CmoMonomial32.of(new int[] {0, 0}, CmoZZ.of(-1))));
        Cmo rp = new CmoRecursivePolynomial(xy, new CmoPolynomialInOneVariable(0, List.of(
                new Term(2, new CmoPolynomialInOneVariable(1, List.of(new Term(1, CmoZZ.of(1))))),
                new Term(1, CmoZZ.of(2)), new Term(0, CmoZZ.of(-3)))));
        assertThat(CmoWriter.toBytes(dp, ByteOrder.BIG_ENDIAN)).hasSize(68);
        assertThat(CmoWriter.toBytes(rp, ByteOrder.LITTLE_ENDIAN)).hasSize(114);
        assertThat(CmoWriter.toBytes(CmoError2.of(4, "executeFunction : the function nosuchfunc not found"),
                ByteOrder.BIG_ENDIAN)).hasSize(95);
    }

    @Test
    void littleEndianZZIsTheLittleEndianMagnitude() {
        // spec §4.2: in LE mode the limb array is exactly the LE byte string of |value|
        assertThat(CmoWriter.toBytes(CmoZZ.of(4294967301L), ByteOrder.LITTLE_ENDIAN))
                .isEqualTo(WireHex.hex("14000000" + "02000000" + "05000000" + "01000000"));
        assertThat(CmoWriter.toBytes(new CmoInt32(1234), ByteOrder.LITTLE_ENDIAN))
                .isEqualTo(WireHex.hex("02000000d2040000"));
        assertThat(CmoWriter.toBytes(CmoIeeeDouble.of(1.5), ByteOrder.LITTLE_ENDIAN))
                .isEqualTo(WireHex.hex("33000000" + "000000000000f83f"));
    }
}
