package org.ox4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/**
 * The daemon (form c): many isolated sessions at once, the password, control attached to one session, and hostile
 * input that closes one connection while the daemon keeps serving.
 */
class DaemonIT {
    private static final String PASSWORD = "daemon-secret-4711";
    private static ServerProcess daemon;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        Path pw = Files.createTempFile("ox4j-daemon", ".pw");
        Files.writeString(pw, PASSWORD + "\n");
        daemon = ServerProcess.startReady("daemon", "daemon", "--port", "0", "--password-file", pw.toString(),
                "--max-stack-depth", "50", "--max-message-bytes", "1048576", "--max-depth", "64");
        port = daemon.readyPort("daemon");
        Files.delete(pw);
    }

    @AfterAll
    static void stop() {
        if (daemon != null) {
            daemon.close();
        }
    }

    private static TestMaster connect() throws Exception {
        return TestMaster.tcp(port).password(PASSWORD).handshake(1);
    }

    /** Opens a session; returns the data master and stores [kind, id, key] in {@code opening}. */
    private static TestMaster session(List<Cmo> opening) throws Exception {
        TestMaster m = connect();
        CmoList o = m.openDaemonSession();
        assertThat(o.get(0)).isEqualTo(CmoString.of("ox4j-session"));
        opening.addAll(o.elements());
        return m;
    }

    private static void assertStillServing() throws Exception {
        try (TestMaster m = session(new ArrayList<>())) {
            m.call("igcd", CmoZZ.of(21), CmoZZ.of(14));
            assertThat(m.popCmo()).isEqualTo(CmoZZ.of(7));
        }
    }

    @Test
    void twentyConcurrentSessionsAreIsolated() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 1; i <= 20; i++) {
                int n = i;
                results.add(pool.submit(() -> {
                    try (TestMaster m = session(new ArrayList<>())) {
                        m.push(CmoZZ.of(n));
                        m.push(CmoString.of("Mine"));
                        m.command(SmCommand.SET_NAME);
                        m.call("ox4j_spin", CmoZZ.of(300));
                        m.command(SmCommand.POPS);
                        m.call("igcd", CmoZZ.of(6L * n), CmoZZ.of(4L * n));
                        assertThat(m.popCmo()).isEqualTo(CmoZZ.of(2L * n));
                        m.push(CmoString.of("Mine"));
                        m.command(SmCommand.EVAL_NAME);
                        Cmo mine = m.popCmo();
                        m.command(SmCommand.GETSP);
                        assertThat(m.popCmo()).isEqualTo(org.ox4j.cmo.CmoNull.INSTANCE);
                        return ((CmoZZ) mine).value().intValueExact();
                    }
                }));
            }
            for (int i = 0; i < 20; i++) {
                assertThat(results.get(i).get()).isEqualTo(i + 1);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void wrongPasswordIsRefused() throws Exception {
        try (TestMaster m = TestMaster.tcp(port).password("guess")) {
            assertThat(m.closedByServer()).isTrue();
        }
        assertStillServing();
    }

    @Test
    void controlConnectionResetsItsSession() throws Exception {
        List<Cmo> opening = new ArrayList<>();
        try (TestMaster data = session(opening)) {
            try (TestMaster control = connect()) {
                control.push(CmoList.of(CmoString.of("ox4j-control"), opening.get(1), opening.get(2)));
                Scenarios.startLongComputation(data, CmoString.of("kept"));
                long t0 = System.nanoTime();
                control.command(SmCommand.CONTROL_RESET_CONNECTION);
                assertThat(Scenarios.completeResetAndCheckStack(data, CmoString.of("kept"), t0)).isLessThan(10_000);
                control.command(SmCommand.CONTROL_KILL);
                assertThat(data.closedByServer()).isTrue();
            }
        }
        assertStillServing();
    }

    @Test
    void controlWithWrongKeyIsRefused() throws Exception {
        List<Cmo> opening = new ArrayList<>();
        try (TestMaster data = session(opening); TestMaster control = connect()) {
            control.push(CmoList.of(CmoString.of("ox4j-control"), opening.get(1), CmoString.of("00")));
            assertThat(control.closedByServer()).isTrue();
            data.push(CmoString.of("alive"));
            assertThat(data.popCmo()).isEqualTo(CmoString.of("alive"));
        }
    }

    @Test
    void garbageBytesCloseOnlyThatConnection() throws Exception {
        try (TestMaster other = session(new ArrayList<>())) {
            other.push(CmoZZ.of(5));
            try (TestMaster m = session(new ArrayList<>())) {
                byte[] junk = new byte[4096];
                new Random(7).nextBytes(junk);
                m.writeRaw(junk);
                assertThat(m.closedByServer()).isTrue();
            }
            assertThat(other.popCmo()).isEqualTo(CmoZZ.of(5));
        }
        assertStillServing();
    }

    @Test
    void absurdLengthsCloseTheConnection() throws Exception {
        try (TestMaster m = session(new ArrayList<>())) {
            ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(514).putInt(1).putInt(4).putInt(0x7fffffff);
            m.writeRaw(b.array());
            assertThat(m.closedByServer()).isTrue();
        }
        try (TestMaster m = session(new ArrayList<>())) {
            ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(514).putInt(1).putInt(17).putInt(2_000_000_000);
            m.writeRaw(b.array());
            assertThat(m.closedByServer()).isTrue();
        }
        assertStillServing();
    }

    @Test
    void anUnknownOxTagClosesTheConnectionAndTooDeepNestingIsAnError() throws Exception {
        try (TestMaster m = session(new ArrayList<>())) {
            ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(0x7fcdef30).putInt(1).putInt(1);
            m.writeRaw(b.array());
            assertThat(m.closedByServer()).isTrue();
        }
        try (TestMaster m = session(new ArrayList<>())) {
            Cmo deep = CmoList.EMPTY;
            for (int i = 0; i < 100; i++) {
                deep = CmoList.of(deep);
            }
            // deeper than this daemon's limit: read to its end, refused with an error, the session goes on
            m.push(deep);
            Cmo refused = m.popCmo();
            assertThat(refused).isInstanceOf(CmoError2.class);
            assertThat(((CmoError2) refused).message()).hasValueSatisfying(s -> assertThat(s).contains("nesting depth"));
            m.push(new CmoInt32(5));
            assertThat(m.popCmo()).isEqualTo(new CmoInt32(5));
        }
        assertStillServing();
    }

    @Test
    void stackDepthLimitGivesAnErrorNotAnOutOfMemory() throws Exception {
        try (TestMaster m = session(new ArrayList<>())) {
            for (int i = 0; i < 60; i++) {
                m.push(new CmoInt32(i));
            }
            for (int i = 0; i < 10; i++) {
                Cmo top = m.popCmo();
                assertThat(top).isInstanceOf(CmoError2.class);
                assertThat(((CmoError2) top).message()).hasValueSatisfying(
                        s -> assertThat(s).contains("stack overflow"));
            }
            assertThat(m.popCmo()).isEqualTo(new CmoInt32(49));
            m.command(SmCommand.GETSP);
            assertThat(m.popCmo()).isEqualTo(CmoZZ.of(49));
        }
    }
}
