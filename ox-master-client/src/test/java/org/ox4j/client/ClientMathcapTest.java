package org.ox4j.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoString;

class ClientMathcapTest {
    private static CmoList ints(int... values) {
        List<Cmo> l = new ArrayList<>();
        for (int v : values) {
            l.add(new CmoInt32(v));
        }
        return new CmoList(l);
    }

    @Test
    void hasTheAsirMasterShapeWithNoOptionsElement() {
        CmoMathcap expected = new CmoMathcap(CmoList.of(
                CmoList.of(new CmoInt32(199901160), CmoString.of("ox4j")),
                ints(276, 275, 258, 262, 263, 277, 266, 267, 268, 274, 269, 272, 265, 264, 273, 300, 270, 271),
                CmoList.of(CmoList.of(new CmoInt32(514), ints(1, 2, 3, 4, 5, 2130706433, 2130706434, 17, 19, 20,
                        21, 22, 24, 25, 26, 31, 34, 27, 33, 60, 61, 52, 35, 51)))));
        assertThat(ClientMathcap.create()).isEqualTo(expected);
    }
}
