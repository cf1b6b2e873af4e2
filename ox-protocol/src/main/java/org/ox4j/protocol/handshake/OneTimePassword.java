package org.ox4j.protocol.handshake;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * A one-time password as OX launchers use it: the connecting side sends its octets and one 0x00, the accepting
 * side reads exactly that many bytes and compares (specs: wire-format.md, "One-time password"). Generated values are
 * letters and digits from a {@link SecureRandom}, so they pass safely through command lines and C strings.
 *
 * <p>{@link #toString()} does not reveal the password.
 */
public final class OneTimePassword {
    /** Length of {@link #generate()}'s passwords: 32 alphanumerics, about 190 bits. */
    public static final int DEFAULT_LENGTH = 32;
    /** Shortest password {@link #generate(int)} will make. */
    public static final int MIN_GENERATED_LENGTH = 16;

    private static final char[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] octets;

    private OneTimePassword(byte[] octets) {
        this.octets = octets;
    }

    /** A fresh random password of {@link #DEFAULT_LENGTH} characters. */
    public static OneTimePassword generate() {
        return generate(DEFAULT_LENGTH);
    }

    /** A fresh random password of {@code length} letters and digits ({@code length >= 16}). */
    public static OneTimePassword generate(int length) {
        if (length < MIN_GENERATED_LENGTH) {
            throw new IllegalArgumentException("password length: " + length + " (expected: >= "
                    + MIN_GENERATED_LENGTH + ")");
        }
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return new OneTimePassword(b);
    }

    /** A password given by someone else (command line, launcher), as UTF-8 octets; must not contain NUL. */
    public static OneTimePassword of(String password) {
        Objects.requireNonNull(password, "password");
        byte[] b = password.getBytes(StandardCharsets.UTF_8);
        if (b.length == 0) {
            throw new IllegalArgumentException("password: empty (expected: at least one character)");
        }
        for (byte x : b) {
            if (x == 0) {
                throw new IllegalArgumentException("password contains a NUL byte (expected: a C string)");
            }
        }
        return new OneTimePassword(b);
    }

    /** The password text, to pass to the other side (e.g. on a launcher's command line). */
    public String reveal() {
        return new String(octets, StandardCharsets.UTF_8);
    }

    /** The bytes on the wire: the password's octets followed by one 0x00. */
    public byte[] wireBytes() {
        return Arrays.copyOf(octets, octets.length + 1);
    }

    /** Number of bytes on the wire (length + 1). */
    public int wireLength() {
        return octets.length + 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OneTimePassword p && java.security.MessageDigest.isEqual(p.octets, octets);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(octets);
    }

    @Override
    public String toString() {
        return "OneTimePassword[" + octets.length + " characters]";
    }
}
