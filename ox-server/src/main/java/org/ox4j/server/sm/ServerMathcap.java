package org.ox4j.server.sm;

import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.mathcap.Mathcap;

/**
 * This server's mathcap (spec §5.4): {@code [[199901160, "ox4j"], [SM codes], [[514, [CMO tags]]]]}. The SM codes
 * are exactly the commands with a registered handler that a client may send on the data channel; the CMO tags are
 * the ones the server decodes and converts.
 */
public final class ServerMathcap {
    /** The version ox_asir and Asir masters put in element (0). */
    public static final int OX_VERSION = 199901160;
    /** Our system name in element (0). */
    public static final String SYSTEM_NAME = "ox4j";
    /** CMO tags accepted inside OX_DATA: ox_asir's list plus 51 (IEEE double). */
    public static final List<Integer> CMO_TAGS = List.of(1, 2, 3, 4, 5, 0x7f000001, 0x7f000002, 17, 19, 20, 21, 22,
            24, 25, 26, 31, 34, 27, 33, 60, 61, 52, 35, 51);

    private final List<Integer> smCodes;
    private final CmoMathcap cmo;

    public ServerMathcap(Collection<Integer> smCodes) {
        this.smCodes = List.copyOf(new TreeSet<>(smCodes));
        this.cmo = Mathcap.builder(SYSTEM_NAME).version(OX_VERSION)
                .smCodes(this.smCodes.stream().mapToInt(Integer::intValue).toArray())
                .dataFormat(Mathcap.OX_DATA, CMO_TAGS.stream().mapToInt(Integer::intValue).toArray())
                .build().toCmo();
    }

    /** SM codes listed, ascending. */
    public List<Integer> smCodes() {
        return smCodes;
    }

    /** The CMO form pushed by SM_mathcap. */
    public CmoMathcap toCmo() {
        return cmo;
    }
}
