package org.ox4j.benchmarks.soak;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a fault-injection command ({@code ss}, {@code ox-cluster}) to its end, bounded in time. */
final class ShellCommand {
    private ShellCommand() {
    }

    /**
     * Runs {@code command} and returns what it printed (standard output and error); {@link IOException} if it fails,
     * exits with a status other than 0 or runs longer than {@code limit} (it is then killed).
     */
    static String run(List<String> command, Duration limit) throws IOException {
        // the output goes to a file: a full pipe would stall the command and its wait would end in the limit
        Path output = Files.createTempFile("ox4j-command", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IOException(String.join(" ", command) + ": not done within " + limit);
            }
            String out = Files.readString(output, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " exited with " + p.exitValue() + ": " + out);
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command), e);
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(output);
        }
    }
}
