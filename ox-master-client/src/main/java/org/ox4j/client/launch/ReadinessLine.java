package org.ox4j.client.launch;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line {@code bin/ox-server} prints on stdout once it listens: {@code OX4J READY control=C data=D}, where C
 * and D are TCP port numbers, or the socket paths when it listens on AF_UNIX sockets ({@code -unix}).
 */
public record ReadinessLine(String control, String data) {
    private static final Pattern LINE = Pattern.compile("OX4J READY control=(\\S+) data=(\\S+)");

    /** The endpoints, if {@code line} is a readiness line (surrounding white space and CR are ignored). */
    public static Optional<ReadinessLine> parse(String line) {
        Matcher m = LINE.matcher(line.strip());
        return m.matches() ? Optional.of(new ReadinessLine(m.group(1), m.group(2))) : Optional.empty();
    }

    /** The control port (TCP form). */
    public int controlPort() {
        return port(control, "control");
    }

    /** The data port (TCP form). */
    public int dataPort() {
        return port(data, "data");
    }

    private static int port(String s, String what) {
        try {
            int p = Integer.parseInt(s);
            if (p > 0 && p < 65536) {
                return p;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new OxLaunchException("readiness line: " + what + "=" + s + " (expected: a TCP port 1..65535)");
    }
}
