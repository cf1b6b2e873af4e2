package org.ox4j.client;

import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.mathcap.Mathcap;

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
        return Mathcap.builder("ox4j").version(OX_VERSION).smCodes(SM_CODES).cmoTags(CMO_TAGS).build().toCmo();
    }
}
