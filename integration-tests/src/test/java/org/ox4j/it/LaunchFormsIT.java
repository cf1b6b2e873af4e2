package org.ox4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/** Every way to launch {@code bin/ox-server}, each with a session, a reset during a long computation, and its end. */
class LaunchFormsIT {
    private static final Logger LOG = LogManager.getLogger();
    /** The reset must abandon a 60 s computation; the test allows far less than that. */
    private static final long RESET_BOUND_MS = 10_000;

    @TempDir
    Path tmp;

    @Test
    void formA_tcpSocketOnFd3And4_sigusr1Resets() throws Exception {
        try (ServerSocket listen = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            listen.setSoTimeout(60_000);
            // what Asir's launcher does: SIGUSR1 ignored, the data socket on fd 3 and 4, no arguments
            String script = "trap '' USR1 INT HUP; exec 3<>/dev/tcp/127.0.0.1/" + listen.getLocalPort()
                    + "; exec 4>&3; exec " + ServerProcess.bin();
            try (ServerProcess server = ServerProcess.startLaunched("formA-tcp", List.of("bash", "-c", script));
                 TestMaster data = TestMaster.accepted(listen.accept()).handshake(1)) {
                assertThat(data.serverByte()).isEqualTo(1);
                Scenarios.mathcapExchangeAndRoundTrip(data);
                resetWithSignal(server, data);
                data.command(SmCommand.SHUTDOWN);
                assertThat(server.awaitExit(30)).isZero();
            }
        }
    }

    @Test
    void formA_unixSocketOnFd3And4_displayIgnored() throws Exception {
        Path sock = tmp.resolve("ox.sock");
        try (ServerSocketChannel listen = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            listen.bind(UnixDomainSocketAddress.of(sock));
            String py = "import os,signal,socket,sys\n"
                    + "signal.signal(signal.SIGUSR1, signal.SIG_IGN)\n"
                    + "s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])\n"
                    // the socket itself may be fd 3 (and not inheritable): go through a duplicate
                    + "d=os.dup(s.fileno()); os.dup2(d,3); os.dup2(d,4); os.close(d)\n"
                    + "os.execv(sys.argv[2],[sys.argv[2],'-display',':0'])\n";
            try (ServerProcess server = ServerProcess.startLaunched("formA-unix",
                    List.of("python3", "-c", py, sock.toString(), ServerProcess.bin().toString()));
                 TestMaster data = TestMaster.accepted(listen.accept()).handshake(1)) {
                Scenarios.mathcapExchangeAndRoundTrip(data);
                resetWithSignal(server, data);
                data.command(SmCommand.SHUTDOWN);
                assertThat(server.awaitExit(30)).isZero();
            }
        }
    }

    private static void resetWithSignal(ServerProcess server, TestMaster data) throws Exception {
        Scenarios.startLongComputation(data, CmoString.of("marker"));
        long t0 = System.nanoTime();
        server.signal("USR1");
        long ms = Scenarios.completeResetAndCheckStack(data, CmoString.of("marker"), t0);
        LOG.info("SIGUSR1 reset answered after {} ms", ms);
        assertThat(ms).isLessThan(RESET_BOUND_MS);
    }

    @Test
    void formB_portfilePasswordsControlResetAndKill() throws Exception {
        Path pf = tmp.resolve("ports");
        try (ServerProcess server = ServerProcess.startReady("formB-portfile", "-data", "0", "-control", "0",
                "-passControl", "cpw", "-passData", "dpw", "-portfile", pf.toString())) {
            int c = Integer.parseInt(Files.readString(tmp.resolve("ports.control")).trim());
            int d = Integer.parseInt(Files.readString(tmp.resolve("ports.data")).trim());
            assertThat(Files.readString(tmp.resolve("ports.control"), StandardCharsets.US_ASCII))
                    .matches("\\d{5}\n");
            assertThat(c).isEqualTo(server.readyPort("control"));
            assertThat(d).isEqualTo(server.readyPort("data"));
            try (TestMaster control = TestMaster.tcp(c).password("cpw").handshake(1);
                 TestMaster data = TestMaster.tcp(d).password("dpw").handshake(1)) {
                assertThat(control.serverByte()).isZero();
                assertThat(data.serverByte()).isEqualTo(1);
                Scenarios.mathcapExchangeAndRoundTrip(data);
                Scenarios.startLongComputation(data, CmoZZ.of(42));
                long t0 = System.nanoTime();
                control.command(SmCommand.CONTROL_RESET_CONNECTION);
                long ms = Scenarios.completeResetAndCheckStack(data, CmoZZ.of(42), t0);
                LOG.info("control reset answered after {} ms", ms);
                assertThat(ms).isLessThan(RESET_BOUND_MS);
                control.command(SmCommand.CONTROL_KILL);
                assertThat(data.closedByServer()).isTrue();
                assertThat(server.awaitExit(30)).isZero();
            }
        }
        assertThat(tmp.resolve("ports.control")).as("port files are removed when the server exits").doesNotExist();
        assertThat(tmp.resolve("ports.data")).doesNotExist();
    }

