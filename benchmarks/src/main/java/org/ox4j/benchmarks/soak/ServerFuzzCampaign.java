package org.ox4j.benchmarks.soak;

import java.io.IOException;
import java.net.Socket;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.ServerLauncher;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.blocking.OxFrame;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.protocol.handshake.OneTimePassword;

/**
 * Hostile frames against single servers of launch form b (OpenXM's {@code ox} form: one master, two channels with
 * one-time passwords, the process ends with its session), where the {@link Placement} starts them. Such a server
 * serves one connection pair, so the campaign has two parts:
 * <ul>
 * <li><b>one long session</b>: one server takes {@code frames} well-framed frames that are hostile in content
 * ({@link HostileFrames#nextWellFramed}: commands with arbitrary codes and arguments, lists nested deeper than the
 * limit, mutated statements for the local parser, builtins with odd arguments), each followed by a probe (push a
 * fresh integer, SM_popCMO) whose value must come back after the frame's own answers; its memory, threads and
 * descriptors are sampled. Failures: no probe answer within the timeout (a hang), the session closed (a well-framed
 * frame must be answered, an error is an answer), samples not flat.</li>
 * <li><b>openings</b>: {@code openings} fresh servers, each taking one frame of any kind ({@link HostileFrames#next})
 * in turn on the control channel before its password, on the data channel before its password, on the data channel
 * after the opening or on the control channel after it; the campaign then closes its sending side. Failures: the
 * server neither answers nor closes within the timeout, or its process does not end within the timeout after its
 * connections closed (form b must not outlive its master).</li>
 * </ul>
 */
final class ServerFuzzCampaign {
    /** Where an opening's frame goes. */
    enum Opening { CONTROL_BEFORE_PASSWORD, DATA_BEFORE_PASSWORD, DATA, CONTROL }

    /** The figures of one run. */
    record Result(long frames, Map<HostileFrames.SessionKind, Long> perKind, long hangs, long closes, long openings,
            Map<Opening, Long> perOpening, long openingFailures, String firstFailure, Samples samples, long millis) {
        long failures() {
            return hangs + closes + openingFailures + (samples.notFlat(16, DaemonProcess.RSS_LIMIT_KIB) == null ? 0 : 1);
        }
    }

    private final Placement placement;
    private final long frames;
    private final long openings;
    private final int parallel;
    private final long seed;

    ServerFuzzCampaign(Placement placement, long frames, long openings, int parallel, long seed) {
        this.placement = placement;
        this.frames = frames;
        this.openings = openings;
        this.parallel = parallel;
        this.seed = seed;
    }

    Result run() throws Exception {
        long t0 = System.nanoTime();
        Failures failures = new Failures();
        Samples samples = new Samples();
        Map<HostileFrames.SessionKind, Long> perKind = new EnumMap<>(HostileFrames.SessionKind.class);
        long[] session = longSession(samples, perKind, failures);
        Map<Opening, AtomicLong> perOpening = new EnumMap<>(Opening.class);
        for (Opening o : Opening.values()) {
            perOpening.put(o, new AtomicLong());
        }
        Failures openingFailures = new Failures();
        ExecutorService senders = Executors.newFixedThreadPool(parallel);
        AtomicLong next = new AtomicLong();
        for (int w = 0; w < parallel; w++) {
            long workerSeed = seed * 37 + w;
            senders.execute(() -> {
                HostileFrames gen = new HostileFrames(workerSeed);
                for (long i; (i = next.getAndIncrement()) < openings; ) {
                    Opening where = Opening.values()[(int) (i % Opening.values().length)];
                    perOpening.get(where).incrementAndGet();
                    String why = opening(where, gen, i / Opening.values().length);
                    if (why != null) {
                        openingFailures.add("opening " + i + " (" + where + "): " + why);
                    }
                }
            });
        }
        senders.shutdown();
        senders.awaitTermination(7, TimeUnit.DAYS);
        Map<Opening, Long> openingCounts = new EnumMap<>(Opening.class);
        perOpening.forEach((k, v) -> openingCounts.put(k, v.get()));
        String first = !failures.first().isEmpty() ? failures.first() : openingFailures.first();
        String flat = samples.notFlat(16, DaemonProcess.RSS_LIMIT_KIB);
        if (first.isEmpty() && flat != null) {
            first = flat;
        }
        return new Result(frames, perKind, session[0], session[1], openings, openingCounts, openingFailures.count(),
                first, samples, (System.nanoTime() - t0) / 1_000_000);
    }

    /** The long session; returns {hangs, closes}. */
    private long[] longSession(Samples samples, Map<HostileFrames.SessionKind, Long> perKind, Failures failures)
            throws Exception {
        long hangs = 0;
        long closes = 0;
        HostileFrames gen = new HostileFrames(seed);
        ServerLauncher launcher = placement.serverLauncher();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        long i = 0;
        try {
            while (i < frames) {
                try (LaunchedServer server = launcher.launch(); Wired w = Wired.open(server)) {
                    List<ProcessHandle> processes = placement.processes(server);
                    var sampling = sampler.scheduleWithFixedDelay(() -> samples.add(ProcessSample.largest(processes)),
                            0, 2, TimeUnit.SECONDS);
                    try {
                        for (; i < frames; i++) {
                            HostileFrames.SessionKind kind = HostileFrames.sessionKindOf(i);
                            perKind.merge(kind, 1L, Long::sum);
                            byte[] frame = gen.nextWellFramed(i);
                            String why = w.frameThenProbe(frame, 1_000_000_000_000L + i);
                            if (why != null) {
                                why += "; the frame ends " + tail(frame);
                                boolean hang = why.startsWith("no answer");
                                hangs += hang ? 1 : 0;
                                closes += hang ? 0 : 1;
                                failures.add("frame " + i + " (" + kind + "): " + why);
                                i++;
                                break; // a new server for the rest
                            }
                            if (i % 256 == 255) {
                                w.clearStack();
                            }
                        }
                    } finally {
                        sampling.cancel(false);
                    }
                }
            }
        } finally {
            sampler.shutdown();
        }
        return new long[] {hangs, closes};
    }

