package org.ox4j.server.lang;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.server.algebra.NoCmoFormException;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.algebra.ValueCodec;
import org.ox4j.server.algebra.ValuePrinter;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.TestContext;
import org.ox4j.server.session.SessionEvalContext;

/**
 * Everyday statements answered as Asir answers them: each program of {@code asir-statements.txt} runs in the local
 * language and its value is printed the way SM_popString prints what the statement left on the stack (its CMO form,
 * or the value itself when it has none); the expected answers were printed by Asir.
 */
class AsirStatementTableTest {
    private static final SessionEvalContext CTX = TestContext.create();
    private static final AsirLanguage LANG = new AsirLanguage();

    static Stream<Arguments> statements() throws IOException {
        List<Arguments> rows = new ArrayList<>();
        try (InputStream in = AsirStatementTableTest.class.getResourceAsStream("asir-statements.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int tab = line.indexOf('\t');
                rows.add(Arguments.of(line.substring(0, tab), unescape(line.substring(tab + 1))));
            }
        }
        assertThat(rows).hasSizeGreaterThan(200);
        return rows.stream();
    }

    private static String unescape(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                sb.append(n == 'n' ? '\n' : n);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statements")
    void answersAsAsirDoes(String program, String asir) {
        assertThat(answer(program)).isEqualTo(asir);
    }

    /** What a master's SM_popString gives after SM_executeStringByLocalParser of {@code program}, or ERROR. */
    private static String answer(String program) {
        Optional<Value> v;
        try {
            v = LANG.execute(program, CTX);
        } catch (EvaluationException e) {
            return "ERROR";
        }
        if (v.isEmpty()) {
            return "";
        }
        try {
            return ValuePrinter.popString(ValueCodec.toCmo(v.get()));
        } catch (NoCmoFormException e) {
            return ValuePrinter.print(v.get());
        }
    }
}
