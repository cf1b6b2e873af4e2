package org.ox4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.blocking.BlockingHandshake;
import org.ox4j.protocol.blocking.ChannelByteSource;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.protocol.handshake.HandshakeRole;

/**
 * No delayed-ACK stall (issue 8): a master that behaves like Asir (Nagle's algorithm on, two small messages written
 * back to back, then a wait for the reply) gets push + pop of a small integer over TCP loopback without waiting for
 * a delayed ACK. The control, in the same run, is a server with TCP_QUICKACK off: there the second message waits for
 * the server's delayed ACK of the first (~40 ms on Linux), and the server with quick ACKs must be at least four times
 * faster; on a kernel where the control does not stall, quick ACKs must cost nothing.
 */
class DelayedAckStallIT {
    private static final int ROUND_TRIPS = 1000;
    private static final int SLOW_ROUND_TRIPS = 20;
    /** A control median at least this long is the delayed-ACK stall (Linux delays an ACK by about 40 ms). */
    private static final double STALL_MILLIS = 10.0;

    /** A blocking master whose socket keeps Nagle's algorithm on, like Asir's. */
    private static final class NagleMaster implements AutoCloseable {
        private final Socket socket;
        private final OxMessageReader reader;
        private final OxMessageWriter writer;
        private int serial;

        NagleMaster(int port) throws IOException {
            socket = new Socket();
            socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            socket.setSoTimeout(30_000);
            socket.setTcpNoDelay(false);
            ChannelByteSource in = new ChannelByteSource(Channels.newChannel(socket.getInputStream()));
            writer = new OxMessageWriter(Channels.newChannel(socket.getOutputStream()));
            reader = new OxMessageReader(in, CmoLimits.DEFAULT);
            ByteOrder order = BlockingHandshake.exchange(HandshakeRole.CLIENT, ByteOrderBytes.LITTLE_ENDIAN, in,
                    writer);
            assertThat(order).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        }

        /** Push ZZ and pop it: two separate writes (OX_DATA, OX_COMMAND), then one reply; returns nanoseconds. */
        long pushPop(long v) {
            long t0 = System.nanoTime();
            writer.send(new OxData(serial++, CmoZZ.of(v)));
            writer.send(new OxCommand(serial++, SmCommand.POP_CMO.code()));
            Object reply = ((OxData) reader.read().message()).cmo();
            long t = System.nanoTime() - t0;
            assertThat(reply).isEqualTo(CmoZZ.of(v));
            return t;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private static double medianMillis(ServerProcess server, int n) throws IOException {
        // form b accepts the control connection first
        try (TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(0);
             NagleMaster m = new NagleMaster(server.readyPort("data"))) {
            assertThat(m.socket.getTcpNoDelay()).isFalse();
            for (int i = 0; i < Math.min(n, 50); i++) {
                m.pushPop(i + 1); // warm-up: JIT and the kernel's quick-ACK start
            }
            long[] t = new long[n];
            for (int i = 0; i < n; i++) {
                t[i] = m.pushPop(i + 1);
            }
            Arrays.sort(t);
            return t[n / 2] / 1e6;
        }
    }

    @Test
    void pushPopOfASmallIntegerDoesNotWaitForADelayedAck() throws Exception {
        double fast;
        try (ServerProcess server = ServerProcess.startReady("stall-quickack", "-data", "0", "-control", "0")) {
            fast = medianMillis(server, ROUND_TRIPS);
        }
        double slow;
        try (ServerProcess server = ServerProcess.startReady("stall-no-quickack",
                Map.of("JAVA_OPTS", "-Dox4j.tcp.quickack=false"), "-data", "0", "-control", "0")) {
            slow = medianMillis(server, SLOW_ROUND_TRIPS);
        }
        System.out.printf("DelayedAckStallIT: push+pop median over TCP loopback, Nagle on at the master: "
                + "%.3f ms with TCP_QUICKACK (%d round trips), %.3f ms with -Dox4j.tcp.quickack=false (%d)%n",
                fast, ROUND_TRIPS, slow, SLOW_ROUND_TRIPS);
        if (slow >= STALL_MILLIS) {
            // the control shows the stall: quick ACKs must remove it, not merely shave it
            assertThat(fast).as("with TCP_QUICKACK against the stalling control of %.3f ms", slow)
                    .isLessThan(slow / 4);
        } else {
            // this kernel does not delay the ACK here: quick ACKs must at least cost nothing
            assertThat(fast).as("with TCP_QUICKACK against the non-stalling control of %.3f ms", slow)
                    .isLessThan(Math.max(2 * slow, 0.5));
        }
    }
}
