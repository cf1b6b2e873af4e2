package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ox4j.algebra.gb.ModularImagesCodecTest.assertSameImages;
import static org.ox4j.algebra.gb.ModularImagesCodecTest.combined;
import static org.ox4j.algebra.gb.ModularImagesCodecTest.katsuraImages;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.QPoly;

/**
 * Image sets with their residues as integers: the same images, the same reconstruction, and they combine further
 * alike.
 */
class ModularImagesTest {
    @Test
    void combinedImagesAreTheSameImagesAndCombineFurtherAlike() {
        ModularImages words = katsuraImages(2147483647L, 2147483629L, 2147483587L, 2147483579L);
        ModularImages combined = combined(katsuraImages(2147483647L, 2147483629L, 2147483587L, 2147483579L));
        assertSameImages(words, combined);
        assertThat(combined.reconstruction().candidate()).isEqualTo(words.reconstruction().candidate());
        ModularImages more = katsuraImages(2147483563L, 2147483549L);
        // with more word residues on either side, or combined too
        assertSameImages(words.combine(more), combined.combine(more));
        assertSameImages(more.combine(words), more.combine(combined));
        assertSameImages(words.combine(more), combined.combine(combined(more)));
        // combining what is combined changes nothing
        assertThat(combined(combined).groups()).isEqualTo(combined.groups());
    }

    @Test
    void aReconstructionOverSeveralThreadsFindsTheCertifiedBasisOrNothing() {
        // katsura-6: 41 elements, enough for the reconstruction to split them over two threads
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(7), 8);
        ModularGroebner.Problem problem = ModularGroebner.Problem.of(StandardSystems.katsura(l, 6));
        List<Long> primes = new ArrayList<>();
        ModularImages images = ModularImages.empty();
        ModularImages.Reconstruction r = null;
        while (r == null || !r.settled()) {
            long p = ModularGroebner.prime(primes.size());
            primes.add(p);
            images = images.combine(problem.images(List.of(p), Interrupt.NONE, 1));
            r = images.reconstruction();
            if (primes.size() == 1) {
                // one 31-bit prime is too small for katsura-6's coefficients: no candidate, on any thread
                assertThat(images.largest().size()).isGreaterThanOrEqualTo(32);
                assertThat(r.candidate()).isNull();
                assertThat(r.settled()).isFalse();
            }
            assertThat(primes).hasSizeLessThan(40);
        }
        List<QPoly> candidate = r.candidate();
        assertThat(candidate).hasSize(images.largest().size()).doesNotContainNull();
        assertThat(images.agrees(candidate)).isTrue();
        IntegralCandidate integral = IntegralCandidate.of(ModularGroebner.Problem.integral(candidate));
        assertThat(problem.checkShare(integral, new int[] {0}, 1, Interrupt.NONE)).isTrue();
    }
}
