package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.mpi.comm.PeerWire;
import org.ox4j.mpi.comm.ReplyWaits;
import org.ox4j.mpi.comm.StreamBody;
import org.ox4j.mpi.comm.StreamChunks;
import org.ox4j.mpi.comm.SynchronisingWaits;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.handshake.ByteOrderBytes;

/**
 * Who reads a link: a waiter reads what it waits for on its own thread, stream bodies and frames nobody waits for
 * are read by the link's reader thread, and a waiter ends when the link closes or its thread is interrupted. Two
 * links over a real loopback connection.
 */
@Timeout(60)
class LinkReadRoleTest {
    /** What the listener of the receiving link saw, with the thread it saw it on. */
    private record Seen(String what, String thread) {
    }

    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    /** One permit per entry of {@link #seen}. */
    private final Semaphore arrivals = new Semaphore(0);
    private PeerLink sender;
    /** Volatile: the receiving link's own threads read it ({@link #announceLargeBody}). */
    private volatile PeerLink receiver;

    @BeforeEach
    void connect() throws Exception {
        connect(0);
    }

    /**
     * Links rank 0 (the sender) and rank 1 (the receiver, whose listener records into {@link #seen}) over loopback;
     * waiters on the receiver spin {@code receiverSpinNanos} before they sleep.
     */
    private void connect(long receiverSpinNanos) throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            SocketChannel a = SocketChannel.open(server.getLocalAddress());
            SocketChannel b = server.accept();
            CompletableFuture<PeerLink> other = CompletableFuture.supplyAsync(
                    () -> link(b, 0, 1, new Recorder(seen, arrivals, this::announceLargeBody), receiverSpinNanos));
            sender = link(a, 1, 0, new Recorder(new CopyOnWriteArrayList<>(), new Semaphore(0), n -> { }), 0);
            receiver = other.get(20, TimeUnit.SECONDS);
        }
    }

    private static PeerLink link(SocketChannel ch, int peer, int own, PeerLink.Listener listener, long spinNanos) {
        try {
            return PeerLink.handshake(ch, peer, own, ByteOrderBytes.LITTLE_ENDIAN, listener, CmoLimits.DEFAULT,
                    LinkKeepAlive.forTimeout(Duration.ofSeconds(30)), true, new LinkReadRole.Spin(spinNanos, 0, 0));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterEach
    void close() {
        if (sender != null) {
            sender.close();
        }
        if (receiver != null) {
            receiver.close();
        }
    }

    /** Envelopes numbered from {@link #LARGE_HEADER} on stand for large messages' headers, as the endpoint's are. */
    private static final int LARGE_HEADER = 100;

    private void announceLargeBody(int envelope) {
        if (envelope >= LARGE_HEADER) {
            receiver.bodyFollows(true);
        }
    }

    private static Cmo envelope(int n) {
        return CmoList.of(CmoString.of(PeerWire.MAGIC), new CmoInt32(n));
    }

    private static long in(Duration d) {
        return System.nanoTime() + d.toNanos();
    }

    /**
     * A condition that runs {@code send} the first time it is asked, that is once the waiter holds the read role
     * (so the reader thread cannot have read the message before the waiter began).
     */
    private static BooleanSupplier sendingFirst(Runnable send, BooleanSupplier condition) {
        boolean[] sent = {false};
        return () -> {
            if (!sent[0]) {
                sent[0] = true;
                send.run();
            }
            return condition.getAsBoolean();
        };
    }

    @Test
    void aWaiterDecodesWhatItWaitsForOnItsOwnThread() throws Exception {
        boolean done = receiver.readUntil(sendingFirst(() -> sender.writeSmall(new OxData(1, envelope(7))).join(),
                () -> !seen.isEmpty()), in(Duration.ofSeconds(20)));

        assertThat(done).isTrue();
        assertThat(seen).containsExactly(new Seen("envelope 7", Thread.currentThread().getName()));
    }

    /**
     * Two frames in the socket, the waiter waits for the first: its read takes both, and it decodes the second
     * before it leaves instead of handing the buffered bytes to the reader thread.
     */
    @Test
    void aWaiterAlsoDecodesTheFramesItsReadBroughtIn() throws Exception {
        boolean done = receiver.readUntil(sendingFirst(() -> {
            sender.writeSmall(new OxData(1, envelope(1))).join();
            sender.writeSmall(new OxData(2, envelope(2))).join();
        }, () -> !seen.isEmpty()), in(Duration.ofSeconds(20)));

        assertThat(done).isTrue();
        String me = Thread.currentThread().getName();
        assertThat(seen).containsExactly(new Seen("envelope 1", me), new Seen("envelope 2", me));
    }

    @Test
    void aStreamBodyIsLeftToTheReaderThread() throws Exception {
        byte[] body = new byte[300_000];
        body[body.length - 1] = 42;
        long deadline = in(Duration.ofSeconds(20));
        receiver.readUntil(sendingFirst(() -> sender.writeStream(new OxData(1, envelope(1)), 2, body.length,
                new OneChunk(ByteBuffer.wrap(body))), () -> seen.size() >= 2), deadline);
        while (seen.size() < 2 && System.nanoTime() < deadline) {
            receiver.readUntil(() -> seen.size() >= 2, deadline);
        }

        assertThat(seen).hasSize(2);
        assertThat(seen.get(0)).isEqualTo(new Seen("envelope 1", Thread.currentThread().getName()));
        assertThat(seen.get(1).what()).isEqualTo("bulk 300000 ending 42");
        assertThat(seen.get(1).thread()).endsWith("-reader");
    }

    /**
     * A large message's body (announced as one a waiter may read) is read on by the waiter that read its header:
     * no hand-off to the reader thread and back.
     */
    @Test
    void aLargeMessagesBodyIsReadByTheWaiterThatReadItsHeader() throws Exception {
        byte[] body = new byte[300_000];
        body[body.length - 1] = 43;
        boolean done = receiver.readUntil(sendingFirst(() -> sender.writeStream(new OxData(1,
                envelope(LARGE_HEADER)), 2, body.length, new OneChunk(ByteBuffer.wrap(body))),
                () -> seen.size() >= 2), in(Duration.ofSeconds(20)));

        assertThat(done).isTrue();
        String me = Thread.currentThread().getName();
        assertThat(seen).containsExactly(new Seen("envelope " + LARGE_HEADER, me),
                new Seen("bulk 300000 ending 43", me));
    }

    /**
     * A waiter that has what it waits for once a large message's header came leaves the body to the reader thread
     * (all of it may be long in coming) instead of reading on.
     */
    @Test
    void aWaiterDoneAtALargeHeaderLeavesTheBodyToTheReaderThread() throws Exception {
        byte[] body = new byte[300_000];
        body[body.length - 1] = 44;
        boolean done = receiver.readUntil(sendingFirst(() -> sender.writeStream(new OxData(1,
                envelope(LARGE_HEADER + 1)), 2, body.length, new OneChunk(ByteBuffer.wrap(body))),
                () -> !seen.isEmpty()), in(Duration.ofSeconds(20)));
        assertThat(done).isTrue();

        assertThat(arrivals.tryAcquire(2, 20, TimeUnit.SECONDS)).isTrue();
        assertThat(seen.get(0)).isEqualTo(new Seen("envelope " + (LARGE_HEADER + 1),
                Thread.currentThread().getName()));
        assertThat(seen.get(1).what()).isEqualTo("bulk 300000 ending 44");
        assertThat(seen.get(1).thread()).endsWith("-reader");
    }

    @Test
    void framesNobodyWaitsForAreReadByTheReaderThread() throws Exception {
        // a waiter was here a moment ago: the reader thread stays away only for the linger
        assertThat(receiver.readUntil(() -> false, in(Duration.ofMillis(5)))).isFalse();
        sender.writeSmall(new OxData(1, envelope(3))).get(10, TimeUnit.SECONDS);

        assertThat(arrivals.tryAcquire(20, TimeUnit.SECONDS)).isTrue();
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0).what()).isEqualTo("envelope 3");
        assertThat(seen.get(0).thread()).endsWith("-reader");
    }

    @Test
    void framesNobodyWaitsForAreReadByTheReaderThreadAfterARunOfWaiters() throws Exception {
        // waiters that get what they wait for, one every 0.3 ms for 40 ms, each renewing the linger: the reader's
        // naps grow (a waiter that gives up would hand the link back instead), and it still reads what comes once
        // they stop
        long end = in(Duration.ofMillis(40));
        long next = System.nanoTime();
        while (System.nanoTime() - end < 0) {
            if (System.nanoTime() - next >= 0) {
                assertThat(receiver.readUntil(() -> true, in(Duration.ofMillis(5)))).isTrue();
                next += 300_000;
            }
            Thread.onSpinWait();
        }
        sender.writeSmall(new OxData(1, envelope(4))).get(10, TimeUnit.SECONDS);

        assertThat(arrivals.tryAcquire(20, TimeUnit.SECONDS)).isTrue();
        assertThat(seen).hasSize(1);
        assertThat(seen.get(0).what()).isEqualTo("envelope 4");
        assertThat(seen.get(0).thread()).endsWith("-reader");
    }

    @Test
    void aWaiterEndsWhenTheLinkCloses() throws Exception {
        CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return receiver.readUntil(() -> false, in(Duration.ofSeconds(50)));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        sender.close();

        assertThat(waiting.get(20, TimeUnit.SECONDS)).isFalse();
        assertThat(receiver.isClosed()).isTrue();
        assertThat(receiver.poll(1)).isInstanceOf(Inbound.Closed.class);
    }

    @Test
    void anInterruptEndsAWaiter() throws Exception {
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                receiver.readUntil(() -> false, in(Duration.ofSeconds(50)));
                ended.complete(null);
            } catch (InterruptedException e) {
                ended.complete(e);
            }
        });
        t.start();
        // the waiter must be inside its wait for the interrupt to matter; either way it has to end
        t.interrupt();

        assertThat(ended.get(20, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
        t.join();
        assertThat(receiver.isClosed()).isFalse();
        sender.writeSmall(new OxData(1, envelope(5))).get(10, TimeUnit.SECONDS);
        assertThat(arrivals.tryAcquire(20, TimeUnit.SECONDS)).isTrue();
        assertThat(seen).extracting(Seen::what).containsExactly("envelope 5");
    }

    @Test
    void aWaitForAReplyOrInsideABarrierTakesItsOwnSpinAndNeverLessThanAnyWaits() {
        LinkReadRole.Spin none = new LinkReadRole.Spin(0, 200, 1000);
        LinkReadRole.Spin some = new LinkReadRole.Spin(300, 200, 100);
        assertThat(none.forThisWait()).isZero();
        assertThat((long) ReplyWaits.during(none::forThisWait)).isEqualTo(1000);
        assertThat((long) ReplyWaits.during(some::forThisWait)).isEqualTo(300);
        long[] inBarrier = new long[2];
        // the barrier's last round waits for the peer it has just signalled: a barrier's wait all the same
        SynchronisingWaits.during(() -> {
            inBarrier[0] = ReplyWaits.during(none::forThisWait);
            inBarrier[1] = some.forThisWait();
        });
        assertThat(inBarrier).containsExactly(200, 300);
    }

    @Test
    void aSpinningWaiterKeepsItsDeadline() throws Exception {
        close();
        connect(200_000);
        long start = System.nanoTime();
        assertThat(receiver.readUntil(() -> false, in(Duration.ofMillis(20)))).isFalse();
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofMillis(20).toNanos());
        assertThat(receiver.readUntil(sendingFirst(() -> sender.writeSmall(new OxData(1, envelope(11))).join(),
                () -> !seen.isEmpty()), in(Duration.ofSeconds(20)))).isTrue();
        assertThat(seen).containsExactly(new Seen("envelope 11", Thread.currentThread().getName()));
    }

    /**
     * Records envelopes and stream bodies with the thread that delivered them; {@code onNumber} sees each envelope's
     * number as it is delivered.
     */
    private record Recorder(List<Seen> into, Semaphore arrivals, IntConsumer onNumber) implements PeerLink.Listener {
        @Override
        public void onEnvelope(int sourceRank, Cmo e) {
            int n = ((CmoInt32) ((CmoList) e).get(1)).value();
            into.add(new Seen("envelope " + n, Thread.currentThread().getName()));
            onNumber.accept(n);
            arrivals.release();
        }

        @Override
        public void onBulk(int sourceRank, StreamBody body) {
            ByteBuffer b = ByteBuffer.allocate((int) body.length());
            body.readFully(b);
            into.add(new Seen("bulk " + b.capacity() + " ending " + b.get(b.capacity() - 1),
                    Thread.currentThread().getName()));
            arrivals.release();
        }

        @Override
        public void onLinkClosed(int peerRank, Throwable cause) {
        }
    }

    /** A stream body that is one buffer. */
    private static final class OneChunk implements StreamChunks {
        private final ByteBuffer chunk;
        private boolean given;

        OneChunk(ByteBuffer chunk) {
            this.chunk = chunk;
        }

        @Override
        public ByteBuffer next() {
            if (given) {
                throw new IllegalStateException("one chunk only");
            }
            given = true;
            return chunk;
        }

        @Override
        public void written(ByteBuffer b) {
        }
    }

    /**
     * A ring of streams: the reader thread is inside a stream body whose rest the peer sends only after this
     * thread got what it waits for (the header before that body). The waiter must see that the reader brought it
     * instead of queueing for the read role until the body ends, which here would be never.
     */
    @Test
    void aWaiterKeptFromTheRoleByABodyReturnsOnceItsMessageCame() throws Exception {
        CompletableFuture<Void> waiterReturned = new CompletableFuture<>();
        byte[] body = new byte[200_000];
        body[body.length - 1] = 7;
        StreamChunks halves = new StreamChunks() {
            private int given;

            @Override
            public ByteBuffer next() {
                if (given++ == 1) {
                    waiterReturned.join();
                }
                return ByteBuffer.wrap(body, given == 1 ? 0 : 100_000, 100_000);
            }

            @Override
            public void written(ByteBuffer b) {
            }
        };
        sender.writeStream(new OxData(1, envelope(3)), 2, body.length, halves);
        assertThat(arrivals.tryAcquire(20, TimeUnit.SECONDS)).isTrue();

        boolean done = receiver.readUntil(() -> !seen.isEmpty(), in(Duration.ofMinutes(5)));
        waiterReturned.complete(null);

        assertThat(done).isTrue();
        assertThat(arrivals.tryAcquire(20, TimeUnit.SECONDS)).isTrue();
        assertThat(seen.get(1).what()).isEqualTo("bulk 200000 ending 7");
    }

    /**
     * A stream header came, so its body is the reader thread's: the reader thread must watch the socket even while
     * a waiter is still about (one that delivered the header and is on its way out). Before, it took a waiter's
     * nap then, and the body lay unread for up to 20 ms.
     */
    @Test
    void anExpectedBodyKeepsTheReaderThreadAtTheSocketWhileAWaiterIsAbout() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (SocketChannel a = SocketChannel.open(server.getLocalAddress()); SocketChannel b = server.accept()) {
                LinkReadRole role = new LinkReadRole(true, LinkReadRole.Spin.NONE);
                role.start(b, new NoFrames());
                CompletableFuture<Void> leave = new CompletableFuture<>();
                CompletableFuture<Boolean> waiter = CompletableFuture.supplyAsync(() -> {
                    try {
                        return role.readUntil(leave::isDone, in(Duration.ofSeconds(50)));
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
                try {
                    long deadline = in(Duration.ofSeconds(20));
                    // the waiter has entered (it is about) once the reader thread would leave the socket to it
                    while (!role.leftToWaiters() && System.nanoTime() < deadline) {
                        Thread.onSpinWait();
                    }
                    assertThat(role.leftToWaiters()).isTrue();

                    role.bodyFollows(false);

                    assertThat(role.leftToWaiters()).isFalse();
                } finally {
                    leave.complete(null);
                    waiter.get(20, TimeUnit.SECONDS);
                    role.close();
                }
            }
        }
    }

    /** A link on which nothing arrives. */
    private static final class NoFrames implements LinkReadRole.Frames {
        @Override
        public boolean available() {
            return false;
        }

        @Override
        public boolean readableByWaiter() {
            return true;
        }

        @Override
        public boolean buffered() {
            return false;
        }

        @Override
        public void readOne() {
            throw new IllegalStateException("nothing to read");
        }

        @Override
        public boolean closed() {
            return false;
        }

        @Override
        public void failed(Throwable cause) {
            throw new IllegalStateException(cause);
        }
    }

    @Test
    void aWaiterReadsFifoMessagesThroughPoll() throws Exception {
        sender.write(new OxData(2, new CmoInt32(4))).get(10, TimeUnit.SECONDS);
        assertThat(receiver.poll(20_000).value()).isEqualTo(new CmoInt32(4));
        assertThat(receiver.poll(1)).isNull();
    }
}
