package org.ox4j.server.rfc102;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketOption;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * TCP keepalive settings of the RFC-102 links, derived from the group's timeout so that a link whose peer has
 * become unreachable (host down, link cut, no FIN or RST ever comes) is closed by the kernel well within that
 * timeout: at most {@link #detectionBound()} after the last segment the peer sent, which is at most half the
 * timeout when the timeout is 8 s or more.
 *
 * <p>Keepalive probes are TCP segments answered by the peer's kernel: nothing changes in the OX byte stream, so
 * links to ox_asir stay byte-for-byte the same, and a live peer that is busy computing is never declared dead.
 * Linux sends probes only while the link has no unacknowledged data of its own; a member blocked sending to an
 * unreachable peer notices through the group's timeout instead, which names that peer too.
 *
 * @param idle     idle time before the first probe (TCP_KEEPIDLE)
 * @param interval time between unanswered probes (TCP_KEEPINTVL)
 * @param count    unanswered probes after which the kernel closes the link (TCP_KEEPCNT)
 */
public record LinkKeepAlive(Duration idle, Duration interval, int count) {
    private static final Logger LOG = LogManager.getLogger();
    /** Unanswered probes before the link is dropped: more than one, so a single lost probe does no harm. */
    static final int PROBES = 3;

    public LinkKeepAlive {
        if (idle.toSeconds() < 1 || interval.toSeconds() < 1 || count < 1) {
            throw new IllegalArgumentException("keepalive: idle " + idle + ", interval " + interval + ", count "
                    + count + " (expected: whole seconds >= 1, count >= 1)");
        }
    }

    /**
     * Settings that detect a silent peer within half of {@code timeout}: idle = interval = ⌊timeout / 8⌋ s (at
     * least 1 s, the kernel's unit), {@value #PROBES} probes. E.g. 8 s → 1 s, 1 s × 3: closed ≤ 4 s after the
     * peer fell silent; 120 s → 15 s, 15 s × 3: ≤ 60 s.
     */
    public static LinkKeepAlive forTimeout(Duration timeout) {
        long step = Math.max(1, timeout.toSeconds() / (2 * (PROBES + 1)));
        return new LinkKeepAlive(Duration.ofSeconds(step), Duration.ofSeconds(step), PROBES);
    }

    /** Longest time from the peer's last segment until the kernel closes an idle link to it. */
    public Duration detectionBound() {
        return idle.plus(interval.multipliedBy(count));
    }

    /**
     * Turns keepalive on for a connected TCP channel (UNIX-domain channels are left alone). Options the platform
     * lacks are skipped with a debug line; SO_KEEPALIVE alone still uses the system's (long) defaults.
     */
    public void apply(SocketChannel ch) {
        try {
            if (!(ch.getRemoteAddress() instanceof InetSocketAddress)) {
                return;
            }
            ch.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
            set(ch, Options.IDLE, (int) idle.toSeconds());
            set(ch, Options.INTERVAL, (int) interval.toSeconds());
            set(ch, Options.COUNT, count);
        } catch (IOException | UnsupportedOperationException e) {
            LOG.debug("keepalive not set: {}", e.toString());
        }
    }

    private static void set(SocketChannel ch, SocketOption<Integer> option, int value) throws IOException {
        if (option != null && ch.supportedOptions().contains(option)) {
            ch.setOption(option, value);
        } else {
            LOG.debug("keepalive option {} unsupported here", option);
        }
    }

    /** The jdk.net options, null where the module is absent. */
    private static final class Options {
        static final SocketOption<Integer> IDLE = option("idle");
        static final SocketOption<Integer> INTERVAL = option("interval");
        static final SocketOption<Integer> COUNT = option("count");

        private static SocketOption<Integer> option(String which) {
            try {
                return switch (which) {
                    case "idle" -> jdk.net.ExtendedSocketOptions.TCP_KEEPIDLE;
                    case "interval" -> jdk.net.ExtendedSocketOptions.TCP_KEEPINTERVAL;
                    default -> jdk.net.ExtendedSocketOptions.TCP_KEEPCOUNT;
                };
            } catch (LinkageError e) {
                return null;
            }
        }
    }
}
