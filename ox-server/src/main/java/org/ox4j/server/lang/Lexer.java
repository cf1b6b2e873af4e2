package org.ox4j.server.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Splits Asir source into tokens; skips blanks and C comments. */
final class Lexer {
    private static final Set<String> KEYWORDS = Set.of("def", "return", "if", "else", "while", "for", "do", "break",
            "continue", "extern", "local", "end");
    /** Longest first, so "+=" and "++" win over "+". */
    private static final String[] SYMBOLS = {"++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "==", "!=", "<=", ">=",
        "&&", "||", "+", "-", "*", "/", "%", "^", "(", ")", "[", "]", "{", "}", ",", ";", "$", "=", "<", ">", "!",
        "?", ":"};

    private final String src;
    private int pos;
    private int line = 1;
    private int lineStart;

    Lexer(String src) {
        this.src = src;
    }

    List<Token> tokens() {
        List<Token> out = new ArrayList<>();
        while (true) {
            skipBlanks();
            int start = pos;
            int col = pos - lineStart + 1;
            if (pos >= src.length()) {
                out.add(new Token(Token.Kind.END, "", pos, line, col));
                return out;
            }
            char c = src.charAt(pos);
            if (Character.isDigit(c)) {
                digits();
                boolean real = false;
                if (pos + 1 < src.length() && src.charAt(pos) == '.' && Character.isDigit(src.charAt(pos + 1))) {
                    pos++;
                    digits();
                    real = true;
                }
                if (pos < src.length() && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E') && exponentFollows()) {
                    pos++;
                    if (src.charAt(pos) == '+' || src.charAt(pos) == '-') {
                        pos++;
                    }
                    digits();
                    real = true;
                }
                if (pos < src.length() && (src.charAt(pos) == '.' || Character.isLetter(src.charAt(pos)))) {
                    throw SyntaxErrors.at(src, pos, line, pos - lineStart + 1, "malformed number");
                }
                out.add(new Token(real ? Token.Kind.REAL : Token.Kind.NUMBER, src.substring(start, pos), start, line,
                        col));
            } else if (c == '@') {
                // Asir's named constants; ox4j knows the imaginary unit
                pos++;
                while (pos < src.length() && Character.isLetterOrDigit(src.charAt(pos))) {
                    pos++;
                }
                String name = src.substring(start, pos);
                if (!name.equals("@i")) {
                    throw SyntaxErrors.at(src, start, line, col, "unknown constant " + name + " (ox4j knows @i)");
                }
                out.add(new Token(Token.Kind.CONSTANT, name, start, line, col));
            } else if (c == '"') {
                out.add(new Token(Token.Kind.STRING, string(), start, line, col));
            } else if (Character.isLetter(c) || c == '_') {
                while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
                    pos++;
                }
                String word = src.substring(start, pos);
                Token.Kind kind = KEYWORDS.contains(word) ? Token.Kind.KEYWORD
                        : Character.isUpperCase(c) ? Token.Kind.VARIABLE : Token.Kind.IDENT;
                out.add(new Token(kind, word, start, line, col));
            } else {
                String sym = null;
                for (String s : SYMBOLS) {
                    if (src.startsWith(s, pos)) {
                        sym = s;
                        break;
                    }
                }
                if (sym == null) {
                    throw SyntaxErrors.at(src, pos, line, col, "unexpected character '" + c + "'");
                }
                pos += sym.length();
                out.add(new Token(Token.Kind.SYMBOL, sym, start, line, col));
            }
        }
    }

    private void digits() {
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            pos++;
        }
    }

    /** Whether an exponent (digits, optionally signed) follows the 'e' at pos. */
    private boolean exponentFollows() {
        int k = pos + 1;
        if (k < src.length() && (src.charAt(k) == '+' || src.charAt(k) == '-')) {
            k++;
        }
        return k < src.length() && Character.isDigit(src.charAt(k));
    }

    private String string() {
        int startLine = line;
        int startCol = pos - lineStart + 1;
        int start = pos;
        pos++;
        StringBuilder sb = new StringBuilder();
        while (pos < src.length() && src.charAt(pos) != '"') {
            char c = src.charAt(pos++);
            if (c == '\\' && pos < src.length()) {
                char e = src.charAt(pos++);
                sb.append(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> e;
                });
            } else {
                if (c == '\n') {
                    line++;
                    lineStart = pos;
                }
                sb.append(c);
            }
        }
        if (pos >= src.length()) {
            throw SyntaxErrors.at(src, start, startLine, startCol, "unterminated string");
        }
        pos++;
        return sb.toString();
    }

    private void skipBlanks() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (Character.isWhitespace(c)) {
                pos++;
            } else if (src.startsWith("/*", pos)) {
                int end = src.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw SyntaxErrors.at(src, pos, line, pos - lineStart + 1, "unterminated comment");
                }
                for (int i = pos; i < end; i++) {
                    if (src.charAt(i) == '\n') {
                        line++;
                        lineStart = i + 1;
                    }
                }
                pos = end + 2;
            } else {
                return;
            }
        }
    }
}
