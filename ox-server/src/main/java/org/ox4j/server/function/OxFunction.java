package org.ox4j.server.function;

import java.util.List;
import org.ox4j.cmo.Cmo;

/** A function callable by {@code SM_executeFunction} and from the local language: CMO arguments in, one CMO out. */
@FunctionalInterface
public interface OxFunction {
    /**
     * Applies the function; throws {@link org.ox4j.server.eval.EvaluationException} with an Asir-style message
     * on bad arguments.
     */
    Cmo apply(List<Cmo> args, EvalContext context);
}
