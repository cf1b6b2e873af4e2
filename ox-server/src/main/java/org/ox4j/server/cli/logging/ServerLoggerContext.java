package org.ox4j.server.cli.logging;

import java.net.URI;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.message.MessageFactory;
import org.apache.logging.log4j.message.ParameterizedMessageFactory;
import org.apache.logging.log4j.spi.ExtendedLogger;
import org.apache.logging.log4j.spi.LoggerContext;
import org.apache.logging.log4j.spi.LoggerContextFactory;

/**
 * The one logging context of a server process, and the factory the Log4j API asks for it: a server has one
 * configuration whatever class or class loader asks, so the factory hands out this context each time. Loggers are
 * made once per name; all share the process's {@link ServerLogSink} and its threshold ({@code -Dox4j.logLevel},
 * INFO unless set).
 */
public final class ServerLoggerContext implements LoggerContextFactory, LoggerContext {
    private static final MessageFactory MESSAGES = ParameterizedMessageFactory.INSTANCE;

    private final ConcurrentMap<String, ServerLogger> loggers = new ConcurrentHashMap<>();
    private final Level threshold;
    private final ServerLogSink sink;

    /** Instantiated by the Log4j API through {@link ServerLogProvider}: the threshold and file of the properties. */
    public ServerLoggerContext() {
        this(Level.toLevel(System.getProperty("ox4j.logLevel"), Level.INFO),
                ServerLogSink.open(System.getProperty("ox4j.logFile")));
    }

    ServerLoggerContext(Level threshold, ServerLogSink sink) {
        this.threshold = threshold;
        this.sink = sink;
    }

    @Override
    public LoggerContext getContext(String fqcn, ClassLoader loader, Object externalContext, boolean currentContext) {
        return this;
    }

    @Override
    public LoggerContext getContext(String fqcn, ClassLoader loader, Object externalContext, boolean currentContext,
            URI configLocation, String name) {
        return this;
    }

    @Override
    public void removeContext(LoggerContext context) {
        // the context lives as long as the process
    }

    @Override
    public boolean isClassLoaderDependent() {
        return false;
    }

    @Override
    public Object getExternalContext() {
        return null;
    }

    @Override
    public ExtendedLogger getLogger(String name) {
        return getLogger(name, null);
    }

    @Override
    public ExtendedLogger getLogger(String name, MessageFactory messageFactory) {
        MessageFactory messages = messageFactory != null ? messageFactory : MESSAGES;
        ServerLogger known = loggers.get(name);
        if (known != null && known.getMessageFactory() == messages) {
            return known;
        }
        ServerLogger made = new ServerLogger(name, threshold, messages, sink);
        // the first logger of a name is kept; one asked for with another message factory is made for the caller
        ServerLogger kept = loggers.putIfAbsent(name, made);
        return kept == null || kept.getMessageFactory() != messages ? made : kept;
    }

    @Override
    public boolean hasLogger(String name) {
        return loggers.containsKey(name);
    }

    @Override
    public boolean hasLogger(String name, MessageFactory messageFactory) {
        ServerLogger l = loggers.get(name);
        return l != null && l.getMessageFactory() == (messageFactory != null ? messageFactory : MESSAGES);
    }

    @Override
    public boolean hasLogger(String name, Class<? extends MessageFactory> messageFactoryClass) {
        ServerLogger l = loggers.get(name);
        return l != null && messageFactoryClass.isInstance(l.getMessageFactory());
    }
}
