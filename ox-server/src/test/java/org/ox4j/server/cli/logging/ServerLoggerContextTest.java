package org.ox4j.server.cli.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.message.StringFormatterMessageFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerLoggerContextTest {
    @TempDir
    Path dir;

    private List<String> lines(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }

    @Test
    void writesParameterisedLinesAtTheThresholdAndAbove() throws IOException {
        Path file = dir.resolve("server.log");
        ServerLoggerContext context = new ServerLoggerContext(Level.INFO, ServerLogSink.open(file.toString()));
        Logger log = context.getLogger("org.ox4j.server.launch.OxLaunch");
        log.debug("not written {}", 1);
        log.info("listening: control={} data={}", 123, 456);
        List<String> lines = lines(file);
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d,\\d{3} INFO  \\["
                + Thread.currentThread().getName() + "\\] OxLaunch - listening: control=123 data=456");
    }

    @Test
    void warningsAlsoGoToStderrAndStackTracesFollowTheirLine() throws IOException {
        Path file = dir.resolve("server.log");
        ServerLoggerContext context = new ServerLoggerContext(Level.INFO, ServerLogSink.open(file.toString()));
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            context.getLogger("a.b.Session").warn("closing: {}", "wrong password", new IllegalStateException("boom"));
        } finally {
            System.setErr(saved);
        }
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(stderr).startsWith("ox-server: WARN  closing: wrong password")
                .contains("IllegalStateException: boom");
        List<String> lines = lines(file);
        assertThat(lines.get(0)).endsWith("WARN  [" + Thread.currentThread().getName()
                + "] Session - closing: wrong password");
        assertThat(lines.get(1)).isEqualTo("java.lang.IllegalStateException: boom");
        assertThat(lines.get(2)).contains("at org.ox4j.server.cli.logging.ServerLoggerContextTest");
    }

    @Test
    void oneLoggerPerNameAndMessageFactory() {
        ServerLoggerContext context = new ServerLoggerContext(Level.DEBUG, ServerLogSink.open(null));
        Logger a = context.getLogger("x.Y");
        assertThat((Object) context.getLogger("x.Y")).isSameAs(a);
        assertThat(context.hasLogger("x.Y")).isTrue();
        assertThat(context.hasLogger("x.Z")).isFalse();
        assertThat(a.isDebugEnabled()).isTrue();
        assertThat(a.isTraceEnabled()).isFalse();
        Logger formatted = context.getLogger("x.Y", StringFormatterMessageFactory.INSTANCE);
        assertThat((Object) formatted).isNotSameAs(a);
        assertThat((Object) formatted.getMessageFactory()).isSameAs(StringFormatterMessageFactory.INSTANCE);
        assertThat((Object) context.getLogger("x.Y")).isSameAs(a);
    }

    @Test
    void aLogFileThatCannotBeOpenedLeavesStderr() {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            ServerLoggerContext context = new ServerLoggerContext(Level.INFO,
                    ServerLogSink.open(dir.resolve("no/such/dir/server.log").toString()));
            context.getLogger("q.R").info("still said");
        } finally {
            System.setErr(saved);
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("cannot open the log file")
                .contains("ox-server: INFO  still said");
    }
}
