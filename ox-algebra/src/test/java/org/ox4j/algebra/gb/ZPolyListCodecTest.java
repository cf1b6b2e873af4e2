package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.ZPoly;

/** The byte form of integer polynomial lists: what is decoded is what was encoded, damaged bytes are refused. */
class ZPolyListCodecTest {
    private static List<ZPoly> randomPolys(Random random, MonomialLayout l, int count) {
        List<ZPoly> out = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            int terms = 1 + random.nextInt(30);
            int[][] e = new int[terms][l.variables()];
            BigInteger[] c = new BigInteger[terms];
            for (int i = 0; i < terms; i++) {
                for (int v = 0; v < l.variables(); v++) {
                    e[i][v] = random.nextInt(6);
                }
                BigInteger m = new BigInteger(1 + random.nextInt(700), random).add(BigInteger.ONE);
                c[i] = random.nextBoolean() ? m : m.negate();
            }
            out.add(ZPoly.of(l, e, c));
        }
        return out;
    }

    @Test
    void roundTripsPolynomialsWithLargeCoefficientsOfBothSigns() {
        Random random = new Random(102);
        for (MonomialLayout l : List.of(MonomialLayout.of(MonomialOrder.grevlex(10), 8),
                MonomialLayout.of(MonomialOrder.lex(3), 16), MonomialLayout.of(MonomialOrder.grevlex(2), 32))) {
            List<ZPoly> polys = randomPolys(random, l, 40);
            List<ZPoly> back = ZPolyListCodec.decode(ZPolyListCodec.encode(polys));
            assertThat(back).isEqualTo(polys);
            assertThat(back.get(0).layout()).isEqualTo(l);
        }
        assertThat(ZPolyListCodec.decode(ZPolyListCodec.encode(List.of()))).isEmpty();
    }

    @Test
    void refusesDamagedBytesWithoutAllocatingWhatTheyClaim() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(4), 8);
        byte[] good = ZPolyListCodec.encode(randomPolys(new Random(7), l, 5));
        for (int cut : new int[] {0, 3, 5, 12, good.length / 2, good.length - 1}) {
            assertThatThrownBy(() -> ZPolyListCodec.decode(Arrays.copyOf(good, cut)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("malformed polynomial list");
        }
        byte[] longer = Arrays.copyOf(good, good.length + 1);
        assertThatThrownBy(() -> ZPolyListCodec.decode(longer)).hasMessageContaining("after the last polynomial");
        byte[] wrongMagic = good.clone();
        wrongMagic[0] ^= 1;
        assertThatThrownBy(() -> ZPolyListCodec.decode(wrongMagic)).hasMessageContaining("not a polynomial list");
        // a count of 2^31 - 1 polynomials in a few bytes: refused before any list of that size exists
        int countAt = 5 + 4 + 8 + 4;
        byte[] hugeCount = good.clone();
        ByteBuffer.wrap(hugeCount).putInt(countAt, Integer.MAX_VALUE);
        assertThatThrownBy(() -> ZPolyListCodec.decode(hugeCount)).hasMessageContaining("a count of");
    }

    @Test
    void imageGroupsOfIntegersShareTheLayoutAndExponentPieces() {
        // the images' codec shares the layout and exponent pieces: a group of integers after its form byte
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(3), 8);
        ZPoly r = ZPoly.of(l, new int[][] {{2, 0, 0}, {0, 1, 0}}, new BigInteger[] {BigInteger.ONE, BigInteger.TEN});
        ModularImages images = ModularImages.of(List.of(
                new ModularImages.Group(List.of(new int[] {2, 0, 0}), BigInteger.valueOf(101), 1, List.of(r))));
        ByteBuffer b = ByteBuffer.wrap(ModularImagesCodec.encode(images));
        assertThat(b.getInt()).isEqualTo(0x4F584D49);
        assertThat(b.get()).isEqualTo((byte) 2);
        assertThat(b.getInt()).isEqualTo(1); // groups
        assertThat(b.get()).isEqualTo((byte) 0); // residues as integers
        assertThat(b.getInt()).isEqualTo(1); // modulus bytes
        assertThat(b.get()).isEqualTo((byte) 101);
        assertThat(b.getInt()).isEqualTo(1); // primes
        assertThat(b.getInt()).isEqualTo(1); // blocks
        b.getInt(); // the block's kind
        assertThat(b.getInt()).isEqualTo(3); // its size
        assertThat(b.getInt()).isEqualTo(8); // bits
        assertThat(b.getInt()).isEqualTo(1); // coefficient width
        assertThat(b.getInt()).isEqualTo(1); // residues
        assertThat(b.getInt()).isEqualTo(2); // terms
        assertThat(new byte[] {b.get(), b.get(), b.get(), b.get(), b.get(), b.get()}).containsExactly(2, 0, 0, 0, 1, 0);
        assertThat(new byte[] {b.get(), b.get()}).containsExactly(1, 10);
        assertThat(b.hasRemaining()).isFalse();
        assertThat(ModularImagesCodec.decode(b.array()).groups().get(0).residues()).containsExactly(r);
    }
}
