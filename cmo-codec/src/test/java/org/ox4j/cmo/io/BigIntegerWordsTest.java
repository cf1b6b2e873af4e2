package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.CmoZZ;

/** ZZ at limb boundaries: word counts, limbs and round trips in both byte orders. */
class BigIntegerWordsTest {
    private static final BigInteger TWO = BigInteger.TWO;

    static Stream<BigInteger> boundaries() {
        BigInteger[] base = {
            BigInteger.ZERO, BigInteger.ONE, TWO.pow(31), TWO.pow(31).subtract(BigInteger.ONE), TWO.pow(32),
            TWO.pow(32).subtract(BigInteger.ONE), TWO.pow(64), TWO.pow(64).add(BigInteger.ONE),
            TWO.pow(64).subtract(BigInteger.ONE), TWO.pow(96).add(BigInteger.ONE), TWO.pow(100_000)
        };
        return Stream.of(base).flatMap(v -> Stream.of(v, v.negate())).distinct();
    }

    static int expectedWords(BigInteger v) {
        BigInteger m = v.abs();
        if (m.signum() == 0) {
            return 0;
        }
        int words = 1;
        while (m.compareTo(TWO.pow(32 * words)) >= 0) {
            words++;
        }
        return words;
    }

    @ParameterizedTest
    @MethodSource("boundaries")
    void boundaryValuesHaveMinimalWordCountsAndRoundTrip(BigInteger v) {
        int words = expectedWords(v);
        assertThat(BigIntegerWords.wordCount(v)).isEqualTo(words);
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            byte[] wire = CmoWriter.toBytes(new CmoZZ(v), order);
            assertThat(wire).hasSize(8 + 4 * words);
            ByteBuffer b = ByteBuffer.wrap(wire).order(order);
            assertThat(b.getInt(4)).isEqualTo(v.signum() < 0 ? -words : words);
            if (words > 0) {
                // the most significant limb is never zero in the minimal form
                assertThat(b.getInt(8 + 4 * (words - 1))).isNotZero();
            }
            assertThat(CmoReader.read(ByteBufferSource.of(wire, order), CmoLimits.DEFAULT)).isEqualTo(new CmoZZ(v));
        }
    }

    @Test
    void specificLimbLayouts() {
        // 2^64 = limbs (0, 0, 1); 2^64-1 = (ffffffff, ffffffff)
        assertThat(CmoWriter.toBytes(new CmoZZ(TWO.pow(64)), ByteOrder.BIG_ENDIAN))
                .isEqualTo(WireHex.hex("00000014" + "00000003" + "00000000" + "00000000" + "00000001"));
        assertThat(CmoWriter.toBytes(new CmoZZ(TWO.pow(64).subtract(BigInteger.ONE).negate()), ByteOrder.LITTLE_ENDIAN))
                .isEqualTo(WireHex.hex("14000000" + "feffffff" + "ffffffff" + "ffffffff"));
        assertThat(CmoWriter.toBytes(new CmoZZ(TWO.pow(31)), ByteOrder.BIG_ENDIAN))
                .isEqualTo(WireHex.hex("00000014" + "00000001" + "80000000"));
    }

    @Test
    void limbBytesMatchANaiveConversion() {
        java.util.Random r = new java.util.Random(7);
        for (int bits = 0; bits < 700; bits += 7) {
            BigInteger v = new BigInteger(bits, r);
            for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                byte[] limbs = BigIntegerWords.toLimbBytes(v, order);
                int[] naive = CmoCodecProperties.naiveLimbs(v);
                ByteBuffer expected = ByteBuffer.allocate(naive.length * 4).order(order);
                for (int l : naive) {
                    expected.putInt(l);
                }
                assertThat(limbs).isEqualTo(expected.array());
                assertThat(BigIntegerWords.fromLimbBytes(limbs, order)).isEqualTo(v);
            }
        }
    }

    @Test
    void nonMinimalInputIsAcceptedAndNormalised() {
        byte[] wire = WireHex.hex("00000014" + "00000003" + "00000005" + "00000000" + "00000000");
        assertThat(CmoReader.read(ByteBufferSource.of(wire, ByteOrder.BIG_ENDIAN), CmoLimits.DEFAULT))
                .isEqualTo(CmoZZ.of(5));
    }

    @Test
    void fromLimbBytesLeavesItsInputAlone() {
        byte[] limbs = WireHex.hex("0500000001000000");
        BigIntegerWords.fromLimbBytes(limbs, ByteOrder.LITTLE_ENDIAN);
        assertThat(limbs).isEqualTo(WireHex.hex("0500000001000000"));
        assertThatThrownBy(() -> BigIntegerWords.fromLimbBytes(new byte[5], ByteOrder.BIG_ENDIAN))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
