package org.ox4j.benchmarks.rpc;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.CmoWriter;

/**
 * {@code bin/ox-bench rpc [reps]}: push + pop round trips (OX_DATA, SM_popCMO, reply) of the issue-8 payloads
 * against a freshly started {@code bin/ox-server}, over AF_UNIX sockets and TCP loopback; prints median and p90
 * per payload. The server checkout is {@code -Dox4j.rpc.serverHome} (default: this checkout), so an older build
 * can be measured with the same client.
 */
public final class RpcBench {
    private RpcBench() {
    }

    public static void main(String[] args) throws Exception {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        Path home = Path.of(System.getProperty("ox4j.rpc.serverHome", System.getProperty("ox4j.home", ".")));
        List<Payloads.Payload> payloads = Payloads.standard();
        System.out.printf("ox-bench rpc: server %s, %d round trips per payload and client (after %d warm-up)%n",
                home, reps, warmups(reps));
        System.out.println("'decoded': the client encodes each push and decodes each reply (Java codec on both sides);");
        System.out.println("'server path': the client sends pre-encoded bytes and only measures the reply (the "
                + "round trip as a C master sees it, minus its own codec)");
        System.out.printf("%-28s %-6s %-12s %10s %12s %12s%n", "payload", "via", "client", "CMO bytes", "median ms",
                "p90 ms");
        for (boolean unix : new boolean[] {true, false}) {
            try (ServerUnderTest server = ServerUnderTest.start(home, unix, List.of("-Xmx4g"))) {
                for (Payloads.Payload p : payloads) {
                    // warm the server up on every payload before anything is timed
                    measure(server.data(), p.cmo(), reps, true);
                }
                for (Payloads.Payload p : payloads) {
                    for (boolean decoded : new boolean[] {false, true}) {
                        double[] ms = measure(server.data(), p.cmo(), reps, decoded);
                        System.out.printf("%-28s %-6s %-12s %10d %12.3f %12.3f%n", p.name(), unix ? "unix" : "tcp",
                                decoded ? "decoded" : "server path", p.bytes(), ms[0], ms[1]);
                    }
                }
            }
        }
    }

    private static int warmups(int reps) {
        // the server's JIT needs a few hundred thousand CMOs before the codec runs at speed
        return Math.max(50, reps);
    }

    /** Median and p90 in milliseconds. */
    private static double[] measure(BlockingOxSession s, Cmo cmo, int reps, boolean decoded) {
        s.push(cmo);
        Cmo back = s.popCmo();
        if (!back.equals(cmo)) {
            System.out.printf("  note: %s came back as a different CMO (%s)%n", cmo.type(), back.type());
        }
        byte[] encoded = CmoWriter.toBytes(cmo, ByteOrder.LITTLE_ENDIAN);
        long[] t = new long[reps];
        for (int i = -warmups(reps); i < reps; i++) {
            long t0 = System.nanoTime();
            if (decoded) {
                s.push(cmo);
                s.popCmo();
            } else {
                s.pushEncoded(encoded);
                long replyBytes = s.popSkipped();
                if (replyBytes != encoded.length + 8L) {
                    throw new IllegalStateException("reply of " + replyBytes + " bytes, sent " + encoded.length);
                }
            }
            if (i >= 0) {
                t[i] = System.nanoTime() - t0;
            }
        }
        Arrays.sort(t);
        return new double[] {t[reps / 2] / 1e6, t[Math.min(reps - 1, (int) Math.ceil(reps * 0.9) - 1)] / 1e6};
    }
}
