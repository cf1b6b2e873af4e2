package org.ox4j.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.OxServerErrorException;
import org.ox4j.client.ReverseListener;
import org.ox4j.client.ServerMathcap;
import org.ox4j.client.core.OxClientException;
import org.ox4j.client.core.OxServerAddress;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.it.ox.OxDoubles;
import org.ox4j.protocol.handshake.OneTimePassword;

/**
 * The master side against servers behind OpenXM's {@code ox} launcher, in every form a user meets: connecting to
 * fixed ports (with and without a password, and a wrong one), launching ({@code -portfile}), reverse mode, the shell,
 * a mixed RFC-102 group, and the demo. {@code ox} is {@link org.ox4j.it.ox.OxLauncherDouble}, which keeps
 * {@code ox}'s order (accept control, accept data, passwords, byte orders); the engines are ox4j's
 * {@code bin/ox-server} and {@link org.ox4j.it.ox.AsirEngineDouble}, which answers as ox_asir does.
 */
class OxLauncherInteropIT {
    private static final OxClientOptions OPTIONS = OxClientOptions.defaults()
            .withHandshakeTimeout(Duration.ofSeconds(120)).withRequestTimeout(Duration.ofSeconds(120));

    @RegisterExtension
    final ProcessLeakCheck leaks = new ProcessLeakCheck();

    @TempDir
    Path tmp;

