package org.ox4j.server.eval;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.server.function.FunctionSpec;

/**
 * The fallback local language used when no richer one is installed: one statement made of integer and string
 * literals, lists {@code [a,b]}, session variables (capitalised names) and calls {@code f(a,b)} of the function
 * library, terminated by {@code ;} or {@code $}. Enough to drive the stack machine; arithmetic and definitions
 * belong to the algebra module's language.
 */
public final class MinimalLanguage implements LocalLanguage {
    @Override
    public Optional<Cmo> execute(String source, EvalContext context) {
        return Optional.of(new Parser(source, context).statement());
    }

    private static final class Parser {
        private final String s;
        private final EvalContext ctx;
        private int pos;

        Parser(String s, EvalContext ctx) {
            this.s = s;
            this.ctx = ctx;
        }

        Cmo statement() {
            skipSpace();
            if (pos >= s.length()) {
                throw new EvaluationException("end-of-line detected during parsing");
            }
            Cmo v = expression();
            skipSpace();
            if (pos >= s.length()) {
                throw new EvaluationException("end-of-line detected during parsing");
            }
            char c = s.charAt(pos);
            if (c != ';' && c != '$') {
                throw new EvaluationException("syntax error");
            }
            return v;
        }

        private Cmo expression() {
            ctx.interruption().check();
            skipSpace();
            if (pos >= s.length()) {
                throw new EvaluationException("end-of-line detected during parsing");
            }
            char c = s.charAt(pos);
            if (c == '"') {
                return string();
            }
            if (c == '[') {
                pos++;
                List<Cmo> items = arguments(']');
                return new CmoList(items);
            }
            if (c == '-' || Character.isDigit(c)) {
                return integer();
            }
            if (Character.isLetter(c) || c == '_') {
                String name = identifier();
                skipSpace();
                if (pos < s.length() && s.charAt(pos) == '(') {
                    pos++;
                    return call(name, arguments(')'));
                }
                if (Character.isUpperCase(name.charAt(0))) {
                    return ctx.variables().getOrDefault(name, CmoNull.INSTANCE);
                }
                throw new EvaluationException("syntax error");
            }
            throw new EvaluationException("syntax error");
        }

        private Cmo call(String name, List<Cmo> args) {
            FunctionSpec f = ctx.functions().lookup(name)
                    .orElseThrow(() -> new EvaluationException("evalf : " + name + " undefined"));
            if (!f.accepts(args.size())) {
                throw new EvaluationException("bevalf : argument mismatch in " + name + "()");
            }
            return f.function().apply(args, ctx);
        }

        private List<Cmo> arguments(char close) {
            List<Cmo> out = new ArrayList<>();
            skipSpace();
            if (pos < s.length() && s.charAt(pos) == close) {
                pos++;
                return out;
            }
            while (true) {
                out.add(expression());
                skipSpace();
                if (pos >= s.length()) {
                    throw new EvaluationException("end-of-line detected during parsing");
                }
                char c = s.charAt(pos++);
                if (c == close) {
                    return out;
                }
                if (c != ',') {
                    throw new EvaluationException("syntax error");
                }
            }
        }

        private Cmo integer() {
            int start = pos;
            if (s.charAt(pos) == '-') {
                pos++;
            }
            while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
                pos++;
            }
            if (pos == start || (pos == start + 1 && s.charAt(start) == '-')) {
                throw new EvaluationException("syntax error");
            }
            BigInteger v = new BigInteger(s.substring(start, pos));
            return v.signum() == 0 ? CmoNull.INSTANCE : new CmoZZ(v);
        }

        private Cmo string() {
            StringBuilder b = new StringBuilder();
            pos++;
            while (pos < s.length()) {
                char c = s.charAt(pos++);
                if (c == '"') {
                    return CmoString.of(b.toString());
                }
                if (c == '\\' && pos < s.length()) {
                    c = s.charAt(pos++);
                }
                b.append(c);
            }
            throw new EvaluationException("end-of-line detected during parsing");
        }

        private String identifier() {
            int start = pos;
            while (pos < s.length() && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_')) {
                pos++;
            }
            return s.substring(start, pos);
        }

        private void skipSpace() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }
    }
}
