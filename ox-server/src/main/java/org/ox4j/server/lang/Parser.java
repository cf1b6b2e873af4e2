package org.ox4j.server.lang;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Str;
import org.ox4j.server.eval.EvaluationException;

/**
 * Recursive-descent parser for the Asir subset. Precedence, loosest first: assignment (right; also
 * {@code += -= *= /= %= ^=} and indexed targets), the conditional {@code ?:}, {@code || &&},
 * comparisons ({@code == != < > <= >=}), {@code + -}, {@code * / %}, unary {@code - + !}, {@code ^} (right
 * associative, binds tighter than unary minus: {@code -x^2 = -(x^2)}, and its exponent may carry a sign), then
 * {@code ++ --} and indexing {@code e[i]}.
 * Hand-written rather than generated: the grammar is small, and this gives exact error positions without a
 * build-time tool or runtime dependency.
 */
final class Parser {
    private final String src;
    private final List<Token> tokens;
    private int i;

    Parser(String src) {
        this.src = src;
        this.tokens = new Lexer(src).tokens();
    }

    /** All statements of the source. */
    List<Node> program() {
        List<Node> out = new ArrayList<>();
        while (peek().kind() != Token.Kind.END) {
            Node s = statement();
            out.add(s);
            if (s instanceof Node.End) {
                break;
            }
        }
        return out;
    }

    private Node statement() {
        Token t = peek();
        if (atTerminator()) {
            next();
            return new Node.Block(t, List.of()); // the empty statement
        }
        if (t.is("def")) {
            return def();
        }
        if (t.is("{")) {
            return block();
        }
        if (t.is("return")) {
            next();
            Node value = atTerminator() ? null : expression();
            terminator();
            return new Node.Return(t, value);
        }
        if (t.is("if")) {
            next();
            expect("(");
            Node cond = expression();
            expect(")");
            Node then = statement();
            Node otherwise = null;
            if (peek().is("else")) {
                next();
                otherwise = statement();
            }
            return new Node.If(t, cond, then, otherwise);
        }
        if (t.is("while")) {
            next();
            expect("(");
            Node cond = expression();
            expect(")");
            return new Node.While(t, cond, statement());
        }
        if (t.is("for")) {
            next();
            expect("(");
            List<Node> init = peek().is(";") ? List.of() : arguments(";");
            expect(";");
            Node cond = peek().is(";") ? null : expression();
            expect(";");
            List<Node> update = peek().is(")") ? List.of() : arguments(")");
            expect(")");
            return new Node.For(t, init, cond, update, statement());
        }
        if (t.is("do")) {
            next();
            Node body = statement();
            if (!peek().is("while")) {
                throw error(peek(), "'while' expected after the body of 'do'");
            }
            next();
            expect("(");
            Node cond = expression();
            expect(")");
            terminator();
            return new Node.DoWhile(t, body, cond);
        }
        if (t.is("break") || t.is("continue")) {
            next();
            terminator();
            return t.is("break") ? new Node.Break(t) : new Node.Continue(t);
        }
        if (t.is("extern") || t.is("local")) {
            next();
            List<String> names = new ArrayList<>();
            do {
                Token v = next();
                if (v.kind() != Token.Kind.VARIABLE) {
                    throw error(v, "a variable (capitalised name) expected after '" + t.text() + "'");
                }
                names.add(v.text());
            } while (accept(","));
            terminator();
            // 'local' declares what is local anyway (a function's variables are): nothing to do
            return t.is("extern") ? new Node.Extern(t, names) : new Node.Block(t, List.of());
        }
        if (t.is("end")) {
            next();
            terminator();
            return new Node.End(t);
        }
        Node e = expression();
        terminator();
        return new Node.ExprStatement(t, e);
    }

    private Node.Def def() {
        Token t = next();
        Token name = next();
        if (name.kind() != Token.Kind.IDENT) {
            throw error(name, "a function name (lower-case identifier) expected after 'def'");
        }
        expect("(");
        List<String> params = new ArrayList<>();
        if (!peek().is(")")) {
            do {
                Token p = next();
                if (p.kind() != Token.Kind.VARIABLE) {
                    throw error(p, "a parameter (capitalised name) expected");
                }
                params.add(p.text());
            } while (accept(","));
        }
        expect(")");
        if (!peek().is("{")) {
            throw error(peek(), "'{' expected to start the body of " + name.text());
        }
        return new Node.Def(t, name.text(), params, block());
    }

    private Node.Block block() {
        Token t = expect("{");
        List<Node> body = new ArrayList<>();
        while (!peek().is("}")) {
            if (peek().kind() == Token.Kind.END) {
                throw error(peek(), "'}' expected (the block opened at line " + t.line() + ", column " + t.column()
                        + " is not closed)");
            }
            body.add(statement());
        }
        next();
        return new Node.Block(t, body);
    }

    private boolean atTerminator() {
        return peek().is(";") || peek().is("$");
    }

    private void terminator() {
        if (!atTerminator()) {
            Token t = peek();
            throw error(t, t.kind() == Token.Kind.END
                    ? "';' or '$' expected at the end of the statement (end-of-line detected during parsing)"
                    : "';' or '$' expected before " + t.describe());
        }
        next();
    }

    Node expression() {
        return assignment();
    }

    private static final List<String> COMPOUND = List.of("+=", "-=", "*=", "/=", "%=", "^=");

