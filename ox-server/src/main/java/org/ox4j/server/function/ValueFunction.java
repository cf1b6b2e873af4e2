package org.ox4j.server.function;

import java.util.List;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Value;

/** A builtin written on {@link Value}s; {@link BuiltinFunctions} adapts it to the CMO-level {@link OxFunction}. */
@FunctionalInterface
public interface ValueFunction {
    /** Applies the function to converted arguments. */
    Value apply(List<Value> args, Algebra algebra, EvalContext context);
}
