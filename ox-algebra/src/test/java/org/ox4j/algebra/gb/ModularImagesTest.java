package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ox4j.algebra.gb.ModularImagesCodecTest.assertSameImages;
import static org.ox4j.algebra.gb.ModularImagesCodecTest.katsuraImages;

import org.junit.jupiter.api.Test;

/** Image sets combined on request: the same images, the same reconstruction, and they combine further alike. */
class ModularImagesTest {
    @Test
    void combinedImagesAreTheSameImagesAndCombineFurtherAlike() {
        ModularImages words = katsuraImages(2147483647L, 2147483629L, 2147483587L, 2147483579L);
        ModularImages combined = katsuraImages(2147483647L, 2147483629L, 2147483587L, 2147483579L).combined();
        assertSameImages(words, combined);
        assertThat(combined.reconstruction().candidate()).isEqualTo(words.reconstruction().candidate());
        ModularImages more = katsuraImages(2147483563L, 2147483549L);
        // with more word residues on either side, or combined too
        assertSameImages(words.combine(more), combined.combine(more));
        assertSameImages(more.combine(words), more.combine(combined));
        assertSameImages(words.combine(more), combined.combine(more.combined()));
        // combining what is combined changes nothing
        assertThat(combined.combined().groups()).isEqualTo(combined.groups());
    }
}
