package org.ox4j.it.rfc102;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.ox4j.cmo.Cmo;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.server.eval.Interruption;
import org.ox4j.server.rfc102.LinkAddress;
import org.ox4j.server.rfc102.PeerGroup;
import org.ox4j.server.rfc102.Rfc102Config;

/**
 * n {@link PeerGroup}s in this JVM, linked pairwise over real sockets (AF_UNIX paths in a temporary directory, or
 * TCP on 127.0.0.1) the way a master wires a group: member i accepts, member j &gt; i connects. Each member's
 * operations run on its own thread, as on its own server's session thread.
 */
final class LocalPeerGroups implements AutoCloseable {
    final List<PeerGroup> members = new ArrayList<>();
    final List<Interruption> interruptions = new ArrayList<>();
    private final ExecutorService pool = Executors.newCachedThreadPool();
    private final Path dir;

    LocalPeerGroups(int n, Duration timeout, boolean tcp) throws Exception {
        dir = Files.createTempDirectory("ox4j-rfc102-it");
        Rfc102Config config = Rfc102Config.DEFAULT.withTimeout(timeout);
        for (int i = 0; i < n; i++) {
            PeerGroup g = new PeerGroup(new SerialCounter(), config);
            g.setRank(n, i);
            members.add(g);
            interruptions.add(new Interruption());
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                LinkAddress address = tcp ? new LinkAddress.Tcp(freePort())
                        : new LinkAddress.Unix(dir.resolve("l" + i + "-" + j).toString());
                int a = i;
                int b = j;
                CompletableFuture<Void> acc = CompletableFuture.runAsync(
                        () -> members.get(a).tcpAccept(address, b, interruptions.get(a)), pool);
                CompletableFuture<Void> con = CompletableFuture.runAsync(
                        () -> members.get(b).tcpConnect("127.0.0.1", address, a, interruptions.get(b)), pool);
                acc.get(30, TimeUnit.SECONDS);
                con.get(30, TimeUnit.SECONDS);
            }
        }
    }

    int size() {
        return members.size();
    }

    PeerGroup member(int i) {
        return members.get(i);
    }

    /** Runs {@code op} on every member listed, concurrently; the futures in member order. */
    List<CompletableFuture<Cmo>> start(List<Integer> which, IntFunction<Cmo> op) {
        List<CompletableFuture<Cmo>> out = new ArrayList<>();
        for (int i : which) {
            out.add(CompletableFuture.supplyAsync(() -> op.apply(i), pool));
        }
        return out;
    }

    /** Runs {@code op} on all members and waits for every result. */
    List<Cmo> runAll(IntFunction<Cmo> op) throws Exception {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < size(); i++) {
            all.add(i);
        }
        List<Cmo> out = new ArrayList<>();
        for (CompletableFuture<Cmo> f : start(all, op)) {
            out.add(f.get(60, TimeUnit.SECONDS));
        }
        return out;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException {
        for (PeerGroup g : members) {
            g.close();
        }
        pool.shutdownNow();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
