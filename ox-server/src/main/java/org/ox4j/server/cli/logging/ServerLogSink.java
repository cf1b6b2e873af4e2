package org.ox4j.server.cli.logging;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.apache.logging.log4j.Level;

/**
 * Where a server's log lines go: every message to the log file ({@code ox4j.logFile}; under Asir's launcher stdout
 * and stderr are /dev/null) as {@code 2026-12-02T21:57:20,309 INFO  [thread] Logger - message}, warnings and
 * errors also to stderr as {@code ox-server: WARN  message}. A stack trace follows its line. Each line is one write,
 * flushed at once, so a server that dies leaves its last words in the file. A log file that cannot be opened leaves
 * stderr for everything, said once there.
 */
final class ServerLogSink {
    private static final DateTimeFormatter ISO8601 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss,SSS")
            .withZone(ZoneId.systemDefault());

    private final OutputStream file;

    private ServerLogSink(OutputStream file) {
        this.file = file;
    }

    /** A sink appending to {@code path} (none: stderr only). */
    static ServerLogSink open(String path) {
        if (path == null || path.isEmpty()) {
            return new ServerLogSink(null);
        }
        try {
            return new ServerLogSink(new FileOutputStream(path, true));
        } catch (IOException | SecurityException e) {
            System.err.println("ox-server: cannot open the log file " + path + " (" + e.getMessage()
                    + "); logging to stderr");
            return new ServerLogSink(null);
        }
    }

    /** Writes one message (and the stack trace of {@code thrown}, if any). */
    void write(Level level, String thread, String logger, String message, Throwable thrown) {
        String trace = thrown == null ? "" : stackTrace(thrown);
        String name = padded(level);
        boolean toStderr = file == null || level.isMoreSpecificThan(Level.WARN);
        if (file != null) {
            StringBuilder b = new StringBuilder(64 + message.length() + trace.length());
            ISO8601.formatTo(Instant.now(), b);
            b.append(' ').append(name).append(" [").append(thread).append("] ").append(logger).append(" - ")
                    .append(message).append(System.lineSeparator()).append(trace);
            byte[] line = b.toString().getBytes(StandardCharsets.UTF_8);
            synchronized (this) {
                try {
                    file.write(line);
                } catch (IOException e) {
                    toStderr = true;
                }
            }
        }
        if (toStderr) {
            System.err.print("ox-server: " + name + " " + message + System.lineSeparator() + trace);
        }
    }

    private static String padded(Level level) {
        String n = level.name();
        return n.length() >= 5 ? n : n + " ".repeat(5 - n.length());
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
