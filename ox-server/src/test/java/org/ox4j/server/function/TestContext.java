package org.ox4j.server.function;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.server.algebra.VariableOrder;
import org.ox4j.server.eval.EvalContext;
import org.ox4j.server.eval.Interruption;

/** A plain session context for unit tests: builtins registered, own variables, own variable order. */
public final class TestContext implements EvalContext {
    private final Interruption interruption = new Interruption();
    private final Map<String, Cmo> variables = new HashMap<>();
    private final FunctionRegistry functions = BuiltinFunctions.registerAll(new FunctionRegistry());
    private final VariableOrder order = new VariableOrder();

    @Override
    public Interruption interruption() {
        return interruption;
    }

    @Override
    public Map<String, Cmo> variables() {
        return variables;
    }

    @Override
    public FunctionRegistry functions() {
        return functions;
    }

    @Override
    public <T> Optional<T> service(Class<T> type) {
        return type == VariableOrder.class ? Optional.of(type.cast(order)) : Optional.empty();
    }
}
