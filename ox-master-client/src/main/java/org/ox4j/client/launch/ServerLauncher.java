package org.ox4j.client.launch;

/** Starts one OX server process somewhere and reports where it listens. */
public interface ServerLauncher {
    /** Starts a server and waits (bounded) until it is ready to accept the client's connections. */
    LaunchedServer launch();

    /** A short description for logs and error messages (e.g. {@code local bin/ox-server}, {@code ssh host}). */
    String describe();
}
