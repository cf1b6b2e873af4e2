package org.ox4j.server.launch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.SocketChannel;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.blocking.BlockingHandshake;
import org.ox4j.protocol.blocking.BlockingSocketTuning;
import org.ox4j.protocol.blocking.ChannelByteSource;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.protocol.handshake.HandshakeRole;
import org.ox4j.server.session.ServerRuntime;
import org.ox4j.server.session.Session;

/** Turns connected channels into sessions and control readers: password, byte-order handshake, framing. */
public final class Connections {
    private static final Logger LOG = LogManager.getLogger();
    /** Control messages are 12 bytes; anything much bigger on control is refused. */
    static final CmoLimits CONTROL_LIMITS = CmoLimits.builder().maxDepth(8).maxElements(1024).maxStringBytes(4096)
            .maxBignumWords(1024).maxMessageBytes(64 * 1024).build();

    private Connections() {
    }

    /**
     * A connected channel with its reader and writer (handshake not yet done). TCP channels get TCP_NODELAY and
     * TCP_QUICKACK, re-armed after every read, so a master that writes with Nagle's algorithm on never waits for a
     * delayed ACK.
     */
    public record Wire(SocketChannel channel, ChannelByteSource in, OxMessageWriter out) {
        public static Wire of(SocketChannel channel) throws IOException {
            channel.configureBlocking(true);
            Runnable rearm = BlockingSocketTuning.tune(channel);
            return new Wire(channel, new ChannelByteSource(channel, ChannelByteSource.DEFAULT_BUFFER_SIZE, rearm),
                    new OxMessageWriter(channel));
        }

        /** Verifies a password sent by the peer; false (and logged) on mismatch. */
        public boolean verify(String password, String what) {
            if (password == null) {
                return true;
            }
            boolean ok = BlockingHandshake.verifyPassword(password, in);
            if (!ok) {
                LOG.warn("{}: wrong password from {}, closing", what, peer());
            }
            return ok;
        }

        public String peer() {
            try {
                SocketAddress a = channel.getRemoteAddress();
                return a == null ? "unix socket" : a.toString();
            } catch (IOException e) {
                return "?";
            }
        }

        public void closeQuietly() {
            try {
                channel.close();
            } catch (IOException e) {
                LOG.debug("close: {}", e.toString());
            }
        }
    }

    /** Runs the data handshake with the runtime's offer and builds the (not yet started) session. */
    public static Session dataSession(ServerRuntime rt, Wire w) {
        serverHandshake((byte) rt.byteOrderOffer(), w);
        return new Session(rt, new OxMessageReader(w.in(), rt.limits().cmoLimits()).keepingEncoded(), w.out(), w.channel());
    }

    /** Runs the control handshake (always offering network order, like {@code ox}) and returns its reader. */
    public static OxMessageReader control(Wire w) {
        serverHandshake(ByteOrderBytes.NETWORK_BYTE_ORDER, w);
        return new OxMessageReader(w.in(), CONTROL_LIMITS);
    }

    /** The server side of the byte-order exchange: our byte first, then the peer's. */
    static void serverHandshake(byte offer, Wire w) {
        BlockingHandshake.exchange(HandshakeRole.SERVER, offer, w.in(), w.out());
    }

    /** Whether a TCP peer is 127.0.0.1 (or ::1); AF_UNIX peers count as local. */
    public static boolean isLoopback(SocketChannel ch) throws IOException {
        SocketAddress a = ch.getRemoteAddress();
        if (a instanceof InetSocketAddress i) {
            InetAddress addr = i.getAddress();
            return addr != null && addr.isLoopbackAddress();
        }
        return true;
    }
}
