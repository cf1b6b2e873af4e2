package org.ox4j.server.function;

import java.util.Map;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.server.eval.Interruption;
import org.ox4j.server.session.SessionEvalContext;

/** A plain session context for unit tests: builtins registered, own variables, own variable order. */
public final class TestContext {
    private TestContext() {
    }

    /** A fresh session context, as the server builds one, with only the variable-order service. */
    public static SessionEvalContext create() {
        return new SessionEvalContext(new Interruption(), BuiltinFunctions.registerAll(new FunctionRegistry()),
                Map.of(VariableOrder.class, new VariableOrder()));
    }
}
