package org.ox4j.server.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ox4j.server.launch.Daemon;
import org.ox4j.server.session.ServerRuntime;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ox-server daemon}: serves many masters, each with an isolated session (specs: daemon.md). */
@Command(name = "daemon", mixinStandardHelpOptions = true,
        description = {"Long-running server for many masters; prints 'OX4J READY daemon=PORT' when listening.",
            "Every connection authenticates with the password of --password-file (first line)."})
public final class DaemonCommand implements Callable<Integer> {
    @Option(names = "--port", required = true, description = "TCP port (0 = let the OS choose)")
    int port;

    @Option(names = "--host", description = "address to bind (default ${DEFAULT-VALUE})")
    String host = "127.0.0.1";

    @Option(names = "--password-file", required = true, description = "file whose first line is the password")
    Path passwordFile;

    @Option(names = "--max-sessions", description = "most concurrent sessions (default ${DEFAULT-VALUE})")
    int maxSessions = 256;

    @Mixin
    LimitOptions common = new LimitOptions();

    @Override
    public Integer call() throws Exception {
        String password = Files.readAllLines(passwordFile, StandardCharsets.UTF_8).stream().findFirst().orElse("");
        if (password.isEmpty()) {
            System.err.println("ox-server daemon: the password file is empty");
            return 2;
        }
        ServerRuntime rt = ServerRuntime.standard(common.limits(), common.byteOrderOffer(), common.diagnostics);
        return new Daemon(rt, host, port, password, maxSessions).run();
    }
}
