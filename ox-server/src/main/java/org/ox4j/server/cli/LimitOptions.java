package org.ox4j.server.cli;

import org.ox4j.server.ServerLimits;
import picocli.CommandLine.Option;

/** Options shared by every launch form: limits, byte order, log file, diagnostics. */
public final class LimitOptions {
    @Option(names = "--max-message-bytes", description = "largest OX message accepted (default ${DEFAULT-VALUE})")
    long maxMessageBytes = ServerLimits.DEFAULT.maxMessageBytes();

    @Option(names = "--max-depth", description = "deepest CMO nesting accepted (default ${DEFAULT-VALUE})")
    int maxDepth = ServerLimits.DEFAULT.maxDepth();

    @Option(names = "--max-stack-depth", description = "most objects on one operand stack (default ${DEFAULT-VALUE})")
    int maxStackDepth = ServerLimits.DEFAULT.maxStackDepth();

    @Option(names = "--max-session-bytes", description = "estimated bytes one session's stack may hold "
            + "(default ${DEFAULT-VALUE})")
    long maxSessionBytes = ServerLimits.DEFAULT.maxSessionBytes();

    @Option(names = "--byte-order", description = "byte-order byte offered on data connections: 0 (network), "
            + "1 (little endian, as ox_asir on x86), 255 (big endian); default ${DEFAULT-VALUE}")
    int byteOrder = 1;

    @Option(names = "--log-file", description = "log file (default $TMPDIR/ox4j-server-<pid>.log)")
    String logFile;

    @Option(names = "--diagnostics", description = "also register diagnostic functions (ox4j_spin)")
    boolean diagnostics = Boolean.parseBoolean(System.getenv().getOrDefault("OX4J_DIAGNOSTICS", "false"));

    ServerLimits limits() {
        return new ServerLimits(maxMessageBytes, maxDepth, maxStackDepth, maxSessionBytes);
    }

    int byteOrderOffer() {
        if (byteOrder != 0 && byteOrder != 1 && byteOrder != 255) {
            throw new IllegalArgumentException("--byte-order must be 0, 1 or 255");
        }
        return byteOrder;
    }
}
