package org.ox4j.server.rfc102;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteOrder;
import java.nio.channels.NetworkChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.Cmo;
import org.ox4j.mpi.comm.ArrayDestination;
import org.ox4j.mpi.comm.CmoSizes;
import org.ox4j.mpi.comm.LinkClosedLocallyException;
import org.ox4j.mpi.comm.PeerTransport;
import org.ox4j.mpi.comm.PeerWire;
import org.ox4j.mpi.comm.StreamBody;
import org.ox4j.mpi.comm.StreamChunks;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.server.eval.ComputationInterruptedException;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.eval.Interruption;

/**
 * The RFC-102 state of one server process: its rank, the group size and the links to the other members, indexed
 * by peer rank (at most {@value #MAX_LINKS}), plus the operations ox_asir offers on them: point-to-point
 * send/receive, binomial broadcast and reduction, and the reset drain.
 *
 * <p>All blocking operations run on the calling (session) thread and wait in short slices, so a session reset
 * ({@link Interruption}) stops them, and every wait for a peer is bounded by {@link Rfc102Config#timeout()}; a
 * closed link fails at once with a {@link PeerFailureException} naming the rank. Messages carry serial numbers from
 * the process-wide {@link SerialCounter}, as ox_asir's do.
 */
public final class PeerGroup implements AutoCloseable {
    /** Size of the link table (ox_asir's limit). */
    public static final int MAX_LINKS = 1024;

    private static final Logger LOG = LogManager.getLogger();
    private static final long SLICE_MILLIS = PeerWait.SLICE_MILLIS;

    /** Receives what the messaging layer needs from the links. Called on link reader threads. */
    public interface Listener {
        /** An envelope-format CMO ({@code ["ox4j-mpi", …]}) arrived from {@code sourceRank}. */
        void onEnvelope(int sourceRank, Cmo envelope);

        /**
         * An array message whose elements are not read yet ({@link PeerTransport.Listener#onArrayPrefix}): where
         * they go, or null to have it decoded whole and passed to {@link #onEnvelope}.
         */
        default ArrayDestination onArrayPrefix(int sourceRank, PeerWire.ArrayPrefix prefix) {
            return null;
        }

        /** The raw body of a stream whose envelope came just before (see {@link #sendStream}). */
        void onStreamBody(int sourceRank, StreamBody body);

        /** The link to {@code peerRank} ended. */
        void onLinkFailure(int peerRank, Throwable cause);
    }

