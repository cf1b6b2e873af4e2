package org.ox4j.cmo.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Quoting of CMO string bytes for the text forms: printable text is kept, {@code \} and {@code "} are
 * backslash-escaped, {@code \n \r \t} use their C escapes, other control characters {@code \xNN}. Bytes that
 * are not valid UTF-8 are written {@code \xNN} each, so the quoted form never hides what was on the wire.
 */
final class StringEscapes {
    private StringEscapes() {
    }

    static String quote(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length + 2);
        appendQuoted(sb, bytes, Integer.MAX_VALUE);
        return sb.toString();
    }

    /** Appends the quoted form, cutting the content after about {@code maxChars} characters with {@code ...}. */
    static void appendQuoted(StringBuilder sb, byte[] bytes, int maxChars) {
        sb.append('"');
        String text = strictUtf8(bytes);
        if (text != null) {
            int n = text.length();
            for (int i = 0; i < n; i++) {
                if (i >= maxChars) {
                    sb.append("...");
                    break;
                }
                appendChar(sb, text.charAt(i));
            }
        } else {
            for (int i = 0; i < bytes.length; i++) {
                if (i >= maxChars) {
                    sb.append("...");
                    break;
                }
                int b = bytes[i] & 0xff;
                if (b >= 0x80) {
                    sb.append(String.format("\\x%02x", b));
                } else {
                    appendChar(sb, (char) b);
                }
            }
        }
        sb.append('"');
    }

    private static void appendChar(StringBuilder sb, char c) {
        switch (c) {
            case '\\' -> sb.append("\\\\");
            case '"' -> sb.append("\\\"");
            case '\n' -> sb.append("\\n");
            case '\r' -> sb.append("\\r");
            case '\t' -> sb.append("\\t");
            default -> {
                if (c < 0x20 || c == 0x7f) {
                    sb.append(String.format("\\x%02x", (int) c));
                } else {
                    sb.append(c);
                }
            }
        }
    }

    private static String strictUtf8(byte[] bytes) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            CharBuffer cb = dec.decode(ByteBuffer.wrap(bytes));
            return cb.toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