    /** The last 48 bytes of a frame in hex (its command codes), for the failure report. */
    private static String tail(byte[] frame) {
        int from = Math.max(0, frame.length - 48);
        return (from > 0 ? "…" : "") + java.util.HexFormat.of().formatHex(frame, from, frame.length);
    }

    /**
     * One fresh server and one frame at {@code where}; the sending side is closed after it. Null if the server
     * closed its connections and ended, else why not.
     */
    private String opening(Opening where, HostileFrames gen, long index) {
        byte[] bytes = where == Opening.CONTROL_BEFORE_PASSWORD || where == Opening.DATA_BEFORE_PASSWORD
                ? gen.randomBytes(1 + (int) (index % 64)) : gen.next(index);
        try (LaunchedServer server = placement.serverLauncher().launch()) {
            OneTimePassword pw = server.address().controlPassword().orElseThrow();
            try (Socket control = RawOxConnection.open(server.address().control())) {
                if (where == Opening.CONTROL_BEFORE_PASSWORD) {
                    return closedAndEnded(server, RawOxConnection.writeAndDrain(control, bytes));
                }
                RawOxConnection.authenticate(control, pw.reveal(), ByteOrderBytes.NETWORK_BYTE_ORDER);
                try (Socket data = RawOxConnection.open(server.address().data())) {
                    if (where == Opening.DATA_BEFORE_PASSWORD) {
                        return closedAndEnded(server, RawOxConnection.writeAndDrain(data, bytes));
                    }
                    RawOxConnection.authenticate(data, server.address().dataPassword().orElse(pw).reveal(),
                            ByteOrderBytes.LITTLE_ENDIAN);
                    if (where == Opening.DATA) {
                        return closedAndEnded(server, RawOxConnection.writeAndDrain(data, bytes));
                    }
                    boolean closed = RawOxConnection.writeAndDrain(control, bytes);
                    data.shutdownOutput();
                    return closedAndEnded(server, closed & RawOxConnection.drain(data));
                }
            }
        } catch (IOException | RuntimeException e) {
            return "could not open: " + e;
        }
    }

    private static String closedAndEnded(LaunchedServer server, boolean closed) {
        if (!closed) {
            return "connection neither answered nor closed within " + DaemonProcess.ANSWER_TIMEOUT.toSeconds() + " s";
        }
        try {
            server.process().onExit().get(DaemonProcess.ANSWER_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return null;
        } catch (TimeoutException e) {
            return "server process still running " + DaemonProcess.ANSWER_TIMEOUT.toSeconds()
                    + " s after its connections closed";
        } catch (Exception e) {
            return "waiting for the server's end: " + e;
        }
    }

    /** Both channels of a form-b server, opened as a master opens them (control first), little-endian data. */
    private record Wired(Socket control, Socket data, OxMessageWriter out, OxMessageReader in) implements AutoCloseable {
        static Wired open(LaunchedServer server) throws IOException {
            OneTimePassword pw = server.address().controlPassword().orElseThrow();
            Socket control = RawOxConnection.open(server.address().control());
            try {
                RawOxConnection.authenticate(control, pw.reveal(), ByteOrderBytes.NETWORK_BYTE_ORDER);
                Socket data = RawOxConnection.open(server.address().data());
                RawOxConnection.Link d = RawOxConnection.authenticate(data, server.address().dataPassword().orElse(pw).reveal(),
                        ByteOrderBytes.LITTLE_ENDIAN);
                OxMessageReader r = new OxMessageReader(d.in(), CmoLimits.DEFAULT);
                r.order(ByteOrder.LITTLE_ENDIAN);
                return new Wired(control, data, d.writer(), r);
            } catch (IOException | RuntimeException e) {
                control.close();
                throw e;
            }
        }

        /** Sends the frame, then the probe; null once the probe's value is back, else why not. */
        String frameThenProbe(byte[] frame, long probe) {
            try {
                out.writeRaw(frame);
                out.send(new OxData(0, CmoZZ.of(probe)));
                out.send(OxCommand.of(0, SmCommand.POP_CMO));
                CmoZZ want = CmoZZ.of(probe);
                while (true) {
                    OxFrame f = in.read();
                    if (f.message() instanceof OxData d && want.equals(d.cmo())) {
                        return null;
                    }
                }
            } catch (RuntimeException e) {
                return RawOxConnection.timedOut(e)
                        ? "no answer to the probe within " + DaemonProcess.ANSWER_TIMEOUT.toSeconds() + " s"
                        : "the session closed: " + e;
            }
        }

        /** Empties the operand stack (the frames leave values behind): SM_getsp, then SM_pops of that many. */
        void clearStack() {
            out.send(OxCommand.of(0, SmCommand.GETSP));
            out.send(OxCommand.of(0, SmCommand.POP_CMO));
            Cmo depth = ((OxData) in.read().message()).cmo();
            int n = depth instanceof CmoInt32 i ? i.value() : ((CmoZZ) depth).value().intValueExact();
            out.send(new OxData(0, new CmoInt32(n)));
            out.send(OxCommand.of(0, SmCommand.POPS));
        }

        @Override
        public void close() throws IOException {
            try (Socket c = control; Socket d = data) {
                d.shutdownOutput(); // the master's end: a form-b server then ends
            } catch (IOException e) {
                // the server closed first; both sockets are closed all the same
            }
        }
    }
}
