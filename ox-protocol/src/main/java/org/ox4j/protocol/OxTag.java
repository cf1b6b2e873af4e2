package org.ox4j.protocol;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** OX message tags: the first int32 of every OX message (specs: wire-format.md, "OX message tags"). */
public enum OxTag {
    OX_COMMAND(513),
    OX_DATA(514),
    OX_SYNC_BALL(515),
    OX_NOTIFY(516),
    OX_DATA_WITH_SIZE(521),
    OX_LOCAL_OBJECT_ASIR(0x7fcdef30),
    OX_LOCAL_OBJECT_SM1(0x7fcdef31);

    private static final Map<Integer, OxTag> BY_CODE = new HashMap<>();

    static {
        for (OxTag t : values()) {
            BY_CODE.put(t.code, t);
        }
    }

    private final int code;

    OxTag(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static Optional<OxTag> fromCode(int code) {
        return Optional.ofNullable(BY_CODE.get(code));
    }
}
