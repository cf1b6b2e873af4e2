package org.ox4j.benchmarks.soak;

import java.io.IOException;
import java.net.Socket;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.handshake.ByteOrderBytes;

/**
 * Hostile frames against the daemon: each on a fresh connection, sent before the password (garbage for the
 * authentication), on a new session's data channel, or on its control channel; the sender then closes its side
 * and waits for the daemon to close the connection (an answer or a logged refusal). Throughout, a probe session
 * on the same daemon must keep answering push/pop and a statement, and the daemon's memory, threads and
 * descriptors are sampled.
 *
 * <p>Failures: a connection the daemon neither answers nor closes within {@link DaemonProcess#ANSWER_TIMEOUT} (a
 * hang), a probe that fails or answers wrong, the daemon gone, samples that are not flat.
 */
final class FuzzCampaign {
    /** Where a frame goes. */
    enum Channel { BEFORE_PASSWORD, DATA, CONTROL }

    /** The figures of one run. */
    record Result(long frames, Map<HostileFrames.Kind, Long> perKind, Map<Channel, Long> perChannel, long hangs,
            long probes, long probeFailures, String firstFailure, Samples samples, long millis, boolean alive) {
        long failures() {
            boolean flat = samples.notFlat(64, DaemonProcess.RSS_LIMIT_KIB) == null;
            return hangs + probeFailures + (alive ? 0 : 1) + (flat ? 0 : 1);
        }
    }

    private final DaemonProcess daemon;
    private final long frames;
    private final int parallel;
    private final long seed;

    FuzzCampaign(DaemonProcess daemon, long frames, int parallel, long seed) {
        this.daemon = daemon;
        this.frames = frames;
        this.parallel = parallel;
        this.seed = seed;
    }

    Result run() throws Exception {
        long t0 = System.nanoTime();
        Samples samples = new Samples();
        Failures hangs = new Failures();
        AtomicLong probes = new AtomicLong();
        Failures probeFailures = new Failures();
        Map<HostileFrames.Kind, AtomicLong> perKind = new EnumMap<>(HostileFrames.Kind.class);
        Map<Channel, AtomicLong> perChannel = new EnumMap<>(Channel.class);
        for (HostileFrames.Kind k : HostileFrames.Kind.values()) {
            perKind.put(k, new AtomicLong());
        }
        for (Channel c : Channel.values()) {
            perChannel.put(c, new AtomicLong());
        }
        ScheduledExecutorService timers = Executors.newScheduledThreadPool(1);
        OxClient probe = OxClient.connectDaemon(daemon.address(), daemon.password(),
                OxClientOptions.defaults().withRequestTimeout(DaemonProcess.ANSWER_TIMEOUT),
                OxClientResources.shared());
        AtomicLong probeValue = new AtomicLong(1);
        timers.scheduleWithFixedDelay(() -> samples.add(ProcessSample.of(daemon.handle())), 0, 2, TimeUnit.SECONDS);
        timers.scheduleWithFixedDelay(() -> {
            long v = probeValue.getAndIncrement();
            probes.incrementAndGet();
            try {
                probe.push(CmoZZ.of(v));
                Cmo back = probe.popCmo();
                Cmo sum = probe.executeString("1+" + v + ";");
                if (!back.equals(CmoZZ.of(v)) || !sum.equals(CmoZZ.of(v + 1))) {
                    probeFailures.add("probe " + v + " answered " + back + ", " + sum);
                }
            } catch (RuntimeException e) {
                probeFailures.add("probe " + v + ": " + e);
            }
        }, 100, 200, TimeUnit.MILLISECONDS);
        ExecutorService senders = Executors.newFixedThreadPool(parallel);
        AtomicLong next = new AtomicLong();
        for (int w = 0; w < parallel; w++) {
            long workerSeed = seed * 31 + w;
            senders.execute(() -> {
                HostileFrames gen = new HostileFrames(workerSeed);
                for (long i; (i = next.getAndIncrement()) < frames; ) {
                    Channel ch = Channel.values()[(int) ((i / HostileFrames.Kind.values().length) % 3)];
                    HostileFrames.Kind kind = HostileFrames.kindOf(i);
                    byte[] bytes = ch == Channel.BEFORE_PASSWORD ? gen.randomBytes(1 + (int) (i % 64)) : gen.next(i);
                    perKind.get(kind).incrementAndGet();
                    perChannel.get(ch).incrementAndGet();
                    try {
                        if (!sendAndAwaitClose(ch, bytes)) {
                            hangs.add("frame " + i + " (" + kind + " on " + ch + ") not closed within "
                                    + DaemonProcess.ANSWER_TIMEOUT.toSeconds() + " s");
                        }
                    } catch (IOException e) {
                        // the daemon refused the opening itself (e.g. a session limit): not a hang, but count it
                        if (!daemon.isAlive()) {
                            hangs.add("daemon gone at frame " + i + ": " + e);
                            return;
                        }
                    }
                }
            });
        }
        senders.shutdown();
        senders.awaitTermination(7, TimeUnit.DAYS);
        timers.shutdown();
        timers.awaitTermination(1, TimeUnit.MINUTES);
        samples.add(ProcessSample.of(daemon.handle()));
        probe.close();
        Map<HostileFrames.Kind, Long> kinds = new EnumMap<>(HostileFrames.Kind.class);
        perKind.forEach((k, v) -> kinds.put(k, v.get()));
        Map<Channel, Long> channels = new EnumMap<>(Channel.class);
        perChannel.forEach((k, v) -> channels.put(k, v.get()));
        String first = !hangs.first().isEmpty() ? hangs.first() : probeFailures.first();
        String flat = samples.notFlat(64, DaemonProcess.RSS_LIMIT_KIB);
        if (flat != null && first.isEmpty()) {
            first = flat;
        }
        return new Result(frames, kinds, channels, hangs.count(), probes.get(), probeFailures.count(), first, samples, (System.nanoTime() - t0) / 1_000_000, daemon.isAlive());
    }

