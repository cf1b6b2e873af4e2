package org.ox4j.client.launch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.client.core.OxServerAddress;
import org.ox4j.protocol.handshake.OneTimePassword;

/**
 * Starts {@code bin/ox-server} on another host over {@code ssh}: {@code ssh [options] HOST 'echo OX4J PID $$;
 * exec HOME/bin/ox-server -host ADDR -control 0 -data 0 -insecure -pass PW'}. The remote shell's pid (which
 * {@code exec} hands to the server) and the readiness line with the chosen ports are read from ssh's stdout; the
 * client then connects to {@code ADDR}. No port file: the readiness line carries the ports, and files on the remote
 * host would outlive a server that was killed (the cluster tests left eight pairs in /tmp per run).
 * {@code -insecure} is needed because the master's connection does not come from the remote host's loopback
 * address; the one-time password still guards both channels.
 *
 * <p>If the server survives {@code SM_shutdown}, stopping it runs {@code ssh HOST kill PID} before the
 * local ssh process is destroyed.
 */
public final class SshLauncher implements ServerLauncher {
    private static final Logger LOG = LogManager.getLogger();
    private static final Pattern PID_LINE = Pattern.compile("OX4J PID (\\d+)");

    private final String host;
    private final String bindAddress;
    private final String remoteHome;
    private final List<String> sshCommand;
    private final Duration readinessTimeout;

    /**
     * @param host             ssh destination (as in the host file)
     * @param bindAddress      address the remote server binds and the client connects to (usually {@code host})
     * @param remoteHome       the ox4j home directory on the remote host
     * @param sshCommand       ssh and its options, e.g. {@code [ssh, -o, BatchMode=yes]}
     * @param readinessTimeout how long to wait for the readiness line
     */
    public SshLauncher(String host, String bindAddress, String remoteHome, List<String> sshCommand,
            Duration readinessTimeout) {
        this.host = Objects.requireNonNull(host, "host");
        this.bindAddress = Objects.requireNonNull(bindAddress, "bindAddress");
        this.remoteHome = Objects.requireNonNull(remoteHome, "remoteHome");
        this.sshCommand = List.copyOf(sshCommand);
        this.readinessTimeout = Objects.requireNonNull(readinessTimeout, "readinessTimeout");
        if (this.sshCommand.isEmpty()) {
            throw new IllegalArgumentException("sshCommand: empty (expected: at least the ssh executable)");
        }
    }

    /** {@code ssh -o BatchMode=yes HOST}, same home path as this machine's, 180 s readiness timeout. */
    public static SshLauncher forHost(String host) {
        return new SshLauncher(host, host, OxHome.locate().toString(), List.of("ssh", "-o", "BatchMode=yes"),
                Duration.ofSeconds(180));
    }

    @Override
    public String describe() {
        return "ssh " + host + " " + remoteHome + "/bin/ox-server";
    }

    /** The remote shell command (password included; it is on the server's command line as with {@code ox}). */
    String remoteCommand(OneTimePassword password) {
        return "echo OX4J PID $$; exec " + shellQuote(remoteHome + "/bin/ox-server") + " -host "
                + shellQuote(bindAddress) + " -control 0 -data 0 -insecure -pass " + shellQuote(password.reveal());
    }

    @Override
    public LaunchedServer launch() {
        OneTimePassword password = OneTimePassword.generate();
        List<String> cmd = new ArrayList<>(sshCommand);
        cmd.add(host);
        cmd.add(remoteCommand(password));
        Process process = LocalProcessLauncher.start(cmd);
        String name = "ssh-" + host + "-" + process.pid();
        long[] remotePid = {-1};
        ProcessOutput<ReadinessLine> out = new ProcessOutput<>(process, name, line -> {
            Matcher m = PID_LINE.matcher(line.strip());
            if (m.matches()) {
                remotePid[0] = Long.parseLong(m.group(1));
                return Optional.empty();
            }
            return ReadinessLine.parse(line);
        });
        Runnable remoteKill = () -> remoteKill(remotePid[0]);
        try {
            ReadinessLine ready = LocalProcessLauncher.awaitReady(process, out, out.ready(), readinessTimeout, describe());
            OxServerAddress address = OxServerAddress.tcp(bindAddress, ready.controlPort(), ready.dataPort())
                    .withPassword(password);
            LOG.debug("{} ready (remote pid {}): {}", name, remotePid[0], address);
            return new LaunchedServer(process, address, name, List.of(), Optional.of(remoteKill));
        } catch (RuntimeException e) {
            remoteKill.run();
            new LaunchedServer(process, OxServerAddress.tcp(bindAddress, 0, 0), name, List.of(), Optional.empty())
                    .close();
            throw e;
        }
    }

    /** Best effort: terminate the remote server by pid (when its pid line was seen). */
    private void remoteKill(long pid) {
        if (pid <= 0) {
            return;
        }
        List<String> cmd = new ArrayList<>(sshCommand);
        cmd.add(host);
        cmd.add("kill " + pid + " 2>/dev/null");
        try {
            Process p = LocalProcessLauncher.start(cmd);
            new ProcessOutput<>(p, "ssh-cleanup-" + host, l -> Optional.empty());
            if (!ProcessTrees.awaitExit(List.of(p.toHandle()), Duration.ofSeconds(10))) {
                ProcessTrees.destroy(p.toHandle(), Duration.ofSeconds(1));
            }
        } catch (OxLaunchException e) {
            LOG.warn("remote cleanup on {} failed: {}", host, e.getMessage());
        }
    }

    static String shellQuote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
