package org.ox4j.protocol;

import java.util.Objects;
import org.ox4j.cmo.Cmo;

/** {@code OX_DATA}: one CMO. */
public record OxData(int serial, Cmo cmo) implements OxMessage {
    public OxData {
        Objects.requireNonNull(cmo, "cmo");
    }

    @Override
    public int tagCode() {
        return OxTag.OX_DATA.code();
    }
}
