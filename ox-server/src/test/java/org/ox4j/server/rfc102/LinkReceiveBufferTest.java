package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.server.eval.Interruption;

/**
 * The receive buffer of a TCP link is what the group's configuration asks for, on the accepting and on the connecting
 * end, and 0 leaves the kernel's default. Two members in this JVM, linked over loopback as a master links them.
 */
@Timeout(60)
class LinkReceiveBufferTest {
    /** The buffers of both ends of one link between two members configured alike. */
    private static int[] linkedWith(Rfc102Config config) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        LinkAddress address = new LinkAddress.Tcp(port);
        try (PeerGroup a = new PeerGroup(new SerialCounter(), config);
                PeerGroup b = new PeerGroup(new SerialCounter(), config)) {
            a.setRank(2, 0);
            b.setRank(2, 1);
            CompletableFuture<Void> accepted = CompletableFuture.runAsync(
                    () -> a.tcpAccept(address, 1, new Interruption()));
            CompletableFuture<Void> connected = CompletableFuture.runAsync(
                    () -> b.tcpConnect("127.0.0.1", address, 0, new Interruption()));
            accepted.get(30, TimeUnit.SECONDS);
            connected.get(30, TimeUnit.SECONDS);
            return new int[] {a.linkReceiveBufferBytes(1), b.linkReceiveBufferBytes(0)};
        }
    }

    @Test
    void bothEndsOfATcpLinkGetTheConfiguredReceiveBuffer() throws Exception {
        Rfc102Config base = Rfc102Config.DEFAULT.withTimeout(Duration.ofSeconds(20));
        int[] kernels = linkedWith(base.withReceiveBufferBytes(0));
        int[] asked = linkedWith(base.withReceiveBufferBytes(4 << 20));
        // the kernel caps the request at net.core.rmem_max (at least 208 KiB on Linux) and reports twice what it
        // granted, above the default it starts a socket with (tcp_rmem's middle value, 128 KiB unless tuned)
        assertThat(asked[0]).as("accepting end").isGreaterThan(kernels[0]);
        assertThat(asked[1]).as("connecting end").isGreaterThan(kernels[1]);
        assertThat(Rfc102Config.DEFAULT.receiveBufferBytes()).isEqualTo(Rfc102Config.DEFAULT_RECEIVE_BUFFER_BYTES);
    }
}