    /** {@code ox ... -control C -data D [-pass PW]} started by hand, as a user starts it before connecting. */
    private Process startOx(String engine, int control, int data, Optional<String> password, String... more)
            throws IOException {
        List<String> cmd = new ArrayList<>(OxDoubles.ox(engine));
        cmd.addAll(List.of("-host", "127.0.0.1", "-control", Integer.toString(control), "-data",
                Integer.toString(data)));
        password.ifPresent(pw -> cmd.addAll(List.of("-pass", pw)));
        cmd.addAll(List.of(more));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("ox-" + control + ".log").toFile());
        return leaks.track(pb.start());
    }

    private static void stop(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    @Test
    void connectsToOxOnFixedPortsWithAPasswordAndResets() throws Exception {
        int c = OxDoubles.freePort();
        int d = OxDoubles.freePort();
        String pw = OneTimePassword.generate().reveal();
        Process ox = startOx(OxDoubles.ox4jEngine(), c, d, Optional.of(pw));
        try (OxClient client = OxClient.connect(OxServerAddress.tcp("127.0.0.1", c, d)
                .withPassword(OneTimePassword.of(pw)), OPTIONS, OxClientResources.shared())) {
            assertThat(client.call("igcd", CmoZZ.of(84), CmoZZ.of(36))).isEqualTo(CmoZZ.of(12));
            // the reset goes to ox's control process, which signals the engine (SIGUSR1), as ox_asir's reset works
            client.reset();
            client.push(AsirValueParser.parse("(x+1)^2"));
            assertThat(client.popString()).isEqualTo("x^2+2*x+1");
        } finally {
            stop(ox);
        }
    }

    @Test
    void connectsToOxWithoutAPassword() throws Exception {
        int c = OxDoubles.freePort();
        int d = OxDoubles.freePort();
        Process ox = startOx(OxDoubles.ox4jEngine(), c, d, Optional.empty());
        try (OxClient client = OxClient.connect(OxServerAddress.tcp("127.0.0.1", c, d), OPTIONS,
                OxClientResources.shared())) {
            assertThat(client.call("igcd", CmoZZ.of(2 * 3 * 7), CmoZZ.of(3 * 7 * 11))).isEqualTo(CmoZZ.of(21));
        } finally {
            stop(ox);
        }
    }

    @Test
    void aRefusedPasswordSaysSo() throws Exception {
        int c = OxDoubles.freePort();
        int d = OxDoubles.freePort();
        Process ox = startOx(OxDoubles.ox4jEngine(), c, d, Optional.of("right-one"));
        try {
            assertThatThrownBy(() -> OxClient.connect(OxServerAddress.tcp("127.0.0.1", c, d)
                    .withPassword(OneTimePassword.of("wrong-one")), OPTIONS, OxClientResources.shared()))
                    .isInstanceOf(OxClientException.class).hasMessageContaining("refused the one-time password");
            assertThat(ox.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS).exitValue()).isNotZero();
        } finally {
            stop(ox);
        }
    }

    @Test
    void launchesOxWithAPortFileAndStopsEverything() throws Exception {
        LocalProcessLauncher launcher = LocalProcessLauncher.builder()
                .command(OxDoubles.ox(OxDoubles.ox4jEngine())).build();
        try (OxClient client = OxClient.launch(launcher, OPTIONS, OxClientResources.shared())) {
            LaunchedServer server = client.launchedServer().orElseThrow();
            leaks.track(server);
            assertThat(client.call("fctr", AsirValueParser.parse("x^2-1")).toString()).contains("x");
            assertThat(client.executeProgram("A = 6; B = A * 7; B;")).isEqualTo(CmoZZ.of(42));
        }
    }

    @Test
    void reverseModeConnectsBackWithThePassword() throws Exception {
        OneTimePassword pw = OneTimePassword.generate();
        try (ReverseListener listener = ReverseListener.open("127.0.0.1", Optional.of(pw), OPTIONS,
                OxClientResources.shared())) {
            Process ox = startOx(OxDoubles.ox4jEngine(), listener.controlPort(), listener.dataPort(),
                    Optional.of(pw.reveal()), "-reverse");
            try (OxClient client = listener.accept(Duration.ofSeconds(120))) {
                assertThat(client.call("igcd", CmoZZ.of(10), CmoZZ.of(4))).isEqualTo(CmoZZ.of(2));
            } finally {
                stop(ox);
            }
        }
    }

    @Test
    void anOxAsirStyleEngineAnswersAsOxAsirDoes() throws Exception {
        LocalProcessLauncher launcher = LocalProcessLauncher.builder()
                .command(OxDoubles.ox(OxDoubles.asirEngine(tmp))).build();
        try (OxClient client = OxClient.launch(launcher, OPTIONS, OxClientResources.shared())) {
            leaks.track(client.launchedServer().orElseThrow());
            ServerMathcap mc = client.serverMathcap().orElseThrow();
            assertThat(mc.systemName()).isEqualTo("ox_asir");
            assertThat(mc.dataTags()).doesNotContain(51);
            // ox_asir evaluates only the first statement of a string ...
            assertThat(client.executeString("A = 5; A = 100;")).isEqualTo(CmoZZ.of(5));
            // ... so a program goes statement by statement, and the whole program runs
            assertThat(client.executeProgram("A = 2; B = A * 3; B + 1;")).isEqualTo(CmoZZ.of(7));
            // zero comes back as CMO_NULL, and the client reads it as the integer 0
            Cmo zero = client.executeString("B - 6;");
            assertThat(zero).isEqualTo(CmoNull.INSTANCE);
            assertThat(OxClient.integerOf(zero)).isZero();
            // ox_asir's four-element error object, message found by the client
            assertThatThrownBy(() -> client.call("no_such_function", CmoZZ.of(1)))
                    .isInstanceOf(OxServerErrorException.class)
                    .hasMessageContaining("executeFunction : the function no_such_function not found");
            assertThat(client.call("igcd", CmoZZ.of(12), CmoZZ.of(18))).isEqualTo(CmoZZ.of(6));
        }
    }

    @Test
    void aMixedGroupBehindOxAndDirectWorksWithRfc102() throws Exception {
        List<List<String>> commands = List.of(OxDoubles.ox(OxDoubles.ox4jEngine()),
                List.of(OxDoubles.ox4jEngine()), OxDoubles.ox(OxDoubles.ox4jEngine()));
        try (ServerGroup group = ServerGroup.launchCommands(commands, OPTIONS, OxClientResources.shared())) {
            group.launchedServers().forEach(leaks::track);
            assertThat(group.isWired()).isTrue();
            group.bcast(AsirValueParser.parse("x+2*y"), 1);
            assertThat(group.reduceStacked(0, "+").toString()).isEqualTo(
                    group.member(0).executeProgram("3*x+6*y;").toString());
            group.reset();
            assertThat(OxClient.integerOf(group.reduce(List.of(CmoZZ.of(1), CmoZZ.of(2), CmoZZ.of(3)), 2, "+")))
                    .isEqualTo(6);
        }
    }

    @Test
    void theShellConnectsToOxAndLaunchesIt() throws Exception {
        int c = OxDoubles.freePort();
        int d = OxDoubles.freePort();
        String pw = OneTimePassword.generate().reveal();
        Process ox = startOx(OxDoubles.asirEngine(tmp), c, d, Optional.of(pw));
        try {
            ScriptRun connected = ScriptRun.run(leaks, "exec \"A = 20; A + 1;\"\ncall igcd 12 30\n", "bin/oxsh",
                    "--connect", "127.0.0.1", "--control", Integer.toString(c), "--data", Integer.toString(d),
                    "--pass", pw);
            assertThat(connected.status()).as("stderr: %s", connected.err()).isZero();
            assertThat(connected.out().lines().toList()).containsExactly("21", "6");
        } finally {
            stop(ox);
        }
        ScriptRun launched = ScriptRun.run(leaks, "call igcd 12 30\npush (x-1)*(x+1)\npopString\n", "bin/oxsh",
                "--launch", String.join(" ", OxDoubles.ox(OxDoubles.ox4jEngine())));
        assertThat(launched.status()).as("stderr: %s", launched.err()).isZero();
        assertThat(launched.out().lines().toList()).containsExactly("6", "x^2-1");
    }

    @Test
    void theDemoRunsOnServersBehindOx() throws Exception {
        ScriptRun r = ScriptRun.run(leaks, "", "bin/ox-demo", "--basic", "2", "--server-cmd", String.join(" ",
                OxDoubles.ox(OxDoubles.ox4jEngine())), "--server-cmd", OxDoubles.ox4jEngine());
        assertThat(r.status()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isZero();
        // rank r contributes (x+r+1)^(r+1); the test expands the sum itself: (x+1) + (x^2+4x+4)
        assertThat(r.out()).contains("group of 2 ready").contains("of (x+1)^1+(x+2)^2 = x^2+5*x+5");
    }

    @Test
    void realOxAsirWhenOpenXmIsInstalled() throws Exception {
        Optional<Path> openxm = OxDoubles.realOpenXm();
        org.junit.jupiter.api.Assumptions.assumeTrue(openxm.isPresent(),
                "OpenXM_HOME is not set to an OpenXM installation with bin/ox and bin/ox_asir: the real-ox_asir"
                        + " cases are skipped (the double-based cases above ran)");
        List<String> realOx = List.of(openxm.get().resolve("ox").toString(), "-ox",
                openxm.get().resolve("ox_asir").toString());
        try (OxClient client = OxClient.launch(LocalProcessLauncher.builder().command(realOx).build(), OPTIONS,
                OxClientResources.shared())) {
            leaks.track(client.launchedServer().orElseThrow());
            assertThat(client.call("igcd", CmoZZ.of(84), CmoZZ.of(36))).isEqualTo(CmoZZ.of(12));
            assertThat(client.executeProgram("A = 2; B = A * 3; B + 1;")).isEqualTo(CmoZZ.of(7));
            client.reset();
        }
        try (ServerGroup group = ServerGroup.launchCommands(List.of(realOx, List.of(OxDoubles.ox4jEngine())), OPTIONS,
                OxClientResources.shared())) {
            group.launchedServers().forEach(leaks::track);
            assertThat(OxClient.integerOf(group.reduce(List.of(CmoZZ.of(40), CmoZZ.of(2)), 0, "+"))).isEqualTo(42);
            group.reset();
        }
    }
}
