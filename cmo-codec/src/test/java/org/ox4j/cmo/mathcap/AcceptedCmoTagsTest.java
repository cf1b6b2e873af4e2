package org.ox4j.cmo.mathcap;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoType;

class AcceptedCmoTagsTest {
    private static final Mathcap LIST_AND_INT32 = Mathcap.builder("t")
            .dataFormat(Mathcap.OX_DATA, CmoType.LIST.code(), CmoType.INT32.code(), CmoType.ERROR2.code()).build();

    @Test
    void theFirstUnlistedTagDepthFirstIsReported() {
        AcceptedCmoTags tags = LIST_AND_INT32.acceptedCmoTags();
        assertThat(tags.contains(CmoType.LIST.code())).isTrue();
        assertThat(tags.contains(CmoType.ZZ.code())).isFalse();
        assertThat(tags.accepts(CmoList.of(new CmoInt32(1), CmoList.of(new CmoInt32(2))))).isTrue();
        assertThat(tags.firstRefused(CmoList.of(new CmoInt32(1), CmoList.of(CmoString.of("s")))))
                .contains(CmoType.STRING.code());
    }

    @Test
    void anErrorsBodyIsNotLookedInto() {
        assertThat(LIST_AND_INT32.acceptedCmoTags().accepts(CmoError2.of(3, "a string inside"))).isTrue();
        assertThat(LIST_AND_INT32.firstRefusedTag(CmoError2.of(3, "a string inside"))).isEmpty();
    }
}
