package org.ox4j.server.session;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.eval.Interruption;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.FunctionRegistry;

/** The {@link EvalContext} of one session: its interrupt flag, its variables, the shared library, its services. */
public final class SessionEvalContext implements EvalContext {
    private final Interruption interruption;
    private final Map<String, Value> variables = new HashMap<>();
    private final FunctionRegistry functions;
    private final Map<Class<?>, Object> services;

    public SessionEvalContext(Interruption interruption, FunctionRegistry functions, Map<Class<?>, Object> services) {
        this.interruption = interruption;
        this.functions = functions;
        this.services = Map.copyOf(services);
    }

    @Override
    public Interruption interruption() {
        return interruption;
    }

    @Override
    public Map<String, Value> variables() {
        return variables;
    }

    @Override
    public FunctionRegistry functions() {
        return functions;
    }

    @Override
    public <T> Optional<T> service(Class<T> type) {
        return Optional.ofNullable(services.get(type)).map(type::cast);
    }
}
