package org.ox4j.server.cli.logging;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Properties;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.MessageFactory;
import org.apache.logging.log4j.simple.SimpleLogger;
import org.apache.logging.log4j.util.PropertiesUtil;

/**
 * A server logger: the Log4j API's level checks and message formatting (inherited from its simple logger, which
 * answers every {@code isEnabled} overload from one threshold), each enabled message handed to the
 * {@link ServerLogSink} with the logger's short name and the calling thread's name.
 */
final class ServerLogger extends SimpleLogger {
    private static final PropertiesUtil NO_PROPERTIES = new PropertiesUtil(new Properties());
    /** The simple logger's own stream, never written: {@link #logMessage} goes to the sink. */
    private static final PrintStream UNUSED = new PrintStream(OutputStream.nullOutputStream());

    private final String shortName;
    private final ServerLogSink sink;

    ServerLogger(String name, Level threshold, MessageFactory messages, ServerLogSink sink) {
        super(name, threshold, false, false, false, false, null, messages, NO_PROPERTIES, UNUSED);
        this.shortName = name == null ? "" : name.substring(name.lastIndexOf('.') + 1);
        this.sink = sink;
    }

    @Override
    public void logMessage(String fqcn, Level level, Marker marker, Message message, Throwable thrown) {
        Throwable t = thrown != null ? thrown : message.getThrowable();
        sink.write(level, Thread.currentThread().getName(), shortName, message.getFormattedMessage(), t);
    }
}
