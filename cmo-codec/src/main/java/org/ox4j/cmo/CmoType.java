package org.ox4j.cmo;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Every CMO tag ox4j understands, with its wire code and the name the OpenXM specification uses
 * (specs: wire-format.md, "CMO tags"). Unknown codes map to {@link Optional#empty()}, never to an exception,
 * so that callers decide how to report them.
 */
public enum CmoType {
    NULL(1, "CMO_NULL"),
    INT32(2, "CMO_INT32"),
    DATUM(3, "CMO_DATUM"),
    STRING(4, "CMO_STRING"),
    MATHCAP(5, "CMO_MATHCAP"),
    ARRAY(16, "CMO_ARRAY"),
    LIST(17, "CMO_LIST"),
    ATOM(18, "CMO_ATOM"),
    MONOMIAL32(19, "CMO_MONOMIAL32"),
    ZZ(20, "CMO_ZZ"),
    QQ(21, "CMO_QQ"),
    ZERO(22, "CMO_ZERO"),
    DMS_GENERIC(24, "CMO_DMS_GENERIC"),
    DMS_OF_N_VARIABLES(25, "CMO_DMS_OF_N_VARIABLES"),
    RING_BY_NAME(26, "CMO_RING_BY_NAME"),
    RECURSIVE_POLYNOMIAL(27, "CMO_RECURSIVE_POLYNOMIAL"),
    DISTRIBUTED_POLYNOMIAL(31, "CMO_DISTRIBUTED_POLYNOMIAL"),
    POLYNOMIAL_IN_ONE_VARIABLE(33, "CMO_POLYNOMIAL_IN_ONE_VARIABLE"),
    RATIONAL(34, "CMO_RATIONAL"),
    COMPLEX(35, "CMO_COMPLEX"),
    MACHINE_DOUBLE_64(40, "CMO_64BIT_MACHINE_DOUBLE"),
    BIGFLOAT(50, "CMO_BIGFLOAT"),
    IEEE_DOUBLE_FLOAT(51, "CMO_IEEE_DOUBLE_FLOAT"),
    BIGFLOAT32(52, "CMO_BIGFLOAT32"),
    INDETERMINATE(60, "CMO_INDETERMINATE"),
    TREE(61, "CMO_TREE"),
    LAMBDA(62, "CMO_LAMBDA"),
    ERROR(0x7f000001, "CMO_ERROR"),
    ERROR2(0x7f000002, "CMO_ERROR2");

    private static final Map<Integer, CmoType> BY_CODE = new HashMap<>();
    /** The types whose codes are below 256 (all but the error tags), by code: one array load per tag read. */
    private static final CmoType[] SMALL_CODES = new CmoType[256];

    static {
        for (CmoType t : values()) {
            BY_CODE.put(t.code, t);
            if (t.code >= 0 && t.code < SMALL_CODES.length) {
                SMALL_CODES[t.code] = t;
            }
        }
    }

    private final int code;
    private final String specName;

    CmoType(int code, String specName) {
        this.code = code;
        this.specName = specName;
    }

    /** The tag as written on the wire. */
    public int code() {
        return code;
    }

    /** The name used by the OpenXM specification, e.g. {@code CMO_ZZ}. */
    public String specName() {
        return specName;
    }

    /** The type with this wire code, if ox4j knows it. */
    public static Optional<CmoType> fromCode(int code) {
        return Optional.ofNullable(ofCode(code));
    }

    /** The type with this wire code, or null (the decoders' per-tag lookup, without boxing). */
    public static CmoType ofCode(int code) {
        return code >= 0 && code < SMALL_CODES.length ? SMALL_CODES[code] : BY_CODE.get(code);
    }
}
