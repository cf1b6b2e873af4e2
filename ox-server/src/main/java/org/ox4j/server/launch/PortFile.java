package org.ox4j.server.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code ox -portfile F}: writes a port as {@code %05d\n} to {@code F.control} / {@code F.data}, atomically. The
 * files are the server's: they are removed when it exits (they name ports nobody listens on any more).
 */
public final class PortFile {
    private PortFile() {
    }

    /** Writes {@code port} to {@code base + "." + suffix} via a temporary file and a rename. */
    public static Path write(Path base, String suffix, int port) throws IOException {
        Path target = base.resolveSibling(base.getFileName() + "." + suffix);
        Path tmp = base.resolveSibling(base.getFileName() + "." + suffix + ".tmp" + ProcessHandle.current().pid());
        Files.writeString(tmp, fiveDigits(port) + "\n", StandardCharsets.US_ASCII);
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        target.toFile().deleteOnExit();
        return target;
    }

    /**
     * {@code %05d} without {@link String#format}, whose first use loads the locale data (about 25 ms before the
     * readiness line).
     */
    static String fiveDigits(int port) {
        String digits = Integer.toString(port);
        return digits.length() >= 5 ? digits : "00000".substring(digits.length()) + digits;
    }
}
