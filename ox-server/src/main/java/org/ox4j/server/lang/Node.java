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

    /** {@code end;} / {@code end$}: stops reading. */
    record End(Token at) implements Node {
    }
}
