package org.ox4j.client.syntax;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;

/**
 * Parses values written in Asir syntax into the CMOs an Asir master would send for them: integers
 * ({@code CMO_ZZ}), rationals ({@code CMO_QQ}), strings, lists, and polynomials with rational coefficients
 * ({@code CMO_RECURSIVE_POLYNOMIAL}, variables in Asir's default order). Arithmetic ({@code + - * / ^} and
 * parentheses) is evaluated here; division is allowed by non-zero constants only. {@code int32(n)} writes a
 * {@code CMO_INT32} (what {@code SM_pops} and {@code SM_executeFunction} expect as counts).
 *
 * <p>Not supported: program variables (upper-case names), function calls other than {@code int32}, floats.
 */
public final class AsirValueParser {
    private final String text;
    private int pos;
    /** Variables in order of first appearance, for Asir's ordering of non-standard names. */
    private final Set<String> seenVariables = new LinkedHashSet<>();

    private AsirValueParser(String text) {
        this.text = text;
    }

    /** Parses one value; the whole text must be consumed (an optional trailing {@code ;} is allowed). */
    public static Cmo parse(String text) {
        AsirValueParser p = new AsirValueParser(text);
        Value v = p.value();
        p.skipSpaces();
        if (p.pos < text.length() && (text.charAt(p.pos) == ';' || text.charAt(p.pos) == '$')) {
            p.pos++;
            p.skipSpaces();
        }
        if (p.pos != text.length()) {
            throw new AsirSyntaxException("unexpected '" + text.charAt(p.pos) + "'", p.pos);
        }
        return v.toCmo(p.seenVariables);
    }

    /** A parsed value before conversion: a polynomial, a string, a list or a raw CMO. */
    private interface Value {
        Cmo toCmo(Set<String> firstAppearance);
    }

    private record PolyValue(Polynomial poly) implements Value {
        @Override
        public Cmo toCmo(Set<String> firstAppearance) {
            return PolynomialEncoder.encode(poly, firstAppearance);
        }
    }

    private record RawValue(Cmo cmo) implements Value {
        @Override
        public Cmo toCmo(Set<String> firstAppearance) {
            return cmo;
        }
    }

    private record ListValue(List<Value> elements) implements Value {
        @Override
        public Cmo toCmo(Set<String> firstAppearance) {
            List<Cmo> out = new ArrayList<>();
            for (Value v : elements) {
                out.add(v.toCmo(firstAppearance));
            }
            return new CmoList(out);
        }
    }

    private Value value() {
        skipSpaces();
        if (peek() == '"') {
            return new RawValue(CmoString.of(string()));
        }
        if (peek() == '[') {
            return list();
        }
        return expression();
    }

    private Value list() {
        int start = pos;
        expect('[');
        List<Value> elements = new ArrayList<>();
        skipSpaces();
        if (peek() == ']') {
            pos++;
            return new ListValue(elements);
        }
        while (true) {
            elements.add(value());
            skipSpaces();
            char c = peek();
            if (c == ',') {
                pos++;
            } else if (c == ']') {
                pos++;
                return new ListValue(elements);
            } else {
                throw new AsirSyntaxException("list opened at offset " + start + " is not closed", pos);
            }
        }
    }

    private Value expression() {
        Value left = term();
        while (true) {
            skipSpaces();
            char c = peek();
            if (c != '+' && c != '-') {
                return left;
            }
            int at = pos++;
            Polynomial a = arithmetic(left, at);
            Polynomial b = arithmetic(term(), at);
            left = new PolyValue(c == '+' ? a.add(b) : a.add(b.negate()));
        }
    }

    private Value term() {
        Value left = unary();
        while (true) {
            skipSpaces();
            char c = peek();
            if (c != '*' && c != '/') {
                return left;
            }
            int at = pos++;
            Polynomial a = arithmetic(left, at);
            Polynomial b = arithmetic(unary(), at);
            if (c == '*') {
                left = new PolyValue(a.multiply(b));
            } else {
                if (!b.isConstant() || b.constantValue().isZero()) {
                    throw new AsirSyntaxException(b.isConstant() ? "division by zero"
                            : "division by a polynomial is not supported (only by non-zero numbers)", at);
                }
                left = new PolyValue(a.divideByConstant(b.constantValue()));
            }
        }
    }

