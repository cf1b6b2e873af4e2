package org.ox4j.benchmarks.soak;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts the TCP connections of a local process without stopping it: the kernel destroys each socket
 * ({@code ss -K}, SOCK_DESTROY), so the process gets an error on it and its peer a reset, as when a switch port or
 * a firewall drops a host. Needs root and a kernel with socket destruction (CONFIG_INET_DIAG_DESTROY);
 * {@link #unavailable()} says why not when it cannot work here.
 */
final class LinkCutter {
    /** A line of {@code ss -Htnp state established}: Recv-Q, Send-Q, local address:port, peer address:port, users. */
    private static final Pattern CONNECTION =
            Pattern.compile("^\\s*\\d+\\s+\\d+\\s+(\\S+):(\\d+)\\s+(\\S+):(\\d+)\\s+(.*)$");
    private static final long COMMAND_SECONDS = 10;

    private LinkCutter() {
    }

    /** Why connections cannot be cut here, or empty if they can (checked on a connection of this process). */
    static Optional<String> unavailable() {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(listener.getInetAddress(), listener.getLocalPort());
                Socket served = listener.accept()) {
            String out = run(List.of("ss", "-K", "state", "established", "sport", "=", ":" + client.getLocalPort(),
                    "dport", "=", ":" + listener.getLocalPort()));
            served.setSoTimeout((int) TimeUnit.SECONDS.toMillis(COMMAND_SECONDS));
            try (InputStream in = served.getInputStream()) {
                int got = in.read();
                return got < 0 ? Optional.of("ss -K did not reset the connection (end of stream instead): " + out)
                        : Optional.of("ss -K left the connection working: " + out);
            } catch (IOException reset) {
                return Optional.empty(); // the peer's end was reset: the cut works
            }
        } catch (IOException e) {
            return Optional.of("cannot run ss -K: " + e);
        }
    }

    /** Destroys every established TCP connection of process {@code pid}; returns how many there were. */
    static int cutAll(long pid) throws IOException {
        String table = run(List.of("ss", "-Htnp", "state", "established"));
        List<String[]> ends = new ArrayList<>();
        for (String line : table.split("\n")) {
            Matcher m = CONNECTION.matcher(line);
            if (m.matches() && m.group(5).contains("pid=" + pid + ",")) {
                ends.add(new String[] {m.group(2), m.group(4)});
            }
        }
        for (String[] e : ends) {
            run(List.of("ss", "-K", "state", "established", "sport", "=", ":" + e[0], "dport", "=", ":" + e[1]));
        }
        return ends.size();
    }

    private static String run(List<String> command) throws IOException {
        return ShellCommand.run(command, Duration.ofSeconds(COMMAND_SECONDS));
    }
}
