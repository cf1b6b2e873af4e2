package org.ox4j.protocol;

import java.util.Arrays;
import java.util.Objects;
import org.ox4j.cmo.Cmo;

/**
 * {@code OX_DATA_WITH_SIZE} (521) as the specification describes it: declared size (-1 = unknown), the CMO,
 * then a tail of {@code CMO_START_SIGNATURE}, a length and that many bytes. No known peer sends it; ox4j can
 * read and write it.
 */
public record OxDataWithSize(int serial, int declaredSize, Cmo cmo, byte[] signature) implements OxMessage {
    /** The tail marker {@code CMO_START_SIGNATURE}. */
    public static final int START_SIGNATURE = 0x7fabcd03;

    public OxDataWithSize {
        Objects.requireNonNull(cmo, "cmo");
        signature = signature.clone();
    }

    @Override
    public byte[] signature() {
        return signature.clone();
    }

    @Override
    public int tagCode() {
        return OxTag.OX_DATA_WITH_SIZE.code();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OxDataWithSize d && d.serial == serial && d.declaredSize == declaredSize
                && d.cmo.equals(cmo) && Arrays.equals(d.signature, signature);
    }

    @Override
    public int hashCode() {
        return Objects.hash(serial, declaredSize, cmo, Arrays.hashCode(signature));
    }
}
