package org.ox4j.server.rfc102;

import java.nio.ByteOrder;

/**
 * The one-byte byte-order exchange of an OX connection (openxm-wire.md §2.6). On RFC-102 links both ends write
 * their byte first, then read the peer's: equal bytes select the order they name, different bytes select network
 * order.
 */
public final class ByteOrderByte {
    /** 0x01: little endian (what Asir writes on x86). */
    public static final byte LITTLE_ENDIAN = 0x01;
    /** 0x00: network order (big endian). */
    public static final byte NETWORK = 0x00;
    /** 0xFF: big endian as Asir writes it on big-endian hosts. */
    public static final byte BIG_ENDIAN = (byte) 0xFF;

    private ByteOrderByte() {
    }

    /** The order both ends choose when one wrote {@code mine} and the other {@code peers}. */
    public static ByteOrder negotiate(byte mine, byte peers) {
        if (mine == peers && mine == LITTLE_ENDIAN) {
            return ByteOrder.LITTLE_ENDIAN;
        }
        return ByteOrder.BIG_ENDIAN;
    }
}
