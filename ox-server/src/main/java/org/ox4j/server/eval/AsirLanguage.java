package org.ox4j.server.eval;

import java.util.Optional;
import org.ox4j.cmo.Cmo;

/**
 * The Asir-like language of the algebra module ({@link org.ox4j.server.lang.LocalLanguage}) behind the stack
 * machine's {@link LocalLanguage} interface. One instance per session, because functions defined with {@code def}
 * belong to the session that defined them.
 */
public final class AsirLanguage implements LocalLanguage {
    private final org.ox4j.server.lang.LocalLanguage language = new org.ox4j.server.lang.LocalLanguage();

    @Override
    public Optional<Cmo> execute(String source, EvalContext context) {
        return language.execute(source, context);
    }
}
