package org.ox4j.server.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.config.AbstractConfiguration;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationFactory;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.filter.ThresholdFilter;
import org.apache.logging.log4j.core.layout.AbstractStringLayout;

/**
 * The server's Log4j 2 configuration, built in code: everything at INFO and above to the log file
 * ({@code ox4j.logFile}; stdout and stderr are /dev/null under Asir's launcher), warnings also to stderr. The lines
 * are those of the pattern {@code %d{ISO8601} %-5level [%t] %c{1} - %msg%n} (and {@code ox-server: %-5level %msg%n}
 * on stderr), written by a small layout of our own.
 *
 * <p>Why in code: reading a configuration file and building its appenders through Log4j's plugin machinery (reflection,
 * annotation proxies, pattern converters) was the largest part of a server's start-up CPU, and eight servers start on
 * two cores at once in a group. A user's own file still wins: with {@code -Dlog4j2.configurationFile=...} this class
 * is not installed.
 */
public final class ServerLogging {
    private ServerLogging() {
    }

    /** Makes Log4j use this configuration unless the user gave one (a file or a factory). */
    static void installUnlessConfigured() {
        if (System.getProperty("log4j2.configurationFile") == null
                && System.getProperty("log4j.configurationFile") == null
                && System.getProperty("log4j2.configurationFactory") == null) {
            System.setProperty("log4j2.configurationFactory", Factory.class.getName());
        }
    }

    /** Hands Log4j the configuration below, whatever it asks for. */
    public static final class Factory extends ConfigurationFactory {
        @Override
        protected String[] getSupportedTypes() {
            return new String[] {"*"};
        }

        @Override
        public Configuration getConfiguration(LoggerContext context, ConfigurationSource source) {
            return new ServerConfiguration(context);
        }

        @Override
        public Configuration getConfiguration(LoggerContext context, String name, URI location) {
            return new ServerConfiguration(context);
        }
    }

    private static final class ServerConfiguration extends AbstractConfiguration {
        ServerConfiguration(LoggerContext context) {
            super(context, ConfigurationSource.NULL_SOURCE);
            setName("ox4j-server");
        }

        @Override
        protected void doConfigure() {
            Appender file = FileAppender.newBuilder().setName("file")
                    .withFileName(System.getProperty("ox4j.logFile")).withAppend(true)
                    .setLayout(new ServerLayout(true)).setConfiguration(this).build();
            Appender stderr = ConsoleAppender.newBuilder().setName("stderr").setTarget(ConsoleAppender.Target.SYSTEM_ERR)
                    .setLayout(new ServerLayout(false)).setConfiguration(this)
                    .setFilter(ThresholdFilter.createFilter(Level.WARN, Filter.Result.ACCEPT, Filter.Result.DENY))
                    .build();
            LoggerConfig root = getRootLogger();
            root.setLevel(Level.INFO);
            for (Appender a : new Appender[] {file, stderr}) {
                a.start();
                addAppender(a);
                root.addAppender(a, null, null);
            }
        }
    }

    /** {@code %d{ISO8601} %-5level [%t] %c{1} - %msg%n} (file) or {@code ox-server: %-5level %msg%n} (stderr). */
    private static final class ServerLayout extends AbstractStringLayout {
        private static final DateTimeFormatter ISO8601 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss,SSS")
                .withZone(ZoneId.systemDefault());
        private final boolean full;

        ServerLayout(boolean full) {
            super(StandardCharsets.UTF_8);
            this.full = full;
        }

        @Override
        public String toSerializable(LogEvent event) {
            StringBuilder b = getStringBuilder();
            String level = event.getLevel().name();
            if (full) {
                ISO8601.formatTo(Instant.ofEpochMilli(event.getTimeMillis()), b);
                b.append(' ').append(level).append(" ".repeat(Math.max(0, 5 - level.length()))).append(" [")
                        .append(event.getThreadName()).append("] ").append(simpleName(event.getLoggerName()))
                        .append(" - ");
            } else {
                b.append("ox-server: ").append(level).append(" ".repeat(Math.max(0, 5 - level.length()))).append(' ');
            }
            b.append(event.getMessage().getFormattedMessage()).append(System.lineSeparator());
            if (event.getThrown() != null) {
                StringWriter w = new StringWriter();
                event.getThrown().printStackTrace(new PrintWriter(w));
                b.append(w);
            }
            return b.toString();
        }

        private static String simpleName(String logger) {
            return logger == null ? "" : logger.substring(logger.lastIndexOf('.') + 1);
        }
    }
}
