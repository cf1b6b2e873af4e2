package org.ox4j.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.OxHome;
import org.ox4j.client.launch.ProcessTrees;
import org.ox4j.client.launch.SshLauncher;
import org.ox4j.cmo.CmoZZ;

/**
 * SshLauncher against a private sshd on 127.0.0.1 started by the test (own host key, own authorized key).
 * Skipped, with the reason printed, when sshd or ssh-keygen is missing or the daemon cannot be started.
 */
class SshLauncherIT {
    @RegisterExtension
    final ProcessLeakCheck leaks = new ProcessLeakCheck();

    @TempDir
    Path dir;
    private Process sshd;
    private int port;

    @BeforeEach
    void startSshd() throws Exception {
        Path sshdBin = Path.of("/usr/sbin/sshd");
        assumeTrue(Files.isExecutable(sshdBin), "no /usr/sbin/sshd on this machine");
        assumeTrue(run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString()),
                "ssh-keygen cannot create a host key");
        assumeTrue(run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("user_key").toString()),
                "ssh-keygen cannot create a user key");
        Files.copy(dir.resolve("user_key.pub"), dir.resolve("authorized_keys"));
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path config = dir.resolve("sshd_config");
        Files.writeString(config, String.join("\n",
                "Port " + port, "ListenAddress 127.0.0.1", "HostKey " + dir.resolve("host_key"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"), "PidFile " + dir.resolve("sshd.pid"),
                "StrictModes no", "UsePAM no", "PasswordAuthentication no", "PubkeyAuthentication yes",
                "PermitRootLogin yes", "LogLevel ERROR", "") );
        Files.createDirectories(Path.of("/run/sshd"));
        sshd = leaks.track(new ProcessBuilder(sshdBin.toString(), "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start());
        boolean up = OxClient.await(CompletableFuture.supplyAsync(this::awaitPort), Duration.ofSeconds(20), "sshd");
        if (!up) {
            System.out.println("SshLauncherIT skipped: sshd did not start: " + Files.readString(dir.resolve("sshd.log")));
        }
        assumeTrue(up, "sshd did not start (see test output)");
    }

    private boolean awaitPort() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < deadline && sshd.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return true;
            } catch (IOException e) {
                // sshd not listening yet: try again (each attempt itself waits up to 500 ms)
                CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS))
                        .join();
            }
        }
        return false;
    }

    @AfterEach
    void stopSshd() {
        if (sshd != null) {
            ProcessTrees.destroy(sshd.toHandle(), Duration.ofSeconds(5));
        }
    }

    private static void assumeTrue(boolean condition, String reason) {
        if (!condition) {
            System.out.println("SshLauncherIT skipped: " + reason);
        }
        Assumptions.assumeTrue(condition, reason);
    }

    private static boolean run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void launchesOverSshConnectsAndLeavesNothingBehind() {
        List<String> ssh = List.of("ssh", "-p", String.valueOf(port), "-i", dir.resolve("user_key").toString(),
                "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR");
        SshLauncher launcher = new SshLauncher("127.0.0.1", "127.0.0.1", OxHome.locate().toString(), ssh,
                Duration.ofSeconds(120));
        OxClient c = OxClient.launch(launcher, OxClientOptions.defaults().withRequestTimeout(Duration.ofSeconds(90)),
                OxClientResources.shared());
        LaunchedServer s = leaks.track(c.launchedServer().orElseThrow());
        String password = s.address().controlPassword().orElseThrow().reveal();
        leaks.trackCommandLine(password);
        try {
            assertThat(c.call("igcd", CmoZZ.of(1000), CmoZZ.of(75))).isEqualTo(CmoZZ.of(25));
        } finally {
            c.close();
        }
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(l -> l.contains(password)).orElse(false))
                .filter(ProcessHandle::isAlive)
                .map(ProcessHandle::pid).toList()).as("remote server processes after close").isEmpty();
    }
}
