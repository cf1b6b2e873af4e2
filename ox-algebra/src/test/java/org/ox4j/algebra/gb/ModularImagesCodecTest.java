package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.ZPoly;

/** The byte form of image sets: what is decoded is what was encoded, and damaged bytes are refused cleanly. */
class ModularImagesCodecTest {
    static ModularImages katsuraImages(long... primes) {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(5), 8);
        List<ZPoly> f = StandardSystems.katsura(l, 4);
        ModularImages out = ModularImages.empty();
        for (long p : primes) {
            Modulus m = Modulus.of(p);
            List<ModPoly> in = f.stream().map(z -> ModPoly.of(z, m)).toList();
            out = out.combine(ModularImages.of(F4.basis(in, Interrupt.NONE, 1), p));
        }
        return out;
    }

    /**
     * The images with every group that holds word residues remade with its residues as integers (a group with none
     * kept as it is): the integer form of a set, which merges and travels as integers.
     */
    static ModularImages combined(ModularImages images) {
        return ModularImages.of(images.groups().stream()
                .map(g -> g.wordPrimes().length == 0 ? g
                        : new ModularImages.Group(g.leads(), g.modulus(), g.primes(), g.residues()))
                .toList());
    }

    static void assertSameImages(ModularImages a, ModularImages b) {
        assertThat(b.groups()).hasSameSizeAs(a.groups());
        for (int g = 0; g < a.groups().size(); g++) {
            ModularImages.Group x = a.groups().get(g);
            ModularImages.Group y = b.groups().get(g);
            assertThat(y.modulus()).isEqualTo(x.modulus());
            assertThat(y.primes()).isEqualTo(x.primes());
            assertThat(y.residues()).isEqualTo(x.residues());
            assertThat(y.residues().get(0).layout()).isSameAs(x.residues().get(0).layout());
            for (int k = 0; k < x.leads().size(); k++) {
                assertThat(y.leads().get(k)).containsExactly(x.leads().get(k));
            }
        }
    }

    @Test
    void roundTripsCombinedImagesAndKeepsTheirReconstruction() {
        ModularImages images = katsuraImages(2147483647L, 2147483629L, 2147483587L, 2147483579L, 2147483563L);
        assertThat(images.groups()).hasSize(1);
        assertThat(images.groups().get(0).primes()).isEqualTo(5);
        ModularImages back = ModularImagesCodec.decode(ModularImagesCodec.encode(images));
        assertSameImages(images, back);
        List<QPoly> c1 = images.reconstruction().candidate();
        assertThat(c1).isNotNull();
        assertThat(back.reconstruction().candidate()).isEqualTo(c1);
        // and it still combines: more primes on either side give the same set
        ModularImages more = katsuraImages(2147483549L);
        assertSameImages(images.combine(more),
                ModularImagesCodec.decode(ModularImagesCodec.encode(back)).combine(
                        ModularImagesCodec.decode(ModularImagesCodec.encode(more))));
    }

    @Test
    void estimatesItsHeapBytesWithinAFewTimesItsEncodingWithoutEncoding() {
        ModularImages two = katsuraImages(2147483647L, 2147483629L);
        ModularImages five = katsuraImages(2147483647L, 2147483629L, 2147483587L, 2147483579L, 2147483563L);
        // word residues: 4 bytes a term per prime beside the shared monomials
        assertThat(five.heapBytes()).isGreaterThan(two.heapBytes()).isPositive();
        int encoded = ModularImagesCodec.encode(five).length;
        assertThat(five.heapBytes()).isBetween(encoded / 2L, 8L * encoded);
        // decoded (words again, as they travelled): still within a few times the bytes
        ModularImages decoded = ModularImagesCodec.decode(ModularImagesCodec.encode(five));
        assertThat(decoded.heapBytes()).isBetween(encoded / 2L, 8L * encoded);
    }

    @Test
    void wordResiduesTravelAsWordsAndAreAppendedWhereTheyArrive() {
        ModularImages mine = katsuraImages(2147483647L, 2147483629L);
        ModularImages theirs = katsuraImages(2147483587L, 2147483579L, 2147483563L);
        long held = theirs.heapBytes();
        ModularImages arrived = ModularImagesCodec.decode(ModularImagesCodec.encode(theirs));
        // writing words combines none of them (a combined residue would be held beside them)
        assertThat(theirs.heapBytes()).isEqualTo(held);
        ModularImages.Group group = arrived.groups().get(0);
        assertThat(group.inWords()).isTrue();
        assertThat(group.wordPrimes()).containsExactly(2147483587L, 2147483579L, 2147483563L);
        assertSameImages(theirs, arrived);
        // the root appends them to its own words: five word primes, no integers made, the same images (a fresh
        // decoding: asking for the residues above combined the words, and a combined group merges as integers)
        ModularImages root = mine.combine(ModularImagesCodec.decode(ModularImagesCodec.encode(theirs)));
        assertThat(root.groups().get(0).inWords()).isTrue();
        assertThat(root.groups().get(0).wordPrimes()).hasSize(5);
        ModularImages all = katsuraImages(2147483647L, 2147483629L, 2147483587L, 2147483579L, 2147483563L);
        assertSameImages(all, root);
        // and travel on as words (a rank inside the tree sends what it merged)
        ModularImages onward = ModularImagesCodec.decode(ModularImagesCodec.encode(root));
        assertThat(onward.groups().get(0).inWords()).isTrue();
        assertThat(onward.groups().get(0).wordPrimes()).hasSize(5);
        assertSameImages(all, onward);
        assertThat(root.reconstruction().candidate()).isEqualTo(all.reconstruction().candidate());
        // residues known as integers travel as integers
        ModularImages combined = combined(theirs);
        ModularImages back = ModularImagesCodec.decode(ModularImagesCodec.encode(combined));
        assertThat(back.groups().get(0).inWords()).isFalse();
        assertSameImages(combined, back);
    }

    @Test
    void refusesWordGroupsWithRepeatedOrCompositePrimesOrZeroWords() {
        byte[] good = ModularImagesCodec.encode(katsuraImages(2147483647L, 2147483629L));
        ByteBuffer in = ByteBuffer.wrap(good);
        // header (magic, version, groups), the form byte, the prime count, then the primes
        assertThat(in.get(9)).isEqualTo((byte) 1);
        assertThat(in.getInt(10)).isEqualTo(2);
        assertThat(in.getLong(14)).isEqualTo(2147483647L);
        byte[] repeated = good.clone();
        ByteBuffer.wrap(repeated).putLong(22, 2147483647L);
        assertThatThrownBy(() -> ModularImagesCodec.decode(repeated)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("word prime 2147483647");
        byte[] composite = good.clone();
        ByteBuffer.wrap(composite).putLong(22, 2147483645L); // 5 · 429496729
        assertThatThrownBy(() -> ModularImagesCodec.decode(composite)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("word prime 2147483645");
        // the first element's first word: after the primes, the layout, the element count, the term count and
        // the exponents of its terms (5 variables of 8 bits)
        MonomialLayout layout = MonomialLayout.of(MonomialOrder.grevlex(5), 8);
        int elementAt = 30 + ZPolyListCodec.layoutBytes(layout) + 4;
        int terms = in.getInt(elementAt);
        int firstWord = elementAt + 4 + terms * ZPolyListCodec.exponentBytes(layout);
        byte[] zeroWord = good.clone();
        ByteBuffer.wrap(zeroWord).putInt(firstWord, 0);
        assertThatThrownBy(() -> ModularImagesCodec.decode(zeroWord)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("word residue 0");
    }

    @Test
    void keepsGroupsApartAndNegativeAndWideCoefficients() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(3), 16);
        BigInteger big = BigInteger.ONE.shiftLeft(300).add(BigInteger.valueOf(12345));
        ZPoly r1 = ZPoly.of(l, new int[][] {{200, 0, 0}, {0, 1, 0}}, new BigInteger[] {BigInteger.ONE, big.negate()});
        ZPoly r2 = ZPoly.of(l, new int[][] {{0, 0, 2}, {0, 0, 0}}, new BigInteger[] {BigInteger.valueOf(-1),
                BigInteger.valueOf(7)});
        ModularImages two = ModularImages.of(List.of(
                new ModularImages.Group(List.of(r1.exponents(0)), big.multiply(big), 11, List.of(r1)),
                new ModularImages.Group(List.of(r2.exponents(0)), BigInteger.valueOf(32003), 1, List.of(r2))));
        assertThat(two.groups()).hasSize(2);
        assertSameImages(two, ModularImagesCodec.decode(ModularImagesCodec.encode(two)));
        assertSameImages(ModularImages.empty(),
                ModularImagesCodec.decode(ModularImagesCodec.encode(ModularImages.empty())));
    }

    @Test
    void refusesDamagedBytesWithAClearError() {
        byte[] good = ModularImagesCodec.encode(katsuraImages(2147483647L, 2147483629L));
        // every truncation, and random byte flips, give IllegalArgumentException and nothing else
        for (int cut = 0; cut < good.length; cut += Math.max(1, good.length / 400)) {
            byte[] shortened = Arrays.copyOf(good, cut);
            assertThatThrownBy(() -> ModularImagesCodec.decode(shortened))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("malformed image set");
        }
        Random random = new Random(21);
        for (int round = 0; round < 300; round++) {
            byte[] damaged = good.clone();
            damaged[random.nextInt(Math.min(damaged.length, 200))] ^= (byte) (1 + random.nextInt(255));
            try {
                ModularImagesCodec.decode(damaged);
            } catch (IllegalArgumentException expected) {
                // refused; a flip inside a coefficient may decode to other (well-formed) residues
            }
        }
        byte[] huge = good.clone();
        huge[5] = 0x7F; // the group count: far more than the bytes could hold
        assertThatThrownBy(() -> ModularImagesCodec.decode(huge)).hasMessageContaining("count");
    }
}
