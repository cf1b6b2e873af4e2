package org.ox4j.protocol.blocking;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketOption;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * TCP_NODELAY and Linux TCP_QUICKACK for blocking TCP channels (UNIX-domain channels need neither and are left
 * alone). Asir masters send small messages back to back with Nagle's algorithm on; their second message waits for
 * our ACK of the first, and a delayed ACK costs about 40 ms per exchange. Quick ACKs remove that stall; the kernel
 * clears TCP_QUICKACK again after a while, so {@link #tune} returns a hook to run after every read (give it to
 * {@link ChannelByteSource}). Unsupported options are skipped silently.
 *
 * <p>System property {@value #QUICKACK_PROPERTY}{@code =false} turns quick ACKs off (to measure the stall).
 */
public final class BlockingSocketTuning {
    /** System property that disables TCP_QUICKACK when {@code false}. */
    public static final String QUICKACK_PROPERTY = "ox4j.tcp.quickack";

    private static final Logger LOG = LogManager.getLogger();
    private static final Runnable NOTHING = () -> { };
    private static final SocketOption<Boolean> QUICKACK = quickAckOption();

    private BlockingSocketTuning() {
    }

    /** Whether TCP_QUICKACK is enabled by configuration (it may still be unsupported by the platform). */
    public static boolean quickAckEnabled() {
        return !"false".equalsIgnoreCase(System.getProperty(QUICKACK_PROPERTY, "true"));
    }

    /**
     * Sets TCP_NODELAY and, if enabled and supported, TCP_QUICKACK on a connected TCP channel; returns the
     * re-arming hook to run after each read (a no-op for UNIX-domain channels or without quick ACKs).
     */
    public static Runnable tune(SocketChannel ch) {
        try {
            if (!(ch.getRemoteAddress() instanceof InetSocketAddress)) {
                return NOTHING;
            }
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
        } catch (IOException | UnsupportedOperationException e) {
            LOG.debug("TCP_NODELAY not set: {}", e.toString());
            return NOTHING;
        }
        if (QUICKACK == null || !quickAckEnabled() || !ch.supportedOptions().contains(QUICKACK)) {
            return NOTHING;
        }
        Runnable rearm = () -> {
            try {
                ch.setOption(QUICKACK, true);
            } catch (IOException | RuntimeException e) {
                // closed or unsupported after all: reads report a closed channel themselves
            }
        };
        rearm.run();
        return rearm;
    }

    private static SocketOption<Boolean> quickAckOption() {
        try {
            return jdk.net.ExtendedSocketOptions.TCP_QUICKACK;
        } catch (LinkageError e) {
            return null;
        }
    }
}
