package org.ox4j.cmo.io;

import java.io.ByteArrayOutputStream;
import java.nio.ByteOrder;

/**
 * A tiny notation for expected wire bytes in tests, written once and read in either byte order: a group of
 * 8 hex digits is an int32 (byte-swapped for little-endian), a group of 16 hex digits a 64-bit word (swapped
 * as a whole), and a group starting with {@code '} raw bytes that are never swapped (string contents).
 */
final class WireHex {
    private WireHex() {
    }

    static byte[] bytes(String notation, ByteOrder order) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String g : notation.trim().split("\\s+")) {
            if (g.startsWith("'")) {
                out.writeBytes(hex(g.substring(1)));
            } else if (g.length() == 8 || g.length() == 16) {
                byte[] b = hex(g);
                if (order == ByteOrder.LITTLE_ENDIAN) {
                    reverse(b);
                }
                out.writeBytes(b);
            } else {
                throw new IllegalArgumentException("group: " + g + " (expected 8 or 16 hex digits, or 'raw)");
            }
        }
        return out.toByteArray();
    }

    static byte[] hex(String s) {
        if ((s.length() & 1) != 0) {
            throw new IllegalArgumentException("odd hex: " + s);
        }
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    private static void reverse(byte[] b) {
        for (int i = 0, j = b.length - 1; i < j; i++, j--) {
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
    }
}
