package org.ox4j.server.rfc102;

import java.time.Duration;
import java.util.Objects;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.handshake.ByteOrderBytes;

/**
 * Settings of a {@link PeerGroup}.
 *
 * @param bindAddress      address {@code SM_tcp_accept_102} listens on; ox_asir binds INADDR_ANY, ox4j binds
 *                         loopback unless told otherwise ({@code ox.rfc102.bind}, e.g. {@code 0.0.0.0})
 * @param timeout          longest wait for a peer (accept, connect, one message of a collective, one send);
 *                         a closed link fails at once, a silent one after this ({@code ox.rfc102.timeout},
 *                         ISO-8601 duration or milliseconds)
 * @param connectAttempts  connection attempts of {@code SM_tcp_connect_102} (ox_asir: 10)
 * @param connectInterval  pause between attempts (ox_asir: 100 ms)
 * @param preferredByte    the byte-order byte this process writes on every link (0x01: little endian, as Asir on
 *                         x86; 0x00: network order)
 * @param limits           decoding limits for messages read from links
 * @param inlineWrites     whether a small message of the messaging layer is written by the sending thread itself
 *                         when the link's writer is idle ({@code ox.rfc102.inlineWrites}, default true), instead of
 *                         always by the writer thread (one thread wake-up more per message)
 */
public record Rfc102Config(String bindAddress, Duration timeout, int connectAttempts, Duration connectInterval,
                           byte preferredByte, CmoLimits limits, boolean inlineWrites) {

    /** Loopback, 120 s, 10 × 100 ms, little endian, default limits, inline writes. */
    public static final Rfc102Config DEFAULT = new Rfc102Config("127.0.0.1", Duration.ofSeconds(120), 10,
            Duration.ofMillis(100), ByteOrderBytes.LITTLE_ENDIAN, CmoLimits.DEFAULT, true);

    public Rfc102Config {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(connectInterval, "connectInterval");
        Objects.requireNonNull(limits, "limits");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
        }
        if (connectAttempts < 1) {
            throw new IllegalArgumentException("connectAttempts: " + connectAttempts + " (expected: >= 1)");
        }
    }

    /**
     * {@link #DEFAULT} overridden by the system properties {@code ox.rfc102.bind}, {@code ox.rfc102.timeout}
     * (milliseconds or an ISO-8601 duration such as {@code PT30S}), {@code ox.rfc102.connect.attempts},
     * {@code ox.rfc102.connect.interval} (milliseconds), {@code ox.rfc102.byteorder} ({@code le} or
     * {@code network}) and {@code ox.rfc102.inlineWrites} ({@code true} or {@code false}).
     */
    public static Rfc102Config fromSystemProperties() {
        Rfc102Config d = DEFAULT;
        String bind = System.getProperty("ox.rfc102.bind", d.bindAddress());
        Duration timeout = parseDuration(System.getProperty("ox.rfc102.timeout"), d.timeout());
        int attempts = Integer.getInteger("ox.rfc102.connect.attempts", d.connectAttempts());
        Duration interval = parseDuration(System.getProperty("ox.rfc102.connect.interval"), d.connectInterval());
        String bo = System.getProperty("ox.rfc102.byteorder", "le");
        byte pref = "network".equalsIgnoreCase(bo) || "be".equalsIgnoreCase(bo)
                ? ByteOrderBytes.NETWORK_BYTE_ORDER : ByteOrderBytes.LITTLE_ENDIAN;
        boolean inline = Boolean.parseBoolean(System.getProperty("ox.rfc102.inlineWrites",
                String.valueOf(d.inlineWrites())));
        return new Rfc102Config(bind, timeout, attempts, interval, pref, d.limits(), inline);
    }

    /** A copy with another timeout. */
    public Rfc102Config withTimeout(Duration t) {
        return new Rfc102Config(bindAddress, t, connectAttempts, connectInterval, preferredByte, limits,
                inlineWrites);
    }

    /** A copy with another preferred byte-order byte. */
    public Rfc102Config withPreferredByte(byte b) {
        return new Rfc102Config(bindAddress, timeout, connectAttempts, connectInterval, b, limits, inlineWrites);
    }

    /** A copy with other decoding limits. */
    public Rfc102Config withLimits(CmoLimits l) {
        return new Rfc102Config(bindAddress, timeout, connectAttempts, connectInterval, preferredByte, l,
                inlineWrites);
    }

    static Duration parseDuration(String text, Duration fallback) {
        if (text == null || text.isBlank()) {
            return fallback;
        }
        String t = text.trim();
        if (t.chars().allMatch(Character::isDigit)) {
            return Duration.ofMillis(Long.parseLong(t));
        }
        return Duration.parse(t);
    }
}
