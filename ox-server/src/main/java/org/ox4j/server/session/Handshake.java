package org.ox4j.server.session;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The byte-order negotiation (spec §2.6) as the server side: write our byte first, then read the peer's; equal
 * bytes choose that order, different bytes choose network order. Also the one-time password check of §2.7.
 */
public final class Handshake {
    /** Network byte order (what {@code ox} always offers). */
    public static final int NETWORK = 0x00;
    /** Little endian (what Asir offers on x86). */
    public static final int LITTLE_ENDIAN = 0x01;
    /** Big endian. */
    public static final int BIG_ENDIAN = 0xff;

    private Handshake() {
    }

    /** Runs the server side of the negotiation and applies the result to both directions. */
    public static ByteOrder asServer(int offer, ChannelByteSource in, OxChannelWriter out) {
        out.writeRaw(new byte[] {(byte) offer});
        in.startMessage(1);
        int peer = in.readByte();
        ByteOrder order = decide(offer, peer);
        in.order(order);
        out.order(order);
        return order;
    }

    /** The order both sides pick from the two bytes. */
    public static ByteOrder decide(int mine, int theirs) {
        return mine == theirs && mine == LITTLE_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    /**
     * Reads a password as {@code ox} does: the password bytes and a terminating 0 (at most {@code strlen+1}
     * bytes, stopping early at a 0), and compares them in constant time.
     */
    public static boolean verifyPassword(String expected, ChannelByteSource in) {
        byte[] want = expected.getBytes(StandardCharsets.UTF_8);
        byte[] got = new byte[want.length + 1];
        in.startMessage(want.length + 1L);
        int n = 0;
        while (n < got.length) {
            int b = in.readByte();
            got[n++] = (byte) b;
            if (b == 0) {
                break;
            }
        }
        byte[] expectedBytes = Arrays.copyOf(want, want.length + 1);
        return java.security.MessageDigest.isEqual(Arrays.copyOf(got, n), expectedBytes);
    }

    /** The bytes a connecting side sends: the password and a 0. */
    public static byte[] passwordBytes(String password) {
        byte[] p = password.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(p, p.length + 1);
    }
}
