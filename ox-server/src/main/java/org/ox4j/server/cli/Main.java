package org.ox4j.server.cli;

import picocli.CommandLine;

/**
 * Entry point of {@code bin/ox-server}. Sets up logging (before any logger exists) from {@code --log-file} or the
 * system property {@code ox4j.logFile}, then runs {@link ServerCommand}.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (System.getProperty("log4j2.configurationFile") == null
                && System.getProperty("log4j.configurationFile") == null) {
            System.setProperty("log4j2.configurationFile", "ox4j-server-log4j2.xml");
        }
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--log-file")) {
                System.setProperty("ox4j.logFile", args[i + 1]);
            }
        }
        if (System.getProperty("ox4j.logFile") == null) {
            System.setProperty("ox4j.logFile", System.getProperty("java.io.tmpdir") + "/ox4j-server-"
                    + ProcessHandle.current().pid() + ".log");
        }
        CommandLine cl = new CommandLine(new ServerCommand());
        cl.setUnmatchedArgumentsAllowed(true);
        int status = cl.execute(args);
        System.exit(status);
    }
}
