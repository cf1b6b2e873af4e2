package org.ox4j.protocol.handshake;

import java.nio.ByteOrder;

/**
 * The byte-order bytes of the OX handshake and the rule both ends apply: equal bytes select the order they name
 * ({@code 0x00} and {@code 0xFF} big-endian, {@code 0x01} little-endian); different bytes select network order
 * (big-endian).
 */
public final class ByteOrderBytes {
    /** {@code OX_BYTE_NETWORK_BYTE_ORDER}: big-endian. */
    public static final byte NETWORK_BYTE_ORDER = 0x00;
    /** {@code OX_BYTE_LITTLE_ENDIAN}: what Asir and ox_asir offer on x86. */
    public static final byte LITTLE_ENDIAN = 0x01;
    /** {@code OX_BYTE_BIG_ENDIAN}. */
    public static final byte BIG_ENDIAN = (byte) 0xFF;

    private ByteOrderBytes() {
    }

    /** True for the three bytes a peer may offer. */
    public static boolean isValid(byte b) {
        return b == NETWORK_BYTE_ORDER || b == LITTLE_ENDIAN || b == BIG_ENDIAN;
    }

    /** The order both ends use after one offered {@code mine} and the other {@code theirs}. */
    public static ByteOrder decide(byte mine, byte theirs) {
        if (mine == theirs && mine == LITTLE_ENDIAN) {
            return ByteOrder.LITTLE_ENDIAN;
        }
        return ByteOrder.BIG_ENDIAN;
    }

    /** Human-readable form for logs, e.g. {@code 0x01 (little-endian)}. */
    public static String describe(byte b) {
        String hex = String.format("0x%02x", b & 0xff);
        return switch (b) {
            case NETWORK_BYTE_ORDER -> hex + " (network order)";
            case LITTLE_ENDIAN -> hex + " (little-endian)";
            case BIG_ENDIAN -> hex + " (big-endian)";
            default -> hex + " (invalid)";
        };
    }
}
