package org.ox4j.server.lang;

import org.ox4j.server.eval.EvaluationException;

/** Builds syntax-error exceptions whose message shows the line, the column and a caret under the culprit. */
final class SyntaxErrors {
    private SyntaxErrors() {
    }

    static EvaluationException at(String source, int offset, int line, int column, String what) {
        int start = source.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
        int end = source.indexOf('\n', start);
        if (end < 0) {
            end = source.length();
        }
        String text = source.substring(start, end);
        String caret = " ".repeat(Math.max(0, column - 1)) + "^";
        return new EvaluationException("syntax error at line " + line + ", column " + column + ": " + what + "\n"
                + text + "\n" + caret);
    }
}
