package org.ox4j.server.cli;

import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import picocli.CommandLine;

/**
 * Entry point of {@code bin/ox-server}. Sets up logging (before any logger exists) from {@code --log-file} or the
 * system property {@code ox4j.logFile}, reads a plain command line without picocli and opens form b's listening
 * sockets at once ({@link EarlyListen}), then runs {@link ServerCommand}.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        ServerLogging.installUnlessConfigured();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--log-file")) {
                System.setProperty("ox4j.logFile", args[i + 1]);
            }
        }
        if (System.getProperty("ox4j.logFile") == null) {
            // $TMPDIR as documented (the JVM's java.io.tmpdir is /tmp whatever TMPDIR says)
            String tmp = System.getenv("TMPDIR");
            String dir = tmp == null || tmp.isEmpty() ? System.getProperty("java.io.tmpdir") : tmp;
            System.setProperty("ox4j.logFile", dir + "/ox4j-server-" + ProcessHandle.current().pid() + ".log");
        }
        try {
            TuningProperties.check();
        } catch (IllegalArgumentException e) {
            System.err.println("ox-server: " + e.getMessage());
            System.exit(2);
            return;
        }
        // A plain command line needs no picocli; form b listens and prints its readiness line first, and everything
        // below runs while its master connects (logging is set up by the first logger, on this thread).
        Optional<ServerCommand> plain = EarlyListen.open(args);
        if (plain.isPresent()) {
            System.exit(runPlain(plain.get()));
            return;
        }
        // Otherwise logging is set up on another core while picocli parses the command line.
        Thread logging = new Thread(() -> LogManager.getContext(false), "ox4j-logging-init");
        logging.setDaemon(true);
        logging.start();
        CommandLine cl = new CommandLine(new ServerCommand());
        cl.setUnmatchedArgumentsAllowed(true);
        // Nothing may log before the configuration is in place (earlier messages would meet Log4j's default
        // configuration and be lost), so the command runs only once the set-up thread is done.
        cl.setExecutionStrategy(parsed -> {
            awaitQuietly(logging);
            return new CommandLine.RunLast().execute(parsed);
        });
        int status = cl.execute(args);
        System.exit(status);
    }

    /** Runs a command {@link EarlyListen} read, reporting a failure as picocli would (logged, exit status 1). */
    private static int runPlain(ServerCommand command) {
        try {
            return command.call();
        } catch (Exception e) {
            LogManager.getLogger().error("ox-server failed", e);
            System.err.println("ox-server: " + e);
            return 1;
        }
    }

    private static void awaitQuietly(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
