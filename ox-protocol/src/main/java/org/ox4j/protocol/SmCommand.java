package org.ox4j.protocol;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Stack-machine and control command codes. Where the OpenXM specification and Asir disagree (278-283, 1025),
 * the Asir meaning is used, because Asir masters and ox_asir are the peers ox4j must interoperate with
 * (specs: stack-machine.md).
 */
public enum SmCommand {
    POP_SERIALIZED_LOCAL_OBJECT(258, "SM_popSerializedLocalObject"),
    POP_CMO(262, "SM_popCMO"),
    POP_STRING(263, "SM_popString"),
    MATHCAP(264, "SM_mathcap"),
    POPS(265, "SM_pops"),
    SET_NAME(266, "SM_setName"),
    EVAL_NAME(267, "SM_evalName"),
    EXECUTE_STRING_BY_LOCAL_PARSER(268, "SM_executeStringByLocalParser"),
    EXECUTE_FUNCTION(269, "SM_executeFunction"),
    BEGIN_BLOCK(270, "SM_beginBlock"),
    END_BLOCK(271, "SM_endBlock"),
    SHUTDOWN(272, "SM_shutdown"),
    SET_MATHCAP(273, "SM_setMathcap"),
    EXECUTE_STRING_BY_LOCAL_PARSER_IN_BATCH_MODE(274, "SM_executeStringByLocalParserInBatchMode"),
    GETSP(275, "SM_getsp"),
    DUP_ERRORS(276, "SM_dupErrors"),
    PUSH_CMO_TAG(277, "SM_pushCMOtag"),
    SET_RANK_102(278, "SM_set_rank_102"),
    TCP_ACCEPT_102(279, "SM_tcp_accept_102"),
    TCP_CONNECT_102(280, "SM_tcp_connect_102"),
    RESET_102(281, "SM_reset_102"),
    BCAST_102(282, "SM_bcast_102"),
    REDUCE_102(283, "SM_reduce_102"),
    NOP(300, "SM_nop"),
    EXECUTE_FUNCTION_SYNC(400, "SM_executeFunctionSync"),
    CONTROL_KILL(1024, "SM_control_kill"),
    CONTROL_INTR(1025, "SM_control_intr"),
    CONTROL_RESET_CONNECTION(1030, "SM_control_reset_connection");

    private static final Map<Integer, SmCommand> BY_CODE = new HashMap<>();
    private static final Map<String, SmCommand> BY_NAME = new HashMap<>();

    static {
        for (SmCommand c : values()) {
            BY_CODE.put(c.code, c);
            BY_NAME.put(c.specName.toLowerCase(java.util.Locale.ROOT), c);
        }
    }

    private final int code;
    private final String specName;

    SmCommand(int code, String specName) {
        this.code = code;
        this.specName = specName;
    }

    /** The code on the wire. */
    public int code() {
        return code;
    }

    /** The name in the OpenXM specification (Asir's spelling for 278-283 and 400). */
    public String specName() {
        return specName;
    }

    /** True for the codes sent on the control channel. */
    public boolean isControl() {
        return code >= 1024 && code < 2048;
    }

    public static Optional<SmCommand> fromCode(int code) {
        return Optional.ofNullable(BY_CODE.get(code));
    }

    /** Looks up by spec name, case-insensitive, with or without the {@code SM_} prefix. */
    public static Optional<SmCommand> fromName(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        SmCommand c = BY_NAME.get(n);
        if (c == null) {
            c = BY_NAME.get("sm_" + n);
        }
        return Optional.ofNullable(c);
    }
}
