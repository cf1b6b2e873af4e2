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

    /** The algebra of this session: its variable order and its interrupt flag. */
    default Algebra algebra() {
        return new Algebra(variableOrder(), interruption());
    }
}