    @Test
    void formB_controlIntrInterruptsTheRunningCommand() throws Exception {
        try (ServerProcess server = ServerProcess.startReady("formB-intr", "-data", "0", "-control", "0");
             TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(0);
             TestMaster data = TestMaster.tcp(server.readyPort("data")).handshake(0)) {
            assertThat(data.serverByte()).isEqualTo(1);
            Scenarios.startLongComputation(data, CmoString.of("below"));
            control.command(SmCommand.CONTROL_INTR);
            // SM_executeFunctionSync sends the interruption as its result
            assertThat(data.readData()).isInstanceOf(CmoError2.class);
            data.command(SmCommand.GETSP);
            assertThat(data.popCmo()).isEqualTo(CmoZZ.of(1));
            assertThat(data.popCmo()).isEqualTo(CmoString.of("below"));
            control.command(SmCommand.SHUTDOWN);
            assertThat(server.awaitExit(30)).isZero();
        }
    }

    @Test
    void formB_wrongPasswordClosesAndExits() throws Exception {
        try (ServerProcess server = ServerProcess.startReady("formB-wrongpw", "-data", "0", "-control", "0",
                "-pass", "right")) {
            try (TestMaster control = TestMaster.tcp(server.readyPort("control")).password("wrong")) {
                assertThat(control.closedByServer()).isTrue();
            }
            assertThat(server.awaitExit(30)).isEqualTo(1);
            assertThat(Files.readString(server.log())).contains("wrong password");
        }
    }

    @Test
    void formB_reverseConnectsToTheClientAndSendsPasswords() throws Exception {
        try (ServerSocket cl = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket dl = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<String> cmd = List.of(ServerProcess.bin().toString(), "-reverse", "-host", "127.0.0.1",
                    "-control", Integer.toString(cl.getLocalPort()), "-data", Integer.toString(dl.getLocalPort()),
                    "-pass", "pw518", "--log-file", ServerProcess.logs().resolve("formB-reverse.log").toString());
            cl.setSoTimeout(60_000);
            dl.setSoTimeout(60_000);
            try (ServerProcess server = ServerProcess.startLaunched("formB-reverse", cmd);
                 TestMaster control = TestMaster.accepted(cl.accept())) {
                // the server connects control first and finishes its handshake before it connects data
                assertThat(new String(control.readRaw(6), StandardCharsets.US_ASCII)).isEqualTo("pw518\0");
                control.handshake(1);
                assertThat(control.serverByte()).isZero();
                try (TestMaster data = TestMaster.accepted(dl.accept())) {
                    assertThat(new String(data.readRaw(6), StandardCharsets.US_ASCII)).isEqualTo("pw518\0");
                    data.handshake(1);
                    Scenarios.mathcapExchangeAndRoundTrip(data);
                    control.command(SmCommand.SHUTDOWN);
                    assertThat(server.awaitExit(30)).isZero();
                }
            }
        }
    }

    @Test
    void formB_unixSockets() throws Exception {
        Path base = tmp.resolve("oxu");
        try (ServerProcess server = ServerProcess.startReady("formB-unix", "-unix", base.toString())) {
            assertThat(server.ready("control")).isEqualTo(base + ".control");
            try (TestMaster control = TestMaster.unix(Path.of(server.ready("control"))).handshake(0);
                 TestMaster data = TestMaster.unix(Path.of(server.ready("data"))).handshake(1)) {
                Scenarios.mathcapExchangeAndRoundTrip(data);
                Scenarios.startLongComputation(data, CmoString.of("u"));
                long t0 = System.nanoTime();
                control.command(SmCommand.CONTROL_RESET_CONNECTION);
                assertThat(Scenarios.completeResetAndCheckStack(data, CmoString.of("u"), t0))
                        .isLessThan(RESET_BOUND_MS);
                control.command(SmCommand.CONTROL_KILL);
                assertThat(server.awaitExit(30)).isZero();
            }
        }
    }

    @Test
    void helpListsTheOptions() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(ServerProcess.bin().toString(), "--help").redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).isZero();
            assertThat(out).contains("-portfile", "-reverse", "-passControl", "-unix", "daemon");
        } finally {
            p.destroyForcibly();
        }
    }
}
