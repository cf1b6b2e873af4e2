package org.ox4j.client.syntax;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an Asir program into its top-level statements, so that a master can run a program on servers that, like
 * ox_asir, evaluate only the first statement of each {@code SM_executeStringByLocalParser} string (spec §5.2).
 *
 * <p>A statement ends at a {@code ;} or {@code $} outside brackets, or at the {@code }} that closes a top-level
 * block ({@code def f(X) { ... }}, {@code if (C) { ... }}); the terminator stays with the statement. A boundary is
 * not taken where the next word is {@code else}, which continues an {@code if}. Strings ({@code "a;b"}, with
 * backslash escapes), character literals and comments are skipped. Text after the last statement that is only
 * white space or comments is dropped; anything else is kept as a last statement, so the server reports its error.
 */
public final class Statements {
    private Statements() {
    }

    public static List<String> split(String program) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int depth = 0;
        int n = program.length();
        int i = 0;
        while (i < n) {
            char c = program.charAt(i);
            if (c == '"' || c == '\'') {
                i = skipQuoted(program, i, c);
                continue;
            }
            if (c == '/' && i + 1 < n && program.charAt(i + 1) == '*') {
                int end = program.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth = Math.max(0, depth - 1);
            }
            boolean boundary = depth == 0 && (c == ';' || c == '$' || c == '}');
            i++;
            if (boundary && !continuesWithElse(program, i)) {
                addIfCode(out, program.substring(start, i));
                start = i;
            }
        }
        addIfCode(out, program.substring(start));
        return out;
    }

    private static int skipQuoted(String s, int open, char quote) {
        int i = open + 1;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else {
                i++;
            }
        }
        return s.length();
    }

    private static boolean continuesWithElse(String s, int from) {
        int i = from;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return s.startsWith("else", i) && (i + 4 == s.length() || !Character.isLetterOrDigit(s.charAt(i + 4))
                && s.charAt(i + 4) != '_');
    }

    private static void addIfCode(List<String> out, String piece) {
        String t = piece.strip();
        while (t.startsWith("/*")) {
            int end = t.indexOf("*/");
            t = end < 0 ? "" : t.substring(end + 2).strip();
        }
        if (!t.isEmpty()) {
            out.add(t);
        }
    }
}
