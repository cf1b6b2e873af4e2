package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.ZPoly;

/**
 * Garner's combination of word residues against BigInteger's own remaindering, and image sets that keep their
 * images as words against the same images merged as integers one prime at a time.
 */
class MixedRadixCrtTest {
    private static long[] primes(int count) {
        long[] p = new long[count];
        for (int j = 0; j < count; j++) {
            p[j] = ModularGroebner.prime(j);
        }
        return p;
    }

    @Test
    void agreesWithBigIntegerRemainderingForRandomAndExtremeResidues() {
        Random rnd = new Random(20261203);
        for (int k : new int[] {1, 2, 3, 14, 28, 61}) {
            long[] p = primes(k);
            MixedRadixCrt crt = new MixedRadixCrt(p);
            BigInteger m = BigInteger.ONE;
            for (long q : p) {
                m = m.multiply(BigInteger.valueOf(q));
            }
            assertThat(crt.modulus()).isEqualTo(m);
            int n = 200;
            BigInteger[] x = new BigInteger[n];
            for (int i = 0; i < n; i++) {
                x[i] = switch (i) {
                    case 0 -> BigInteger.ZERO;
                    case 1 -> BigInteger.ONE;
                    case 2 -> m.subtract(BigInteger.ONE);
                    case 3 -> BigInteger.valueOf(p[0] - 1);
                    default -> new BigInteger(m.bitLength() + 8, rnd).mod(m);
                };
            }
            int[][] residues = new int[k][n];
            for (int j = 0; j < k; j++) {
                for (int i = 0; i < n; i++) {
                    residues[j][i] = x[i].mod(BigInteger.valueOf(p[j])).intValueExact();
                }
            }
            assertThat(crt.combine(residues, n)).containsExactly(x);
        }
    }

    @Test
    void barrettStepIsTheRemainderUpTo2To63() {
        Random rnd = new Random(7);
        for (long p : primes(5)) {
            long reciprocal = Long.divideUnsigned(-1L, p);
            for (int t = 0; t < 100_000; t++) {
                long x = rnd.nextLong() >>> 1;
                assertThat(MixedRadixCrt.reduce(x, p, reciprocal)).isEqualTo(x % p);
            }
            assertThat(MixedRadixCrt.reduce(Long.MAX_VALUE, p, reciprocal)).isEqualTo(Long.MAX_VALUE % p);
        }
    }

    @Test
    void refusesModuliOutsideItsRange() {
        assertThatThrownBy(() -> new MixedRadixCrt(new long[] {32003})).isInstanceOf(IllegalArgumentException.class);
        // in range but 5²·42949673
        assertThatThrownBy(() -> new MixedRadixCrt(new long[] {2147483647L, 1073741825L}))
                .isInstanceOf(ArithmeticException.class);
        assertThat(MixedRadixCrt.accepts(2147483647L)).isTrue();
        assertThat(MixedRadixCrt.accepts(1L << 31)).isFalse();
    }

    /** The same images merged prime by prime as integers (what a base group does). */
    private static ModularImages.Group mergedAsIntegers(List<List<ModPoly>> images, long[] p) {
        List<ZPoly> acc = null;
        BigInteger m = BigInteger.ONE;
        for (int j = 0; j < p.length; j++) {
            BigInteger q = BigInteger.valueOf(p[j]);
            List<ZPoly> next = new ArrayList<>();
            for (int k = 0; k < images.get(j).size(); k++) {
                ZPoly lifted = images.get(j).get(k).lift();
                next.add(acc == null ? lifted
                        : ModularImages.mergeResidues(acc.get(k), lifted, m, q, m.mod(q).modInverse(q)));
            }
            acc = next;
            m = m.multiply(q);
        }
        List<int[]> leads = new ArrayList<>();
        for (ZPoly z : acc) {
            leads.add(z.exponents(0));
        }
        return new ModularImages.Group(leads, m, p.length, acc);
    }

