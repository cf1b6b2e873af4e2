package org.ox4j.server.rfc102;

import java.time.Duration;
import java.util.Objects;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.mpi.comm.SystemPropertyValues;
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
 * @param waiterReads      whether a thread waiting for a message from one peer reads that link itself
 *                         ({@code ox.rfc102.waiterReads}, default true) instead of being woken by the link's reader
 *                         thread (see {@link LinkReadRole})
 * @param spinMicros       how long such a waiter polls the socket before it sleeps on it
 *                         ({@code ox.rfc102.spinMicros}); {@link #AUTOMATIC_SPIN} spins {@value #AUTOMATIC_SPIN_MICROS}
 *                         µs when the group has no more members than the host has processors and not at all
 *                         otherwise (a spinning member would take the core a peer needs to answer)
 * @param barrierSpinMicros how long a waiter inside a barrier ({@code SynchronisingWaits}) polls the socket before
 *                         it sleeps, whatever the group size ({@code ox.rfc102.barrierSpinMicros}, default
 *                         {@value #DEFAULT_BARRIER_SPIN_MICROS}): every member is waiting then, so the polling takes
 *                         no core from a peer's work, and the members leave the barrier together
 * @param replySpinMicros  how long a waiter for a reply ({@code ReplyWaits}: a peer that this thread has just sent a
 *                         small message to in the same collective) polls the socket before it sleeps, whatever the
 *                         group size ({@code ox.rfc102.replySpinMicros}, default {@value #DEFAULT_REPLY_SPIN_MICROS})
 * @param receiveBufferBytes the receive buffer asked for on every TCP link's socket ({@code SO_RCVBUF}, set before it
 *                         listens or connects, so the window scale offered covers it; {@code
 *                         ox.rfc102.receiveBufferBytes}, default {@value #DEFAULT_RECEIVE_BUFFER_BYTES}; 0: the
 *                         kernel's default and its autotuning). The kernel caps it at {@code net.core.rmem_max}
 */
public record Rfc102Config(String bindAddress, Duration timeout, int connectAttempts, Duration connectInterval,
                           byte preferredByte, CmoLimits limits, boolean inlineWrites, boolean waiterReads,
                           int spinMicros, int barrierSpinMicros, int replySpinMicros, int receiveBufferBytes) {

    /** {@link #spinMicros()} that lets the group size decide. */
    public static final int AUTOMATIC_SPIN = -1;
    /** The spin of {@link #AUTOMATIC_SPIN} on a host with a core per member. */
    public static final int AUTOMATIC_SPIN_MICROS = 200;
    /** {@link #barrierSpinMicros()} unless configured. */
    public static final int DEFAULT_BARRIER_SPIN_MICROS = 200;
    /**
     * {@link #replySpinMicros()} unless configured. Why 1 ms: the answer of a gather-then-broadcast at p = 8 on two
     * cores comes 0.2-0.5 ms after a rank's contribution, and a shorter poll (the barrier's 200 µs, tried in an earlier
     * session) mostly ended before it and slept anyway.
     */
    public static final int DEFAULT_REPLY_SPIN_MICROS = 1000;
    /**
     * {@link #receiveBufferBytes()} unless configured. Why 4 MiB: left to the kernel, the links of a group on one
     * host kept the default 128 KiB (the autotuning did not grow them between the bursts of a collective), so a
     * 1 MiB message went through in eight or more turns of a sender that fills the window and stops and a receiver
     * that empties it and sleeps, each turn two scheduler wake-ups. With 4 MiB, eight servers on two cores ran the
     * 1 MiB collectives 16 % faster in geometric mean over their 36 algorithms (reduce, allreduce and allgather
     * 1.2-1.3x, alltoall 1.05x, bcast 0.95x; alternated runs, benchmarks/results/messaging-2026-12-07.md, part 17).
     * Memory is taken only while data waits unread.
     */
    public static final int DEFAULT_RECEIVE_BUFFER_BYTES = 4 << 20;

    /**
     * Loopback, 120 s, 10 × 100 ms, little endian, default limits, inline writes, waiters read, automatic spin, 4 MiB
     * receive buffers.
     */
    public static final Rfc102Config DEFAULT = new Rfc102Config("127.0.0.1", Duration.ofSeconds(120), 10,
            Duration.ofMillis(100), ByteOrderBytes.LITTLE_ENDIAN, CmoLimits.DEFAULT, true, true, AUTOMATIC_SPIN,
            DEFAULT_BARRIER_SPIN_MICROS, DEFAULT_REPLY_SPIN_MICROS, DEFAULT_RECEIVE_BUFFER_BYTES);

    public Rfc102Config {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(connectInterval, "connectInterval");
        Objects.requireNonNull(limits, "limits");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout: " + timeout + " (expected: > 0)");
        }
        if (spinMicros < AUTOMATIC_SPIN) {
            throw new IllegalArgumentException("spinMicros: " + spinMicros + " (expected: >= 0, or -1: automatic)");
        }
        if (barrierSpinMicros < 0) {
            throw new IllegalArgumentException("barrierSpinMicros: " + barrierSpinMicros + " (expected: >= 0)");
        }
        if (replySpinMicros < 0) {
            throw new IllegalArgumentException("replySpinMicros: " + replySpinMicros + " (expected: >= 0)");
        }
        if (receiveBufferBytes < 0) {
            throw new IllegalArgumentException("receiveBufferBytes: " + receiveBufferBytes + " (expected: >= 0)");
        }
        if (connectAttempts < 1) {
            throw new IllegalArgumentException("connectAttempts: " + connectAttempts + " (expected: >= 1)");
        }
    }

    /**
     * {@link #DEFAULT} overridden by the system properties {@code ox.rfc102.bind}, {@code ox.rfc102.timeout}
     * (milliseconds or an ISO-8601 duration such as {@code PT30S}), {@code ox.rfc102.connect.attempts},
     * {@code ox.rfc102.connect.interval} (milliseconds), {@code ox.rfc102.byteorder} ({@code le} or
     * {@code network}), {@code ox.rfc102.inlineWrites} and {@code ox.rfc102.waiterReads} ({@code true} or
     * {@code false}), {@code ox.rfc102.spinMicros} (microseconds, or {@code auto}), {@code ox.rfc102.barrierSpinMicros}
     * and {@code ox.rfc102.replySpinMicros} (microseconds), {@code ox.rfc102.receiveBufferBytes} (bytes). A value of
     * the wrong form is an {@link IllegalArgumentException} naming the property ({@link SystemPropertyValues}).
     */
    public static Rfc102Config fromSystemProperties() {
        Rfc102Config d = DEFAULT;
        String bind = System.getProperty("ox.rfc102.bind", d.bindAddress());
        Duration timeout = duration("ox.rfc102.timeout", d.timeout());
        int attempts = SystemPropertyValues.integer("ox.rfc102.connect.attempts", d.connectAttempts());
        Duration interval = duration("ox.rfc102.connect.interval", d.connectInterval());
        byte pref = byteOrder(SystemPropertyValues.value("ox.rfc102.byteorder"));
        boolean inline = SystemPropertyValues.bool("ox.rfc102.inlineWrites", d.inlineWrites());
        boolean waiterReads = SystemPropertyValues.bool("ox.rfc102.waiterReads", d.waiterReads());
        String spin = SystemPropertyValues.value("ox.rfc102.spinMicros");
        int spinMicros = spin == null || "auto".equalsIgnoreCase(spin) ? AUTOMATIC_SPIN
                : SystemPropertyValues.integer("ox.rfc102.spinMicros", AUTOMATIC_SPIN);
        int barrierSpin = SystemPropertyValues.integer("ox.rfc102.barrierSpinMicros", d.barrierSpinMicros());
        int replySpin = SystemPropertyValues.integer("ox.rfc102.replySpinMicros", d.replySpinMicros());
        int receiveBuffer = SystemPropertyValues.integer("ox.rfc102.receiveBufferBytes", d.receiveBufferBytes());
        return new Rfc102Config(bind, timeout, attempts, interval, pref, d.limits(), inline, waiterReads, spinMicros,
                barrierSpin, replySpin, receiveBuffer);
    }

    /**
     * Nanoseconds a waiter spins in a group of {@code groupSize} members on a host with {@code processors}
     * processors.
     */
    public long spinNanos(int groupSize, int processors) {
        int micros = spinMicros != AUTOMATIC_SPIN ? spinMicros
                : groupSize > 0 && groupSize <= processors ? AUTOMATIC_SPIN_MICROS : 0;
        return micros * 1_000L;
    }

    /** A copy with another timeout. */
    public Rfc102Config withTimeout(Duration t) {
        return new Rfc102Config(bindAddress, t, connectAttempts, connectInterval, preferredByte, limits,
                inlineWrites, waiterReads, spinMicros, barrierSpinMicros, replySpinMicros, receiveBufferBytes);
    }

    /** A copy with another preferred byte-order byte. */
    public Rfc102Config withPreferredByte(byte b) {
        return new Rfc102Config(bindAddress, timeout, connectAttempts, connectInterval, b, limits, inlineWrites,
                waiterReads, spinMicros, barrierSpinMicros, replySpinMicros, receiveBufferBytes);
    }

    /** A copy with other decoding limits. */
    public Rfc102Config withLimits(CmoLimits l) {
        return new Rfc102Config(bindAddress, timeout, connectAttempts, connectInterval, preferredByte, l,
                inlineWrites, waiterReads, spinMicros, barrierSpinMicros, replySpinMicros, receiveBufferBytes);
    }

    /** A copy with another receive buffer for TCP links (0: the kernel's default). */
    public Rfc102Config withReceiveBufferBytes(int bytes) {
        return new Rfc102Config(bindAddress, timeout, connectAttempts, connectInterval, preferredByte, limits,
                inlineWrites, waiterReads, spinMicros, barrierSpinMicros, replySpinMicros, bytes);
    }

    /** {@code le} (the default) or {@code network} / {@code be}. */
    private static byte byteOrder(String text) {
        if (text == null || "le".equalsIgnoreCase(text)) {
            return ByteOrderBytes.LITTLE_ENDIAN;
        }
        if ("network".equalsIgnoreCase(text) || "be".equalsIgnoreCase(text)) {
            return ByteOrderBytes.NETWORK_BYTE_ORDER;
        }
        throw SystemPropertyValues.invalid("ox.rfc102.byteorder", text, "le, be or network");
    }

    private static Duration duration(String property, Duration fallback) {
        try {
            return parseDuration(System.getProperty(property), fallback);
        } catch (RuntimeException e) {
            throw SystemPropertyValues.invalid(property, System.getProperty(property),
                    "milliseconds or an ISO-8601 duration");
        }
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
