package org.ox4j.server.sm;

/**
 * A plug-in of the server, found with {@link java.util.ServiceLoader} (list the class in
 * {@code META-INF/services/org.ox4j.server.sm.ServerExtension}): it adds SM command handlers, session services and
 * functions to a {@link ServerExtensions} before the first session starts.
 */
public interface ServerExtension {
    /** Registers this extension's handlers and services. */
    void register(ServerExtensions extensions);
}