    private Value unary() {
        skipSpaces();
        char c = peek();
        if (c == '-' || c == '+') {
            int at = pos++;
            Polynomial p = arithmetic(unary(), at);
            return new PolyValue(c == '-' ? p.negate() : p);
        }
        return power();
    }

    private Value power() {
        Value base = atom();
        skipSpaces();
        if (peek() != '^') {
            return base;
        }
        int at = pos++;
        Polynomial b = arithmetic(base, at);
        skipSpaces();
        Polynomial e = arithmetic(peek() == '(' ? atom() : unsignedNumber(), at);
        if (!e.isConstant() || !e.constantValue().isInteger() || e.constantValue().numerator().signum() < 0
                || e.constantValue().numerator().bitLength() > 20) {
            throw new AsirSyntaxException("exponent must be a small non-negative integer", at);
        }
        return new PolyValue(b.pow(e.constantValue().numerator().intValueExact()));
    }

    private Value atom() {
        skipSpaces();
        char c = peek();
        if (c == '(') {
            pos++;
            Value v = expression();
            skipSpaces();
            expect(')');
            return v;
        }
        if (Character.isDigit(c)) {
            return unsignedNumber();
        }
        if (Character.isLetter(c) || c == '_') {
            int start = pos;
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                pos++;
            }
            String name = text.substring(start, pos);
            skipSpaces();
            if (name.equals("int32") && peek() == '(') {
                return int32(start);
            }
            if (Character.isUpperCase(name.charAt(0))) {
                throw new AsirSyntaxException("'" + name + "' is a program variable; only indeterminates"
                        + " (lower-case names) can be sent", start);
            }
            if (peek() == '(') {
                throw new AsirSyntaxException("function calls are evaluated by the server: use 'call " + name
                        + " ...'", start);
            }
            seenVariables.add(name);
            return new PolyValue(Polynomial.variable(name));
        }
        if (c == '"' || c == '[') {
            throw new AsirSyntaxException("strings and lists cannot take part in arithmetic", pos);
        }
        throw new AsirSyntaxException(pos >= text.length() ? "value expected but the text ended"
                : "unexpected '" + c + "'", pos);
    }

    private Value int32(int start) {
        expect('(');
        skipSpaces();
        boolean negative = false;
        if (peek() == '-') {
            negative = true;
            pos++;
        }
        Value v = unsignedNumber();
        skipSpaces();
        expect(')');
        BigInteger n = ((PolyValue) v).poly().constantValue().numerator();
        n = negative ? n.negate() : n;
        if (n.bitLength() > 32 || (n.bitLength() == 32 && n.signum() < 0 && !n.equals(BigInteger.valueOf(Integer.MIN_VALUE)))) {
            throw new AsirSyntaxException("int32 argument out of range: " + n, start);
        }
        return new RawValue(new CmoInt32(n.intValue()));
    }

    private Value unsignedNumber() {
        skipSpaces();
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            throw new AsirSyntaxException("number expected", pos);
        }
        BigInteger n = new BigInteger(text.substring(start, pos));
        return new PolyValue(Polynomial.constant(Polynomial.Rational.of(n)));
    }

    private String string() {
        int start = pos;
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\' && pos < text.length()) {
                char e = text.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    default -> sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
        throw new AsirSyntaxException("string is not closed", start);
    }

    private Polynomial arithmetic(Value v, int at) {
        if (v instanceof PolyValue p) {
            return p.poly();
        }
        throw new AsirSyntaxException("strings, lists and int32 values cannot take part in arithmetic", at);
    }

    private void expect(char c) {
        skipSpaces();
        if (peek() != c) {
            throw new AsirSyntaxException("'" + c + "' expected", pos);
        }
        pos++;
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }
}