    private Node assignment() {
        Node left = conditional();
        Token op = peek();
        boolean plain = op.is("=");
        boolean compound = COMPOUND.contains(op.text()) && op.kind() == Token.Kind.SYMBOL;
        if (!plain && !compound) {
            return left;
        }
        next();
        Node right = assignment();
        if (compound) {
            right = new Node.Binary(op, op.text().substring(0, 1), left, right);
        }
        if (left instanceof Node.VariableRef v) {
            return new Node.Assign(op, v.name(), right);
        }
        List<Node> indices = new ArrayList<>();
        Node target = left;
        while (target instanceof Node.Index ix) {
            indices.add(0, ix.index());
            target = ix.target();
        }
        if (target instanceof Node.VariableRef v && !indices.isEmpty()) {
            return new Node.IndexAssign(op, v.name(), indices, right);
        }
        throw error(op, "only a variable or an element of one can be assigned to");
    }

    private Node conditional() {
        Node cond = logical();
        if (peek().is("?")) {
            Token q = next();
            Node then = assignment();
            expect(":");
            return new Node.Conditional(q, cond, then, conditional());
        }
        return cond;
    }

    private Node logical() {
        Node left = comparison();
        while (peek().is("&&") || peek().is("||")) {
            Token op = next();
            left = new Node.Binary(op, op.text(), left, comparison());
        }
        return left;
    }

    private Node comparison() {
        Node left = additive();
        while (peek().is("==") || peek().is("!=") || peek().is("<") || peek().is(">") || peek().is("<=")
                || peek().is(">=")) {
            Token op = next();
            left = new Node.Binary(op, op.text(), left, additive());
        }
        return left;
    }

    private Node additive() {
        Node left = multiplicative();
        while (peek().is("+") || peek().is("-")) {
            Token op = next();
            left = new Node.Binary(op, op.text(), left, multiplicative());
        }
        return left;
    }

    private Node multiplicative() {
        Node left = unary();
        while (peek().is("*") || peek().is("/") || peek().is("%")) {
            Token op = next();
            left = new Node.Binary(op, op.text(), left, unary());
        }
        return left;
    }

    private Node unary() {
        if (peek().is("-") || peek().is("+") || peek().is("!")) {
            Token op = next();
            return new Node.Unary(op, op.text(), unary());
        }
        if (peek().is("++") || peek().is("--")) {
            Token op = next();
            return new Node.Step(op, assignable(op, unary()), op.is("++") ? 1 : -1, false);
        }
        return power();
    }

    private Node assignable(Token at, Node target) {
        Node t = target;
        while (t instanceof Node.Index ix) {
            t = ix.target();
        }
        if (!(t instanceof Node.VariableRef)) {
            throw error(at, "'" + at.text() + "' needs a variable or an element of one");
        }
        return target;
    }

    private Node postfix() {
        Node e = primary();
        while (true) {
            if (peek().is("[")) {
                Token t = next();
                Node index = expression();
                expect("]");
                e = new Node.Index(t, e, index);
            } else if (peek().is("++") || peek().is("--")) {
                Token op = next();
                e = new Node.Step(op, assignable(op, e), op.is("++") ? 1 : -1, true);
            } else if (peek().is("!")) {
                // Asir's postfix factorial: 100! is fac(100)
                Token op = next();
                e = new Node.Call(op, "fac", List.of(e));
            } else {
                return e;
            }
        }
    }

    private Node power() {
        Node base = postfix();
        if (peek().is("^")) {
            Token op = next();
            return new Node.Binary(op, "^", base, unary());
        }
        return base;
    }

    private Node primary() {
        Token t = next();
        switch (t.kind()) {
            case NUMBER:
                return new Node.Literal(t, Num.of(new BigInteger(t.text())));
            case REAL:
                return new Node.Literal(t, org.ox4j.server.algebra.Real.valueOf(Double.parseDouble(t.text())));
            case STRING:
                return new Node.Literal(t, new Str(t.text()));
            case CONSTANT:
                return new Node.Literal(t, org.ox4j.server.algebra.Complex.I);
            case VARIABLE:
                if (peek().is("(")) {
                    throw error(t, "a function name must start with a lower-case letter");
                }
                return new Node.VariableRef(t, t.text());
            case IDENT:
                if (peek().is("(")) {
                    next();
                    List<Node> args = peek().is(")") ? List.of() : arguments(")");
                    expect(")");
                    return new Node.Call(t, t.text(), args);
                }
                return new Node.Indeterminate(t, t.text());
            default:
                break;
        }
        if (t.is("(")) {
            Node e = expression();
            expect(")");
            return e;
        }
        if (t.is("[")) {
            List<Node> elements = peek().is("]") ? List.of() : arguments("]");
            expect("]");
            return new Node.ListExpr(t, elements);
        }
        throw error(t, t.kind() == Token.Kind.END
                ? "unexpected end of input (end-of-line detected during parsing)"
                : "unexpected " + t.describe());
    }

    private List<Node> arguments(String close) {
        List<Node> out = new ArrayList<>();
        do {
            out.add(expression());
        } while (accept(","));
        if (!peek().is(close)) {
            throw error(peek(), "',' or '" + close + "' expected before " + peek().describe());
        }
        return out;
    }

    private Token peek() {
        return tokens.get(i);
    }

    private Token peekAt(int k) {
        return tokens.get(Math.min(i + k, tokens.size() - 1));
    }

    private Token next() {
        Token t = tokens.get(i);
        if (t.kind() != Token.Kind.END) {
            i++;
        }
        return t;
    }

    private boolean accept(String symbol) {
        if (peek().is(symbol)) {
            next();
            return true;
        }
        return false;
    }

    private Token expect(String symbol) {
        Token t = peek();
        if (!t.is(symbol)) {
            throw error(t, "'" + symbol + "' expected before " + t.describe());
        }
        return next();
    }

    private EvaluationException error(Token t, String what) {
        return SyntaxErrors.at(src, t.offset(), t.line(), t.column(), what);
    }
}
