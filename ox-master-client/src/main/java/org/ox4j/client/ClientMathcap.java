package org.ox4j.client;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoString;
import org.ox4j.protocol.OxTag;

/**
 * The mathcap this client sends with {@code SM_setMathcap}: shaped like the Asir master's (spec §5.4), with
 * the CMO tags ox4j's reader decodes. Servers use it to filter their replies.
 */
public final class ClientMathcap {
    /** Version number Asir puts in element (0). */
    public static final int OX_VERSION = 199901160;

    private static final int[] SM_CODES = {276, 275, 258, 262, 263, 277, 266, 267, 268, 274, 269, 272, 265, 264,
        273, 300, 270, 271};
    private static final int[] CMO_TAGS = {1, 2, 3, 4, 5, 2130706433, 2130706434, 17, 19, 20, 21, 22, 24, 25, 26,
        31, 34, 27, 33, 60, 61, 52, 35, 51};

    private ClientMathcap() {
    }

    /** {@code [[199901160, "ox4j"], [sm codes], [[514, [cmo tags]]]]}. */
    public static CmoMathcap create() {
        return new CmoMathcap(CmoList.of(
                CmoList.of(new CmoInt32(OX_VERSION), CmoString.of("ox4j")),
                ints(SM_CODES),
                CmoList.of(CmoList.of(new CmoInt32(OxTag.OX_DATA.code()), ints(CMO_TAGS)))));
    }

    private static CmoList ints(int[] values) {
        List<Cmo> l = new ArrayList<>();
        for (int v : values) {
            l.add(new CmoInt32(v));
        }
        return new CmoList(l);
    }
}
