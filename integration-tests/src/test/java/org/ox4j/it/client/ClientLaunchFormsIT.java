package org.ox4j.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.RetryPolicy;
import org.ox4j.client.ReverseListener;
import org.ox4j.client.core.OxClientException;
import org.ox4j.client.core.OxServerAddress;
import org.ox4j.client.launch.OxHome;
import org.ox4j.client.launch.ProcessTrees;
import org.ox4j.client.launch.ReadinessLine;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.handshake.OneTimePassword;

/** The client against every form {@code bin/ox-server} can be started in, started by the test itself. */
class ClientLaunchFormsIT {
    @RegisterExtension
    final ProcessLeakCheck leaks = new ProcessLeakCheck();

    private static final OxClientOptions OPTIONS = OxClientOptions.defaults()
            .withRequestTimeout(Duration.ofSeconds(90));
    private static final Duration READY = Duration.ofSeconds(120);

    private Process start(List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(OxHome.serverScript(OxHome.locate()).toString());
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        return leaks.track(p);
    }

    /** The first stdout line matching {@code pattern}, read on another thread and bounded by {@link #READY}. */
    private static Matcher awaitLine(Process p, Pattern pattern) {
        CompletableFuture<Matcher> found = CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                String line;
                while ((line = r.readLine()) != null) {
                    Matcher m = pattern.matcher(line.strip());
                    if (m.matches()) {
                        return m;
                    }
                }
                throw new IllegalStateException("server exited before printing " + pattern);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        return OxClient.await(found, READY, "readiness line");
    }

    private static void stop(Process p) {
        if (!ProcessTrees.awaitExit(List.of(p.toHandle()), Duration.ofSeconds(10))) {
            ProcessTrees.destroy(p.toHandle(), Duration.ofSeconds(2));
        }
    }

    @Test
    void normalModeWithSeparatePasswordsAndShutdown() throws IOException {
        OneTimePassword pc = OneTimePassword.generate();
        OneTimePassword pd = OneTimePassword.generate();
        Process p = start(List.of("-control", "0", "-data", "0", "-passControl", pc.reveal(), "-passData",
                pd.reveal()));
        Matcher m = awaitLine(p, Pattern.compile("OX4J READY control=(\\d+) data=(\\d+)"));
        ReadinessLine ready = ReadinessLine.parse(m.group()).orElseThrow();
        OxClient c = OxClient.connect(OxServerAddress.tcp("127.0.0.1", ready.controlPort(), ready.dataPort())
                .withPasswords(pc, pd), OPTIONS, OxClientResources.shared());
        assertThat(c.call("igcd", CmoZZ.of(21), CmoZZ.of(14))).isEqualTo(CmoZZ.of(7));
        c.shutdown();
        assertThat(ProcessTrees.awaitExit(List.of(p.toHandle()), Duration.ofSeconds(30)))
                .as("SM_shutdown on control ends the server").isTrue();
    }

    @Test
    void wrongPasswordIsRefused() throws IOException {
        OneTimePassword pw = OneTimePassword.generate();
        Process p = start(List.of("-control", "0", "-data", "0", "-pass", pw.reveal()));
        ReadinessLine ready = ReadinessLine.parse(awaitLine(p, Pattern.compile("OX4J READY control=(\\d+) data=(\\d+)"))
                .group()).orElseThrow();
        OxServerAddress wrong = OxServerAddress.tcp("127.0.0.1", ready.controlPort(), ready.dataPort())
                .withPassword(OneTimePassword.generate());
        try {
            assertThatThrownBy(() -> OxClient.connect(wrong, OPTIONS.withRetry(RetryPolicy.none()),
                    OxClientResources.shared())).isInstanceOf(OxClientException.class);
        } finally {
            stop(p);
        }
    }

    @Test
    void reverseModeServerConnectsToTheClient() throws IOException {
        OneTimePassword pw = OneTimePassword.generate();
        try (ReverseListener l = ReverseListener.open("127.0.0.1", Optional.of(pw), OPTIONS,
                OxClientResources.shared())) {
            Process p = start(List.of("-reverse", "-host", "127.0.0.1", "-control", String.valueOf(l.controlPort()),
                    "-data", String.valueOf(l.dataPort()), "-pass", pw.reveal()));
            OxClient c = l.accept(READY);
            assertThat(c.serverMathcap()).isPresent();
            assertThat(c.call("idiv", CmoZZ.of(100), CmoZZ.of(7))).isEqualTo(CmoZZ.of(14));
            c.shutdown();
            stop(p);
        }
    }

    @Test
    void reverseModeRejectsAServerWithTheWrongPassword() throws IOException {
        try (ReverseListener l = ReverseListener.open("127.0.0.1", Optional.of(OneTimePassword.generate()), OPTIONS,
                OxClientResources.shared())) {
            Process p = start(List.of("-reverse", "-host", "127.0.0.1", "-control", String.valueOf(l.controlPort()),
                    "-data", String.valueOf(l.dataPort()), "-pass", OneTimePassword.generate().reveal()));
            try {
                // the refusal itself is the answer: no waiting for the other channel or for a timeout
                assertThatThrownBy(() -> l.accept(READY)).isInstanceOf(RuntimeException.class)
                        .hasMessageContaining("wrong one-time password");
            } finally {
                stop(p);
            }
        }
    }

    @Test
    void daemonServesIsolatedSessions(@TempDir Path dir) throws IOException {
        OneTimePassword pw = OneTimePassword.generate();
        Path pwFile = dir.resolve("pw");
        Files.writeString(pwFile, pw.reveal() + "\n");
        Process p = start(List.of("daemon", "--port", "0", "--password-file", pwFile.toString()));
        int port = Integer.parseInt(awaitLine(p, Pattern.compile("OX4J READY daemon=(\\d+)")).group(1));
        InetSocketAddress daemon = new InetSocketAddress("127.0.0.1", port);
        try (OxClient a = OxClient.connectDaemon(daemon, pw, OPTIONS, OxClientResources.shared());
             OxClient b = OxClient.connectDaemon(daemon, pw, OPTIONS, OxClientResources.shared())) {
            a.push(CmoZZ.of(1), CmoZZ.of(2));
            b.push(CmoZZ.of(3));
            assertThat(a.stackSize()).isEqualTo(2);
            assertThat(b.stackSize()).isEqualTo(1);
            assertThat(b.popCmo()).isEqualTo(CmoZZ.of(3));
            assertThat(a.popCmo()).isEqualTo(CmoZZ.of(2));
        } finally {
            ProcessTrees.destroy(p.toHandle(), Duration.ofSeconds(5));
        }
    }
}