    @Test
    void wordImagesCombineLikeIntegerMergesAlsoAcrossByteFormsAndProbes() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(6), 8);
        List<ZPoly> f = StandardSystems.katsura(l, 5);
        long[] p = primes(9);
        List<List<ModPoly>> images = new ArrayList<>();
        ModularImages left = ModularImages.empty();
        ModularImages right = ModularImages.empty();
        for (int j = 0; j < p.length; j++) {
            Modulus mod = Modulus.of(p[j]);
            List<ModPoly> g = F4.basis(f.stream().map(z -> ModPoly.of(z, mod)).toList(), Interrupt.NONE, 1);
            images.add(g);
            ModularImages one = ModularImages.of(g, p[j]);
            if (j % 2 == 0) {
                left = left.combine(one);
            } else {
                right = right.combine(one);
            }
        }
        ModularImages.Group expected = mergedAsIntegers(images, p);
        // words on both sides, one side through its byte form (a base meeting pending words), probes first
        ModularImages lastOnly = left.lastElements().combine(right.lastElements());
        int last = expected.size() - 1;
        assertThat(lastOnly.largest().residue(0)).isEqualTo(expected.residue(last));
        ModularImages viaBytes = left.combine(ModularImagesCodec.decode(ModularImagesCodec.encode(right)));
        ModularImages words = left.combine(right);
        for (ModularImages all : List.of(viaBytes, words)) {
            ModularImages.Group g = all.largest();
            assertThat(g.primes()).isEqualTo(p.length);
            assertThat(g.modulus()).isEqualTo(expected.modulus());
            assertThat(g.residues()).isEqualTo(expected.residues());
        }
        // a combined group merges on as a base: more primes after the residues were asked for
        Modulus extra = Modulus.of(ModularGroebner.prime(9));
        List<ModPoly> g9 = F4.basis(f.stream().map(z -> ModPoly.of(z, extra)).toList(), Interrupt.NONE, 1);
        images.add(g9);
        long[] p10 = primes(10);
        assertThat(words.combine(ModularImages.of(g9, p10[9])).largest().residues())
                .isEqualTo(mergedAsIntegers(images, p10).residues());
    }

    @Test
    void aPrimeOutsideTheWordRangeIsLiftedAndMeetsWordImages() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(5), 8);
        List<ZPoly> f = StandardSystems.katsura(l, 4);
        long[] p = {32003, ModularGroebner.prime(0), ModularGroebner.prime(1)};
        List<List<ModPoly>> images = new ArrayList<>();
        ModularImages all = ModularImages.empty();
        for (long q : p) {
            Modulus mod = Modulus.of(q);
            List<ModPoly> g = F4.basis(f.stream().map(z -> ModPoly.of(z, mod)).toList(), Interrupt.NONE, 1);
            images.add(g);
            all = all.combine(ModularImages.of(g, q));
        }
        assertThat(all.groups()).hasSize(1);
        assertThat(all.largest().residues()).isEqualTo(mergedAsIntegers(images, p).residues());
    }

    @Test
    void anImageWithATermMissingIsCombinedAsIntegersInstead() {
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(2), 8);
        long p0 = ModularGroebner.prime(0);
        long p1 = ModularGroebner.prime(1);
        ZPoly full = ZPoly.of(l, new int[][] {{2, 0}, {1, 1}, {0, 0}},
                new BigInteger[] {BigInteger.ONE, BigInteger.valueOf(5), BigInteger.valueOf(7)});
        ZPoly missing = ZPoly.of(l, new int[][] {{2, 0}, {0, 0}},
                new BigInteger[] {BigInteger.ONE, BigInteger.valueOf(9)});
        ModularImages a = ModularImages.of(List.of(ModPoly.of(full, Modulus.of(p0))), p0);
        ModularImages b = ModularImages.of(List.of(ModPoly.of(missing, Modulus.of(p1))), p1);
        ZPoly r = a.combine(b).largest().residue(0);
        BigInteger m = BigInteger.valueOf(p0).multiply(BigInteger.valueOf(p1));
        assertThat(r.size()).isEqualTo(3);
        // each coefficient is congruent to its image's (0 where the term is missing)
        BigInteger[] want0 = {BigInteger.ONE, BigInteger.valueOf(5), BigInteger.valueOf(7)};
        BigInteger[] want1 = {BigInteger.ONE, BigInteger.ZERO, BigInteger.valueOf(9)};
        for (int i = 0; i < 3; i++) {
            assertThat(r.coefficient(i).mod(BigInteger.valueOf(p0))).isEqualTo(want0[i]);
            assertThat(r.coefficient(i).mod(BigInteger.valueOf(p1))).isEqualTo(want1[i]);
            assertThat(r.coefficient(i).signum()).isPositive();
            assertThat(r.coefficient(i)).isLessThan(m);
        }
    }
}