    /**
     * Opens a connection, goes as far as {@code ch} says, writes {@code bytes}, closes the sending side and reads
     * until the daemon closes. False if it does not close in time.
     */
    private boolean sendAndAwaitClose(Channel ch, byte[] bytes) throws IOException {
        try (Socket data = open(); Socket control = ch == Channel.CONTROL ? open() : null) {
            if (ch == Channel.BEFORE_PASSWORD) {
                return RawOxConnection.writeAndDrain(data, bytes);
            }
            Opened session = openSession(data);
            if (ch == Channel.DATA) {
                return RawOxConnection.writeAndDrain(data, bytes);
            }
            authenticate(control).writer().send(new OxData(1, CmoList.of(CmoString.of("ox4j-control"), new CmoInt32(session.id()),
                    CmoString.of(session.key()))));
            boolean closed = RawOxConnection.writeAndDrain(control, bytes);
            data.shutdownOutput();
            return closed & RawOxConnection.drain(data);
        }
    }

    private record Opened(int id, String key) {
    }

    private Socket open() throws IOException {
        return RawOxConnection.open(daemon.address());
    }

    /** Sends the password and negotiates little-endian, as every master of the daemon does first. */
    private RawOxConnection.Link authenticate(Socket s) throws IOException {
        return RawOxConnection.authenticate(s, daemon.password().reveal(), ByteOrderBytes.LITTLE_ENDIAN);
    }

    private Opened openSession(Socket s) throws IOException {
        RawOxConnection.Link link = authenticate(s);
        OxMessageReader r = new OxMessageReader(link.in(), CmoLimits.DEFAULT);
        r.order(java.nio.ByteOrder.LITTLE_ENDIAN);
        link.writer().send(new OxData(0, CmoList.of(CmoString.of("ox4j-session"))));
        Cmo reply = ((OxData) r.read().message()).cmo();
        if (!(reply instanceof CmoList l) || l.size() != 3 || !(l.get(1) instanceof CmoInt32 id)
                || !(l.get(2) instanceof CmoString key)) {
            throw new IOException("daemon answered the opening with " + reply);
        }
        return new Opened(id.value(), key.value());
    }
}
