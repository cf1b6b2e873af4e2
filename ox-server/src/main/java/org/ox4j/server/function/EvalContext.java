package org.ox4j.server.function;

import java.util.Map;
import java.util.Optional;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.eval.Interruption;

/**
 * What a function or a statement of the local language can see of its session: the interrupt flag, the
 * session's variables (shared by {@code SM_setName}/{@code SM_evalName} and the language), the function
 * library, and optional services such as the RFC-102 peer group, looked up by type.
 */
public interface EvalContext {
    /** The session's interrupt flag. */
    Interruption interruption();

    /**
     * Session variables by name (capitalised names, as in Asir), holding values: SM_setName converts the popped
     * CMO once, the language reads and writes values. Mutable, confined to the session thread.
     */
    Map<String, Value> variables();

    /** The function library. */
    FunctionRegistry functions();

    /** A session service (e.g. the RFC-102 group), if this session has one. */
    <T> Optional<T> service(Class<T> type);

    /** The session's variable order (its {@code VariableOrder} service) or the process-wide one. */
    default VariableOrder variableOrder() {
        return service(VariableOrder.class).orElse(VariableOrder.shared());
    }

    /**
     * The most loop iterations and user-function calls one program sent to the language may run before it is
     * stopped with an error (Asir has no such bound; a server's cores are shared by its masters, and a master that
     * never resets would otherwise lose its session to {@code while (1) {}}). The system property
     * {@code ox4j.maxSteps} sets it for the whole server.
     */
    default long maxSteps() {
        return DEFAULT_MAX_STEPS;
    }

    /** 10^9 steps (about a minute of a tight loop), or the system property {@code ox4j.maxSteps}. */
    long DEFAULT_MAX_STEPS = Math.max(1, Long.getLong("ox4j.maxSteps", 1_000_000_000L));

    /** The algebra of this session: its variable order and its interrupt flag. */
    default Algebra algebra() {
        return new Algebra(variableOrder(), interruption());
    }
}
