package org.ox4j.benchmarks.soak;

import java.io.OutputStream;
import java.math.BigInteger;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoZZ;

/**
 * Many concurrent masters on one daemon for a fixed time, each running a mixed workload in a loop: push and pop of
 * a 10 000-element list and of a 100 000-bit integer, statements with known answers, errors, resets of a running
 * loop, a new session now and then, and connections dropped in the middle of a message. Every answer is checked,
 * so a lost or doubled reply shows as a wrong or missing answer; the daemon's memory, threads and descriptors are
 * sampled and must stay flat; the latency of the statements is reported.
 */
final class SoakCampaign {
    /** The figures of one run. */
    record Result(int masters, long seconds, long requests, long failures, String firstFailure, long sessions,
            long drops, Histogram statementMicros, Samples samples, long millis, boolean alive) {
    }

    private final DaemonProcess daemon;
    private final int masters;
    private final Duration duration;
    private final long seed;

    SoakCampaign(DaemonProcess daemon, int masters, Duration duration, long seed) {
        this.daemon = daemon;
        this.masters = masters;
        this.duration = duration;
        this.seed = seed;
    }

    Result run() throws Exception {
        long t0 = System.nanoTime();
        long end = t0 + duration.toNanos();
        Samples samples = new Samples();
        ConcurrentHistogram latency = new ConcurrentHistogram(3_600_000_000L, 3);
        AtomicLong requests = new AtomicLong();
        Failures failures = new Failures();
        AtomicLong sessions = new AtomicLong();
        AtomicLong drops = new AtomicLong();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleWithFixedDelay(() -> samples.add(ProcessSample.of(daemon.handle())), 0, 5, TimeUnit.SECONDS);
        ExecutorService pool = Executors.newFixedThreadPool(masters);
        OxClientOptions options = OxClientOptions.defaults().withRequestTimeout(DaemonProcess.ANSWER_TIMEOUT);
        for (int m = 0; m < masters; m++) {
            long masterSeed = seed * 1009 + m;
            pool.execute(() -> {
                SplittableRandom random = new SplittableRandom(masterSeed);
                OxClient client = null;
                try {
                    while (System.nanoTime() < end) {
                        if (client == null || random.nextInt(200) == 0) {
                            if (client != null) {
                                client.close();
                            }
                            client = OxClient.connectDaemon(daemon.address(), daemon.password(), options,
                                    OxClientResources.shared());
                            sessions.incrementAndGet();
                        }
                        requests.incrementAndGet();
                        String wrong = step(client, random, latency, drops);
                        if (wrong != null) {
                            failures.add(wrong);
                            client.close();
                            client = null;
                        }
                    }
                } catch (RuntimeException e) {
                    failures.add("master: " + e);
                } finally {
                    if (client != null) {
                        client.close();
                    }
                }
            });
        }
        pool.shutdown();
        pool.awaitTermination(duration.toSeconds() + 600, TimeUnit.SECONDS);
        sampler.shutdown();
        sampler.awaitTermination(1, TimeUnit.MINUTES);
        samples.add(ProcessSample.of(daemon.handle()));
        String flat = samples.notFlat(2 * masters + 32, DaemonProcess.RSS_LIMIT_KIB);
        if (flat != null) {
            failures.add(flat);
        }
        return new Result(masters, duration.toSeconds(), requests.get(), failures.count(), failures.first(),
                sessions.get(), drops.get(), latency, samples, (System.nanoTime() - t0) / 1_000_000,
                daemon.isAlive());
    }

    /** One request of the mix; returns why its answer is wrong, or null. */
    private String step(OxClient c, SplittableRandom random, Histogram latency, AtomicLong drops) {
        int kind = random.nextInt(100);
        try {
            if (kind < 20) {
                List<Cmo> xs = new ArrayList<>(10_000);
                for (int i = 0; i < 10_000; i++) {
                    xs.add(new CmoInt32(random.nextInt()));
                }
                CmoList list = new CmoList(xs);
                c.push(list);
                Cmo back = c.popCmo();
                return back.equals(list) ? null : "list came back as " + back.type();
            } else if (kind < 35) {
                CmoZZ big = new CmoZZ(new BigInteger(100_000, new java.util.Random(random.nextLong())));
                c.push(big);
                Cmo back = c.popCmo();
                return back.equals(big) ? null : "integer came back different";
            } else if (kind < 80) {
                long a = 1 + random.nextInt(1 << 20);
                long b = 1 + random.nextInt(1 << 20);
                long t = System.nanoTime();
                Cmo got = c.executeString("igcd(" + a * 6 + "," + b * 6 + ")*" + a + ";");
                latency.recordValue(Math.max(1, (System.nanoTime() - t) / 1000));
                BigInteger want = BigInteger.valueOf(a * 6).gcd(BigInteger.valueOf(b * 6)).multiply(BigInteger
                        .valueOf(a));
                return got.equals(new CmoZZ(want)) ? null : "igcd answered " + got + ", expected " + want;
            } else if (kind < 88) {
                Cmo got = c.executeStringRawAsync("no_such_function_" + random.nextInt(10) + "(1);").get(
                        DaemonProcess.ANSWER_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                if (!(got instanceof CmoError2)) {
                    return "an undefined function answered " + got;
                }
                Cmo after = c.executeString("2+3;");
                return after.equals(CmoZZ.of(5)) ? null : "after an error: " + after;
            } else if (kind < 95) {
                c.executeStringRawAsync("for (I = 0; I < 2000000000; I++) { J = I; }");
                c.reset();
                Cmo after = c.executeString("7*6;");
                // a reset keeps the operand stack (as ox_asir): what the abandoned request had pushed stays there
                int depth = c.stackSize();
                if (depth > 0) {
                    c.popsAsync(depth).get(DaemonProcess.ANSWER_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                }
                return after.equals(CmoZZ.of(42)) && c.stackSize() == 0 ? null : "after a reset: answer " + after;
            } else {
                dropMidMessage(random);
                drops.incrementAndGet();
                return null;
            }
        } catch (Exception e) {
            return "request kind " + kind + ": " + e;
        }
    }

    /** A connection that authenticates, opens a session and dies in the middle of an OX message. */
    private void dropMidMessage(SplittableRandom random) throws Exception {
        try (Socket s = new Socket()) {
            s.connect(daemon.address(), 10_000);
            OutputStream out = s.getOutputStream();
            out.write((daemon.password().reveal() + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.write(new byte[] {1});
            // half of an OX_DATA header: the daemon must give up on this connection alone
            out.write(new byte[] {2, 2, 0, 0, (byte) random.nextInt(256)});
            out.flush();
        }
    }
}
