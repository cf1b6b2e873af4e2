package org.ox4j.client.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a shell line into words at white space that is outside quotes, brackets and parentheses, so
 * {@code call fctr x^2-1 [1, 2]} gives {@code call}, {@code fctr}, {@code x^2-1}, {@code [1, 2]}.
 */
final class ShellLine {
    private ShellLine() {
    }

    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int depth = 0;
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                cur.append(c);
                if (c == '\\' && i + 1 < line.length()) {
                    cur.append(line.charAt(++i));
                } else if (c == '"') {
                    quoted = false;
                }
                continue;
            }
            if (c == '"') {
                quoted = true;
            } else if (c == '[' || c == '(') {
                depth++;
            } else if ((c == ']' || c == ')') && depth > 0) {
                depth--;
            }
            if (Character.isWhitespace(c) && depth == 0) {
                if (cur.length() > 0) {
                    words.add(cur.toString());
                    cur.setLength(0);
                }
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            words.add(cur.toString());
        }
        return words;
    }

    /** The text after the first word (the command), trimmed; empty if none. */
    static String rest(String line) {
        String t = line.strip();
        int sp = 0;
        while (sp < t.length() && !Character.isWhitespace(t.charAt(sp))) {
            sp++;
        }
        return t.substring(sp).strip();
    }
}
