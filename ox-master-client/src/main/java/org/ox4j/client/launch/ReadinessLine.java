package org.ox4j.client.launch;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line {@code bin/ox-server} prints on stdout once it listens:
 * {@code OX4J READY control=<port> data=<port>} (the ports are 0 for AF_UNIX sockets).
 */
public record ReadinessLine(int controlPort, int dataPort) {
    private static final Pattern LINE = Pattern.compile("OX4J READY control=(\\d+) data=(\\d+)");

    /** The ports, if {@code line} is a readiness line (surrounding white space and CR are ignored). */
    public static Optional<ReadinessLine> parse(String line) {
        Matcher m = LINE.matcher(line.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new ReadinessLine(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
    }
}
