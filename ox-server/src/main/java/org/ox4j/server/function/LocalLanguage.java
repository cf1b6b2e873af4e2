package org.ox4j.server.function;

import java.util.Optional;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.eval.EvaluationException;

/**
 * The server's local language as the stack machine sees it, run by {@code SM_executeStringByLocalParser} and
 * {@code SM_evalName}; the server's is {@code org.ox4j.server.lang.AsirLanguage}.
 */
public interface LocalLanguage {
    /**
     * Parses and evaluates the first statement of {@code source} (it must end with {@code ;} or {@code $}).
     *
     * @return the value to push, or empty for a statement whose value is "void" (nothing is pushed)
     * @throws EvaluationException with an Asir-style message on a parse or runtime error
     */
    Optional<Value> execute(String source, EvalContext context);
}
