package org.ox4j.it.rfc102;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.mpi.comm.Envelope;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.PeerWire;
import org.ox4j.mpi.comm.SendMode;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.server.rfc102.LinkAddress;
import org.ox4j.server.rfc102.PeerGroup;
import org.ox4j.server.rfc102.Rfc102Config;

/**
 * Small messages and large messages' bodies of the messaging layer are written by the sending thread itself; a peer
 * that stops reading must not hold that thread longer than the group's timeout. The peer here is a bare socket that
 * answers the byte-order exchange and then reads nothing, so the socket buffers fill and the next write blocks.
 */
class PeerLinkWritesIT {
    @Test
    void aWriteBlockedByAPeerThatStoppedReadingEndsAfterTheTimeoutAndClosesTheLink() throws Exception {
        Cmo envelope = PeerWire.encode(new Envelope(Envelope.Kind.DATA, 0, 0, 7, SendMode.STANDARD, 1,
                Payload.ofBytes(new byte[8000])));
        assertThat(PeerWire.payloadAtMost(envelope, 16 * 1024)).as("written by the sender itself").isTrue();
        assertABlockedWriteEnds(member -> {
            for (int i = 0; ; i++) {
                CompletableFuture<Void> f = member.sendEnvelope(1, envelope);
                if (f.isCompletedExceptionally()) {
                    return f.handle((v, e) -> e).join();
                }
                if (i > 1_000_000) {
                    return null;
                }
            }
        });
    }

    /** A large message's body, written by the sending thread itself, is ended the same way. */
    @Test
    void aLargeBodyWrittenByTheSenderEndsAfterTheTimeoutWhenThePeerStopsReading() throws Exception {
        Cmo header = PeerWire.encode(new Envelope(Envelope.Kind.DATA_STREAM, 0, 0, 7, SendMode.STANDARD, 1,
                Payload.ofLongs(Payload.Kind.BYTES.code(), 64L << 20)));
        ByteBuffer piece = ByteBuffer.allocateDirect(1 << 20);
        assertABlockedWriteEnds(member -> {
            try {
                boolean written = member.sendStreamHere(1, header, 64L << 20, w -> {
                    for (int i = 0; i < 64; i++) {
                        w.write(piece.clear());
                    }
                });
                return written ? null : new AssertionError("the idle link was not written by the sender");
            } catch (RuntimeException e) {
                return e;
            }
        });
    }

    /**
     * Links a member (rank 0 of 2) to a bare socket that answers the byte-order exchange and then reads nothing,
     * runs {@code send} (which returns the failure its writes ended with, or null) and checks that it ended within
     * the group's timeout (2 s) and closed the link.
     */
    private static void assertABlockedWriteEnds(Function<PeerGroup, Throwable> send) throws Exception {
        Path dir = Files.createTempDirectory("ox4j-link-writes");
        Path socket = dir.resolve("link");
        ExecutorService pool = Executors.newCachedThreadPool();
        Rfc102Config config = Rfc102Config.DEFAULT.withTimeout(Duration.ofSeconds(2));
        PeerGroup member = new PeerGroup(new SerialCounter(), config);
        member.setRank(2, 0);
        CompletableFuture<Void> accepted = CompletableFuture.runAsync(
                () -> member.tcpAccept(new LinkAddress.Unix(socket.toString()), 1, null), pool);
        AtomicReference<SocketChannel> peer = new AtomicReference<>();
        // the member binds the path a moment after accept starts
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(5))
                .until(() -> {
                    peer.set(tryConnect(socket));
                    return peer.get() != null;
                });
        try (member; SocketChannel silent = peer.get()) {
            silent.write(ByteBuffer.wrap(new byte[] {1}));
            silent.read(ByteBuffer.allocate(1));
            accepted.get(20, TimeUnit.SECONDS);

            long t0 = System.nanoTime();
            Throwable failure = CompletableFuture.supplyAsync(() -> send.apply(member), pool)
                    .get(20, TimeUnit.SECONDS);
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertThat(failure).as("the sends end with a failure").isNotNull().isNotInstanceOf(AssertionError.class);
            assertThat(waited).as("the blocked write waited for the timeout, not for ever").isLessThan(15_000);
            assertThat(member.linkedPeers()).as("the link to the peer that stopped reading is closed").isEmpty();
        } finally {
            pool.shutdownNow();
            Files.deleteIfExists(socket);
            Files.deleteIfExists(dir);
        }
    }

    /** A channel connected to {@code socket}, or null while nothing listens there yet. */
    private static SocketChannel tryConnect(Path socket) throws java.io.IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.connect(UnixDomainSocketAddress.of(socket));
            return ch;
        } catch (java.net.SocketException e) {
            ch.close();
            return null;
        }
    }
}
