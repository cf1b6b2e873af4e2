package org.ox4j.server.lang;

import java.util.List;
import org.ox4j.server.algebra.Value;

/** The syntax tree of the local language. */
sealed interface Node {
    /** Source position for runtime error messages. */
    Token at();

    record Literal(Token at, Value value) implements Node {
    }

    record Indeterminate(Token at, String name) implements Node {
    }

    record VariableRef(Token at, String name) implements Node {
    }

    record Assign(Token at, String name, Node value) implements Node {
    }

    record Unary(Token at, String op, Node operand) implements Node {
    }

    record Binary(Token at, String op, Node left, Node right) implements Node {
    }

    record ListExpr(Token at, List<Node> elements) implements Node {
    }

    record Call(Token at, String name, List<Node> args) implements Node {
    }

    /** {@code expr;} or {@code expr$}. */
    record ExprStatement(Token at, Node expr) implements Node {
    }

    record Block(Token at, List<Node> statements) implements Node {
    }

    record Def(Token at, String name, List<String> params, Block body) implements Node {
    }

    record Return(Token at, Node value) implements Node {
    }

    record If(Token at, Node condition, Node then, Node otherwise) implements Node {
    }

    record While(Token at, Node condition, Node body) implements Node {
    }

    /** {@code for (init, …; condition; update, …) body}; a missing condition is true. */
    record For(Token at, List<Node> init, Node condition, List<Node> update, Node body) implements Node {
    }

    record DoWhile(Token at, Node body, Node condition) implements Node {
    }

    record Break(Token at) implements Node {
    }

    record Continue(Token at) implements Node {
    }

    /** {@code extern X, Y;} inside a function: those names are the session's variables. */
    record Extern(Token at, List<String> names) implements Node {
    }

    /** {@code target[index]}. */
    record Index(Token at, Node target, Node index) implements Node {
    }

    /** {@code Name[i]…[k] = value}: the variable gets a copy with that element replaced. */
    record IndexAssign(Token at, String name, List<Node> indices, Node value) implements Node {
    }

    /** {@code X++}, {@code --X[i]} …: {@code delta} is +1 or -1; the value is the old one when postfix. */
    record Step(Token at, Node target, int delta, boolean postfix) implements Node {
    }

    /** {@code condition ? then : otherwise}. */
    record Conditional(Token at, Node condition, Node then, Node otherwise) implements Node {
    }

    /** {@code end;} / {@code end$}: stops reading. */
    record End(Token at) implements Node {
    }
}