    private final SerialCounter serials;
    private final Rfc102Config config;
    private final LinkKeepAlive keepAlive;
    private final AtomicReferenceArray<PeerLink> links = new AtomicReferenceArray<>(MAX_LINKS);
    private final ExecutorService setup = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "rfc102-setup");
        t.setDaemon(true);
        return t;
    });
    private final PeerLink.Listener linkListener = new PeerLink.Listener() {
        @Override
        public void onEnvelope(int sourceRank, Cmo envelope) {
            Listener l = messagingLayer("envelope", sourceRank);
            if (l != null) {
                l.onEnvelope(sourceRank, envelope);
            }
        }

        @Override
        public ArrayDestination onArrayPrefix(int sourceRank, PeerWire.ArrayPrefix prefix) {
            // no waiting for a messaging layer here: without one the message takes the usual way, which waits
            Listener l = listener.current();
            return l == null ? null : l.onArrayPrefix(sourceRank, prefix);
        }

        @Override
        public void onBulk(int sourceRank, StreamBody body) {
            Listener l = messagingLayer("stream body", sourceRank);
            if (l != null) {
                l.onStreamBody(sourceRank, body);
            }
        }

        /** The messaging layer, waited for up to the group's timeout; null (what came is dropped) if none came. */
        private Listener messagingLayer(String what, int sourceRank) {
            Listener l = listener.await(config.timeout());
            if (l == null) {
                LOG.warn("{} from rank {} dropped: no messaging layer attached within {}", what, sourceRank,
                        config.timeout());
            }
            return l;
        }

        @Override
        public void onLinkClosed(int peerRank, Throwable cause) {
            Listener l = listener.current();
            if (l != null) {
                l.onLinkFailure(peerRank, cause);
            }
        }
    };
    private final ListenerSlot<Listener> listener = new ListenerSlot<>();
    /** Ends writes that a peer which stopped reading has blocked for longer than the timeout (see writeSmall). */
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rfc102-write-watchdog");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean watching = new AtomicBoolean();
    private volatile int nserver;
    private volatile int rank;

    /** A group member using the process's serial counter. */
    public PeerGroup(SerialCounter serials, Rfc102Config config) {
        this.serials = Objects.requireNonNull(serials, "serials");
        this.config = Objects.requireNonNull(config, "config");
        this.keepAlive = LinkKeepAlive.forTimeout(config.timeout());
    }

    /** The settings. */
    public Rfc102Config config() {
        return config;
    }

    /**
     * Attaches the messaging layer (envelopes and link failures). Until one is attached, a link that receives an
     * envelope waits for it (up to the group's timeout) rather than dropping it.
     */
    public void setListener(Listener l) {
        listener.set(l);
    }

    /** This member's rank (0 until set). */
    public int rank() {
        return rank;
    }

    /** The group size (0 until set). */
    public int size() {
        return nserver;
    }

    /**
     * {@code SM_set_rank_102}: sets the group size and this member's rank.
     *
     * @throws EvaluationException "Invalid argument(s) in ox_set_rank_102" unless 0 ≤ rank &lt; nserver ≤ 1024
     */
    public void setRank(int nserver, int rank) {
        if (nserver <= 0 || nserver > MAX_LINKS || rank < 0 || rank >= nserver) {
            throw new EvaluationException("Invalid argument(s) in ox_set_rank_102: nserver=" + nserver + ", rank="
                    + rank + " (expected: 0 <= rank < nserver <= " + MAX_LINKS + ")");
        }
        this.nserver = nserver;
        this.rank = rank;
        LOG.info("rfc102: rank {} of {}", rank, nserver);
    }

    /** The ranks that have an open link, ascending. */
    public List<Integer> linkedPeers() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < MAX_LINKS; i++) {
            PeerLink l = links.get(i);
            if (l != null && !l.isClosed()) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * Whether this member has an open loopback link to every other member, so the whole group runs on this host's
     * cores (a group over other interfaces, network namespaces included, may not).
     */
    public boolean allPeersOnThisHost() {
        int n = nserver;
        int own = rank;
        if (n <= 1) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            PeerLink l = i == own ? null : links.get(i);
            if (i != own && (l == null || l.isClosed() || !l.isLoopback())) {
                return false;
            }
        }
        return true;
    }

    /** The byte order negotiated with {@code peerRank}. */
    public ByteOrder linkOrder(int peerRank) {
        return link(peerRank).order();
    }

    /**
     * {@code SM_tcp_accept_102}: listens on {@code address} (TCP on the configured bind address, or AF_UNIX),
     * accepts one connection, exchanges byte-order bytes and registers it as the link to {@code peerRank}.
     * Blocks until the peer connects, the timeout passes or the session is reset.
     */
    public void tcpAccept(LinkAddress address, int peerRank, Interruption interruption) {
        checkPeer(peerRank, "failed to bind or accept in ox_tcp_accept_102");
        ServerSocketChannel server;
        try {
            server = address instanceof LinkAddress.Unix ? ServerSocketChannel.open(StandardProtocolFamily.UNIX)
                    : withReceiveBuffer(ServerSocketChannel.open());
            server.bind(address.bindAddress(config.bindAddress()), 1);
        } catch (IOException | RuntimeException e) {
            throw new EvaluationException("failed to bind or accept in ox_tcp_accept_102: " + address + ": " + e, e);
        }
        ServerSocketChannel listening = server;
        CompletableFuture<PeerLink> f = CompletableFuture.supplyAsync(() -> {
            try {
                SocketChannel ch = listening.accept();
                return PeerLink.handshake(ch, peerRank, rank, config.preferredByte(), linkListener,
                        config.limits(), keepAlive, config.waiterReads(), spin());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, setup);
        try {
            register(peerRank, await(f, interruption, peerRank, "accept", () -> closeQuietly(listening)));
        } finally {
            closeQuietly(listening);
            if (address instanceof LinkAddress.Unix u) {
                deleteSocketFile(u);
            }
        }
    }

    /**
     * A TCP channel, not yet bound or connected, with the configured receive buffer ({@link
     * Rfc102Config#receiveBufferBytes}; an accepted socket takes its listener's). Set before the handshake of TCP
     * because the window scale is agreed on there: a buffer enlarged later could not be offered in full.
     */
    private <T extends NetworkChannel> T withReceiveBuffer(T channel) throws IOException {
        if (config.receiveBufferBytes() > 0) {
            try {
                channel.setOption(StandardSocketOptions.SO_RCVBUF, config.receiveBufferBytes());
            } catch (IOException | RuntimeException e) {
                closeQuietly(channel);
                throw e;
            }
        }
        return channel;
    }

    /** The first pause after a refused link connection; later ones double up to the configured interval. */
    private static final long FIRST_CONNECT_RETRY_MILLIS = 2;

    /**
     * {@code SM_tcp_connect_102}: connects to {@code address} (within ox_asir's window of 10 attempts 100 ms apart),
     * exchanges byte-order bytes and registers the link to {@code peerRank}.
     */
    public void tcpConnect(String host, LinkAddress address, int peerRank, Interruption interruption) {
        checkPeer(peerRank, "failed to connect in ox_tcp_connect_102");
        CompletableFuture<PeerLink> f = new CompletableFuture<>();
        attemptConnect(host, address, peerRank, 1, 0, f);
        register(peerRank, await(f, interruption, peerRank, "connect", () -> f.cancel(false)));
    }

    /**
     * One connection attempt; a refused one is tried again. ox_asir tries 10 times 100 ms apart; we keep that window
     * ((attempts − 1) × interval) but start with short pauses that double up to the interval (2, 4, 8, … ms): a
     * master sends accept and connect together, so the peer's port is usually bound a moment after the first
     * refusal, and waiting a whole interval then cost every wiring round 100 ms.
     */
    private void attemptConnect(String host, LinkAddress address, int peerRank, int attempt, long waitedMillis,
            CompletableFuture<PeerLink> result) {
        if (result.isDone()) {
            return;
        }
        SocketChannel ch = null;
        try {
            ch = address instanceof LinkAddress.Unix ? SocketChannel.open(StandardProtocolFamily.UNIX)
                    : withReceiveBuffer(SocketChannel.open());
            ch.connect(address.connectAddress(host));
        } catch (IOException | RuntimeException e) {
            closeQuietly(ch);
            long window = (config.connectAttempts() - 1) * config.connectInterval().toMillis();
            if (waitedMillis >= window || e instanceof IllegalArgumentException || e instanceof NullPointerException) {
                result.completeExceptionally(new EvaluationException("failed to connect in ox_tcp_connect_102: "
                        + address + " after " + attempt + " attempt(s): " + e, e));
                return;
            }
            long pause = Math.min(window - waitedMillis, Math.min(config.connectInterval().toMillis(),
                    FIRST_CONNECT_RETRY_MILLIS << Math.min(20, attempt - 1)));
            // a scheduled retry instead of a sleeping thread
            CompletableFuture.delayedExecutor(pause, TimeUnit.MILLISECONDS, setup)
                    .execute(() -> attemptConnect(host, address, peerRank, attempt + 1, waitedMillis + pause, result));
            return;
        }
        try {
            PeerLink link = PeerLink.handshake(ch, peerRank, rank, config.preferredByte(), linkListener,
                    config.limits(), keepAlive, config.waiterReads(), spin());
            if (!result.complete(link)) {
                link.close();
            }
        } catch (IOException e) {
            closeQuietly(ch);
            result.completeExceptionally(new PeerFailureException(peerRank, "byte-order exchange: " + e, e));
        }
    }

    /**
     * {@code ox_send_102}: sends one object as OX_DATA; waits until it is written. A small object (as the values of
     * an Asir master's {@code SM_bcast_102} usually are) is written by the calling thread itself, as a small
     * envelope is ({@link #sendEnvelope}), sparing the writer thread's wake-up on each hop of a collective.
     */
    public void send(int peerRank, Cmo object, Interruption interruption) {
        PeerLink l = link(peerRank);
        await(write(l, new OxData(serials.next(), object), CmoSizes.atMost(object, SMALL_ENVELOPE_BYTES)),
                interruption, peerRank, "send", () -> { });
    }

    /**
     * Writes {@code message} on the calling thread when it is small and inline writes are on ({@link
     * PeerLink#writeSmall}), else on the link's writer thread.
     */
    private CompletableFuture<Void> write(PeerLink l, OxData message, boolean small) {
        return config.inlineWrites() && small ? l.writeSmall(message) : l.write(message);
    }

    /**
     * {@code ox_recv_102}: the next message from {@code peerRank}, as ox_asir values it (data → its CMO, command
     * → its code as INT32, anything else → 0).
     */
    public Cmo receive(int peerRank, Interruption interruption) {
        PeerLink l = link(peerRank);
        Inbound x = next(l, interruption);
        if (x.isSyncBall()) {
            // the peer is draining its links: its ball must still count for this member's drain
            l.noteSyncBallTakenEarly();
        }
        return x.value();
    }

    /**
     * A receive inside a collective: as {@link #receive}, but it also ends (with that member's failure) as soon
     * as the link of any other member of the group has failed, since the collective needs every member.
     */
    private Cmo collectiveReceive(int peerRank, Interruption interruption) {
        PeerLink l = link(peerRank);
        Inbound x = PeerWait.next(l, config.timeout(), interruption, this::failedMemberOtherThan);
        if (x.isSyncBall()) {
            // the peer was reset and drains its links before this member was reset: the collective cannot finish,
            // and the ball must count for this member's own drain, which would otherwise wait for it in vain
            l.noteSyncBallTakenEarly();
            throw new PeerFailureException(peerRank, "it reset its links (SYNC_BALL) during the collective;"
                    + " reset this member too (SM_reset_102)");
        }
        return x.value();
    }

    /**
     * The failure of a member other than this one and {@code peer} whose link has ended, or null. Links this
     * process closed itself are gone from the table by then (replaced, or dropped by a reset), so a closed link
     * here is a member that failed.
     */
    PeerFailureException failedMemberOtherThan(int peer) {
        int n = nserver;
        int me = rank;
        for (int i = 0; i < n; i++) {
            if (i == me || i == peer) {
                continue;
            }
            PeerLink l = links.get(i);
            Throwable cause = l == null ? null : l.closedCause();
            if (cause != null && !(cause instanceof LinkClosedLocallyException)) {
                return l.closedError(cause);
            }
        }
        return null;
    }

    /** The links that have ended, with why (the messaging layer learns of failures from before it existed). */
    public java.util.Map<Integer, Throwable> closedLinks() {
        java.util.Map<Integer, Throwable> out = new java.util.TreeMap<>();
        for (int i = 0; i < MAX_LINKS; i++) {
            PeerLink l = links.get(i);
            Throwable cause = l == null ? null : l.closedCause();
            if (cause != null) {
                out.put(i, cause);
            }
        }
        return out;
    }

    /**
     * How many array messages the links read straight into the buffer of a posted receive (diagnostics: the rest of
     * the messages were decoded whole).
     */
    public long arraysReadIntoPlace() {
        long n = 0;
        for (int i = 0; i < MAX_LINKS; i++) {
            PeerLink l = links.get(i);
            n += l == null ? 0 : l.arraysReadIntoPlace();
        }
        return n;
    }

    /** {@code SM_bcast_102}: the binomial broadcast from {@code root}; {@code data} is used at the root only. */
    public Cmo bcast(int root, Cmo data, Interruption interruption) {
        checkRoot(root);
        return Rfc102Bcast.run(port(interruption), root, data);
    }

    /** {@code SM_reduce_102}: the binomial reduction to {@code root}; the result at the root, 0 elsewhere. */
    public Cmo reduce(int root, AsirOperator op, Cmo data, Interruption interruption) {
        checkRoot(root);
        return Rfc102Reduce.run(port(interruption), root, op, data);
    }

    /**
     * {@code SM_reset_102}: empties the links with SYNC_BALLs (see {@link ResetMode}). Links that are closed are
     * dropped from the table, so the survivors of a failure can go on among themselves. A peer that sends nothing
     * within the timeout has its link dropped too.
     */
    public void reset(ResetMode mode, Interruption interruption) {
        int me = rank;
        List<Integer> peers = linkedPeers();
        dropClosedLinks();
        if (mode == ResetMode.ASIR) {
            for (int j : peers) {
                if (j < me) {
                    drainUntilSyncBall(j, interruption);
                }
            }
            for (int j : peers) {
                if (j > me) {
                    sendSyncBall(j, interruption);
                }
            }
        } else {
            for (int j : peers) {
                sendSyncBall(j, interruption);
            }
            for (int j : peers) {
                drainUntilSyncBall(j, interruption);
            }
        }
        dropClosedLinks();
        LOG.info("rfc102: reset_102 ({}) done at rank {} over links {}", mode, me, peers);
    }

    private void sendSyncBall(int peer, Interruption interruption) {
        PeerLink l = links.get(peer);
        if (l == null || l.isClosed()) {
            return;
        }
        try {
            await(l.write(new OxSyncBall(serials.next())), interruption, peer,
                    "reset send", () -> { });
        } catch (PeerFailureException e) {
            LOG.info("reset_102: dropping link to rank {}: {}", peer, e.getMessage());
            l.close();
        }
    }

    private void drainUntilSyncBall(int peer, Interruption interruption) {
        PeerLink l = links.get(peer);
        if (l == null) {
            return;
        }
        if (l.takeEarlySyncBall()) {
            return;
        }
        int discarded = 0;
        try {
            while (true) {
                Inbound x = next(l, interruption);
                if (x.isSyncBall()) {
                    break;
                }
                discarded++;
            }
        } catch (PeerFailureException e) {
            LOG.info("reset_102: dropping link to rank {}: {}", peer, e.getMessage());
            l.close();
        }
        if (discarded > 0) {
            LOG.info("reset_102: discarded {} message(s) from rank {}", discarded, peer);
        }
    }

    private void dropClosedLinks() {
        for (int i = 0; i < MAX_LINKS; i++) {
            PeerLink l = links.get(i);
            if (l != null && l.isClosed()) {
                links.compareAndSet(i, l, null);
            }
        }
    }

    /**
     * Sends an envelope of the messaging layer to {@code dest} as OX_DATA; completes when written. The link's own
     * FIFO is bypassed on the receiving side (see {@link Listener#onEnvelope}).
     */
    public CompletableFuture<Void> sendEnvelope(int dest, Cmo envelope) {
        if (!PeerLink.isEnvelope(envelope)) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "envelope: expected a LIST starting with STRING \"" + PeerWire.MAGIC + "\""));
        }
        PeerLink l;
        try {
            l = link(dest);
        } catch (PeerFailureException e) {
            return CompletableFuture.failedFuture(e);
        }
        return write(l, new OxData(serials.next(), envelope), PeerWire.payloadAtMost(envelope, SMALL_ENVELOPE_BYTES));
    }

    /**
     * Writes an envelope to {@code dest} on the calling thread if it is small, inline writes are on and the link is
     * idle ({@link PeerLink#writeHere}): true once written, false having written nothing. Throws if there is no link
     * or it is broken ({@link PeerFailureException}, {@link java.io.UncheckedIOException}).
     */
    public boolean sendEnvelopeHere(int dest, Cmo envelope) {
        if (!config.inlineWrites() || !PeerLink.isEnvelope(envelope)
                || !PeerWire.payloadAtMost(envelope, SMALL_ENVELOPE_BYTES)) {
            return false;
        }
        return link(dest).writeHere(new OxData(serials.next(), envelope));
    }

    /**
     * Sends an envelope and then a bulk frame of {@code length} raw bytes taken from {@code chunks} on the link to
     * {@code dest} (messaging-layer streams; both ends are ox4j, ox_asir never sees these).
     */
    public CompletableFuture<Void> sendStream(int dest, Cmo envelope, long length, StreamChunks chunks) {
        if (!PeerLink.isEnvelope(envelope) || length < 0 || length > Integer.MAX_VALUE) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("stream: envelope expected and "
                    + length + " bytes (expected: 0.." + Integer.MAX_VALUE + ")"));
        }
        PeerLink l;
        try {
            l = link(dest);
        } catch (PeerFailureException e) {
            return CompletableFuture.failedFuture(e);
        }
        return l.writeStream(new OxData(serials.next(), envelope), serials.next(), (int) length, chunks);
    }

    /**
     * Writes an envelope and a bulk frame of {@code length} bytes on the calling thread when the link to {@code dest}
     * is idle ({@link PeerLink#writeStreamHere}); false if it is busy or inline writes are off.
     */
    public boolean sendStreamHere(int dest, Cmo envelope, long length,
            java.util.function.Consumer<org.ox4j.mpi.comm.StreamChunks.ChunkWriter> body) {
        if (!config.inlineWrites() || !PeerLink.isEnvelope(envelope) || length < 0 || length > Integer.MAX_VALUE) {
            return false;
        }
        PeerLink l = link(dest);
        return l.writeStreamHere(new OxData(serials.next(), envelope), serials.next(), (int) length, body);
    }

    /**
     * Lets the calling thread, about to wait until {@code done} holds for something only {@code peer} can send, read
     * that link itself (see {@link PeerLink#readUntil}); returns at once when there is no open link to it or
     * waiters do not read ({@link Rfc102Config#waiterReads()}), and may return before {@code done} holds.
     */
    public void readWhileWaiting(int peer, java.util.function.BooleanSupplier done, long deadline)
            throws InterruptedException {
        if (peer < 0 || peer >= MAX_LINKS) {
            return;
        }
        PeerLink l = links.get(peer);
        if (l != null && !l.isClosed()) {
            l.readUntil(done, deadline);
        }
    }

    /** A stream body follows on the link to {@code peer} ({@link PeerLink#bodyFollows}). */
    public void bodyFollows(int peer, boolean waiterMayRead) {
        PeerLink l = peer < 0 || peer >= MAX_LINKS ? null : links.get(peer);
        if (l != null) {
            l.bodyFollows(waiterMayRead);
        }
    }

    /** How long a waiter spins on a link before it sleeps (the group's size is known once the rank is set). */
    private LinkReadRole.Spin spin() {
        return new LinkReadRole.Spin(config.spinNanos(nserver, Runtime.getRuntime().availableProcessors()),
                config.barrierSpinMicros() * 1_000L, config.replySpinMicros() * 1_000L);
    }

    /** Closes every link. */
    @Override
    public void close() {
        listener.close();
        for (int i = 0; i < MAX_LINKS; i++) {
            PeerLink l = links.getAndSet(i, null);
            if (l != null) {
                l.close();
            }
        }
        setup.shutdownNow();
        watchdog.shutdownNow();
    }

    // ---- internals

    private LinkPort port(Interruption interruption) {
        int n = nserver;
        int me = rank;
        if (n <= 0) {
            throw new EvaluationException("rfc102: rank not set (expected: SM_set_rank_102 first)");
        }
        return new LinkPort() {
            @Override
            public int rank() {
                return me;
            }

            @Override
            public int size() {
                return n;
            }

            @Override
            public void send(int peer, Cmo data) {
                PeerGroup.this.send(peer, data, interruption);
            }

            @Override
            public Cmo receive(int peer) {
                return collectiveReceive(peer, interruption);
            }
        };
    }

    private Inbound next(PeerLink l, Interruption interruption) {
        return PeerWait.next(l, config.timeout(), interruption, PeerWait.NO_WATCH);
    }

    private <T> T await(CompletableFuture<T> f, Interruption interruption, int peerRank, String what,
            Runnable onGiveUp) {
        long deadline = System.nanoTime() + config.timeout().toNanos();
        try {
            while (true) {
                if (interruption != null && interruption.isRaised()) {
                    onGiveUp.run();
                    throw new ComputationInterruptedException();
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    onGiveUp.run();
                    throw new PeerFailureException(peerRank, what + ": no progress within " + config.timeout());
                }
                try {
                    return f.get(Math.min(SLICE_MILLIS, left), TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    // next slice
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            onGiveUp.run();
            throw new ComputationInterruptedException();
        } catch (CancellationException e) {
            throw new PeerFailureException(peerRank, what + " cancelled", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof EvaluationException ee) {
                throw ee;
            }
            throw new PeerFailureException(peerRank, what + ": " + c, c);
        }
    }

    /**
     * Envelopes whose payload is at most this many bytes are written by the sending thread itself when the link's
     * writer is idle. Such a write waits for the peer only while its socket buffers are full, and the peer always
     * reads (its waiting thread or, within a millisecond, its link reader); the hand-off to the writer thread cost
     * 64 KiB messages twice their time (ping-pong 91-115 against 196-228 us on the 2-core VM).
     */
    static final int SMALL_ENVELOPE_BYTES = 256 * 1024;

    private void watchBlockedWrites() {
        long limit = config.timeout().toNanos();
        long period = Math.max(10, Math.min(SLICE_MILLIS, config.timeout().toMillis() / 4));
        watchdog.scheduleWithFixedDelay(() -> {
            long before = System.nanoTime() - limit;
            for (int i = 0; i < MAX_LINKS; i++) {
                PeerLink l = links.get(i);
                if (l != null) {
                    l.abortIfWriteBlockedSince(before, "a write has waited for the peer longer than "
                            + config.timeout() + " (it stopped reading)");
                }
            }
        }, period, period, TimeUnit.MILLISECONDS);
    }

    private void register(int peerRank, PeerLink link) {
        if (watching.compareAndSet(false, true)) {
            watchBlockedWrites();
        }
        PeerLink old = links.getAndSet(peerRank, link);
        if (old != null) {
            LOG.info("rfc102: link to rank {} replaced", peerRank);
            old.close();
        }
        LOG.info("rfc102: rank {} linked to rank {} ({})", rank, peerRank, link.order());
    }

    /** The receive buffer of the link to {@code peerRank}'s socket as the kernel reports it (diagnostics, tests). */
    int linkReceiveBufferBytes(int peerRank) throws IOException {
        return link(peerRank).receiveBufferBytes();
    }

    private PeerLink link(int peerRank) {
        if (peerRank < 0 || peerRank >= MAX_LINKS) {
            throw new EvaluationException("rfc102: rank " + peerRank + " (expected: 0.." + (MAX_LINKS - 1) + ")");
        }
        PeerLink l = links.get(peerRank);
        if (l == null) {
            throw new PeerFailureException(peerRank, "no link to it (expected: ox_tcp_accept_102/connect_102 first)");
        }
        return l;
    }

    private void checkRoot(int root) {
        if (nserver <= 0) {
            throw new EvaluationException("rfc102: rank not set (expected: SM_set_rank_102 first)");
        }
        if (root < 0 || root >= nserver) {
            throw new EvaluationException("rfc102: root " + root + " (expected: 0.." + (nserver - 1) + ")");
        }
    }

    private static void checkPeer(int peerRank, String asirMessage) {
        if (peerRank < 0 || peerRank >= MAX_LINKS) {
            throw new EvaluationException(asirMessage + ": peer rank " + peerRank + " (expected: 0.."
                    + (MAX_LINKS - 1) + ")");
        }
    }

    private static void deleteSocketFile(LinkAddress.Unix u) {
        try {
            Files.deleteIfExists(((UnixDomainSocketAddress) u.bindAddress("")).getPath());
        } catch (IOException e) {
            LOG.debug("could not remove socket file {}: {}", u.path(), e.toString());
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (IOException e) {
            LOG.debug("close: {}", e.toString());
        }
    }

    /** The configured timeout (for messages naming it). */
    public Duration timeout() {
        return config.timeout();
    }
}
