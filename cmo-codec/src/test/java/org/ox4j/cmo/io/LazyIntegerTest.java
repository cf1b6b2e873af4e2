package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoZZ;

/** Integers read from the wire keep their limb bytes: written back unchanged, converted only when asked. */
class LazyIntegerTest {
    private static Cmo read(byte[] bytes, ByteOrder order) {
        return CmoReader.read(ByteBufferSource.of(bytes, order), CmoLimits.DEFAULT);
    }

    @Test
    void aReadIntegerIsWrittenBackAsTheSameBytesAndHasTheRightValue() {
        Random random = new Random(5);
        for (int bits : new int[] {1, 31, 32, 33, 64, 65, 200, 1000, 100_000}) {
            for (int sign : new int[] {1, -1}) {
                BigInteger v = new BigInteger(bits, random).setBit(bits - 1);
                v = sign < 0 ? v.negate() : v;
                CmoZZ made = new CmoZZ(v);
                for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
                    byte[] wire = CmoWriter.toBytes(made, order);
                    CmoZZ back = (CmoZZ) read(wire, order);
                    // the same bytes again, in the order they came in
                    assertThat(CmoWriter.toBytes(back, order)).isEqualTo(wire);
                    // the value, equality and hash of a made integer; the other byte order converts
                    assertThat(back.value()).isEqualTo(v);
                    assertThat(back).isEqualTo(made).hasSameHashCodeAs(made);
                    ByteOrder other = order == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
                    assertThat(CmoWriter.toBytes(back, other)).isEqualTo(CmoWriter.toBytes(made, other));
                    assertThat(back.wordCount()).isEqualTo(made.wordCount());
                }
            }
        }
    }

    @Test
    void limbsWithLeadingZerosKeepTheirLengthAndTheirValue() {
        // CMO_ZZ with 3 limbs, the top one 0: 5 + 7*2^32
        byte[] limbs = {5, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0};
        CmoZZ z = CmoZZ.ofLimbs(limbs.clone(), ByteOrder.LITTLE_ENDIAN, true);
        assertThat(z.value()).isEqualTo(BigInteger.valueOf(7).shiftLeft(32).add(BigInteger.valueOf(5)).negate());
        assertThat(z.wordCount()).isEqualTo(3);
        assertThat(z.isZero()).isFalse();
        assertThat(CmoZZ.ofLimbs(new byte[8], ByteOrder.LITTLE_ENDIAN, false).isZero()).isTrue();
        assertThat(new CmoZZ(BigInteger.ZERO).isZero()).isTrue();
        assertThat(CmoZZ.of(-1).isZero()).isFalse();
        byte[] wire = CmoWriter.toBytes(CmoList.of(z), ByteOrder.LITTLE_ENDIAN);
        assertThat(((CmoList) read(wire, ByteOrder.LITTLE_ENDIAN)).get(0)).isEqualTo(z);
    }
}
