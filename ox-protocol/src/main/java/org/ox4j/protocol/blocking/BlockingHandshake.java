package org.ox4j.protocol.blocking;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.protocol.handshake.HandshakeRole;

/**
 * The byte-order exchange (specs: wire-format.md, "Byte order") and the one-time password, on blocking channels.
 * A {@link HandshakeRole#SERVER} or {@link HandshakeRole#PEER} writes its byte first, then reads the other's; a
 * {@link HandshakeRole#CLIENT} reads first. The chosen order ({@link ByteOrderBytes#decide}) is applied to both
 * directions.
 */
public final class BlockingHandshake {
    private BlockingHandshake() {
    }

    /** Runs the exchange for {@code role}, offering {@code offer}; returns (and applies) the chosen order. */
    public static ByteOrder exchange(HandshakeRole role, byte offer, ChannelByteSource in, OxMessageWriter out) {
        int theirs;
        if (role.writesFirst()) {
            out.writeRaw(new byte[] {offer});
            theirs = readOne(in);
        } else {
            theirs = readOne(in);
            out.writeRaw(new byte[] {offer});
        }
        ByteOrder order = ByteOrderBytes.decide(offer, (byte) theirs);
        in.order(order);
        out.order(order);
        return order;
    }

    private static int readOne(ChannelByteSource in) {
        in.startMessage(1);
        return in.readByte();
    }

    /**
     * Reads a password as {@code ox} does: the password bytes and a terminating 0 (at most {@code length + 1}
     * bytes, stopping early at a 0), and compares them in constant time.
     */
    public static boolean verifyPassword(String expected, ChannelByteSource in) {
        byte[] want = passwordBytes(expected);
        byte[] got = new byte[want.length];
        in.startMessage(want.length);
        int n = 0;
        while (n < got.length) {
            int b = in.readByte();
            got[n++] = (byte) b;
            if (b == 0) {
                break;
            }
        }
        return MessageDigest.isEqual(Arrays.copyOf(got, n), want);
    }

    /** Sends a password as a connecting side does: its UTF-8 bytes and a 0. */
    public static void sendPassword(String password, OxMessageWriter out) {
        out.writeRaw(passwordBytes(password));
    }

    /** The bytes a connecting side sends: the password and a 0. */
    public static byte[] passwordBytes(String password) {
        byte[] p = password.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(p, p.length + 1);
    }
}
