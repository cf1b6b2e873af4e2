package org.ox4j.server.lang;

/** A lexical token with its 1-based position in the source. */
record Token(Kind kind, String text, int offset, int line, int column) {
    enum Kind {
        NUMBER, REAL, CONSTANT, STRING, IDENT, VARIABLE, SYMBOL, KEYWORD, END
    }

    boolean is(String symbol) {
        return (kind == Kind.SYMBOL || kind == Kind.KEYWORD) && text.equals(symbol);
    }

    String describe() {
        return switch (kind) {
            case END -> "end of input";
            case STRING -> "string \"" + text + "\"";
            default -> "'" + text + "'";
        };
    }
}
