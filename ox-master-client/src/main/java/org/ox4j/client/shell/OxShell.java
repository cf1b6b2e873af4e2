package org.ox4j.client.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.completer.StringsCompleter;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.core.OxServerAddress;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.protocol.handshake.OneTimePassword;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code oxsh}: an interactive OX master. Connects to a running server ({@code --connect}) or launches one
 * ({@code --launch CMD}, default: a local ox4j server). With a terminal it offers line editing, history and
 * completion (JLine); otherwise it reads commands from stdin, one per line, and stops with exit status 1 at
 * the first failing command, so it can be used in pipes.
 */
@Command(name = "oxsh", mixinStandardHelpOptions = true, version = "oxsh 0.1",
        description = "Interactive master for OpenXM (OX) servers: ox4j, ox_asir, ...")
public final class OxShell implements Callable<Integer> {
    @Option(names = "--connect", paramLabel = "HOST", description = "connect to a running server on HOST")
    private String connectHost;

    @Option(names = "--control", paramLabel = "PORT", description = "control port (with --connect)")
    private Integer controlPort;

    @Option(names = "--data", paramLabel = "PORT", description = "data port (with --connect)")
    private Integer dataPort;

    @Option(names = "--pass", paramLabel = "PW", description = "one-time password of the server (with --connect)")
    private String password;

    @Option(names = "--launch", paramLabel = "CMD",
            description = "launch an ox-style server command, e.g. \"ox -ox ox_asir\" (default: this checkout's"
                    + " bin/ox-server)")
    private String launchCommand;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "timeout of each command (default: ${DEFAULT-VALUE})")
    private long timeoutSeconds;

    @Option(names = "--no-mathcap", description = "skip the mathcap exchange and its checks")
    private boolean noMathcap;

    public static void main(String[] args) {
        System.exit(new CommandLine(new OxShell()).execute(args));
    }

    @Override
    public Integer call() {
        // the handshake waits as long as a command may: behind ox the engine may still be starting
        OxClientOptions options = OxClientOptions.defaults().withRequestTimeout(Duration.ofSeconds(timeoutSeconds))
                .withHandshakeTimeout(Duration.ofSeconds(Math.max(5, timeoutSeconds)))
                .withMathcapExchange(!noMathcap, !noMathcap);
        OxClient client;
        try {
            client = open(options);
        } catch (RuntimeException e) {
            System.err.println("oxsh: " + e.getMessage());
            return 2;
        }
        try (client) {
            boolean interactive = System.console() != null;
            return interactive ? interactive(client) : script(client);
        }
    }

    private OxClient open(OxClientOptions options) {
        if (connectHost != null) {
            if (controlPort == null || dataPort == null) {
                throw new CommandLine.ParameterException(new CommandLine(this),
                        "--connect needs --control PORT and --data PORT");
            }
            OxServerAddress a = OxServerAddress.tcp(connectHost, controlPort, dataPort);
            if (password != null) {
                a = a.withPassword(OneTimePassword.of(password));
            }
            return OxClient.connect(a, options, OxClientResources.shared());
        }
        LocalProcessLauncher.Builder b = LocalProcessLauncher.builder();
        if (launchCommand != null) {
            b.commandLine(launchCommand);
        }
        return OxClient.launch(b.build(), options, OxClientResources.shared());
    }

    private static int script(OxClient client) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        ShellSession session = new ShellSession(client, out);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int lineNo = 0;
        try {
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                try {
                    if (session.run(line) == ShellSession.Result.QUIT) {
                        return 0;
                    }
                } catch (RuntimeException e) {
                    out.flush();
                    System.err.println("oxsh: line " + lineNo + ": " + describe(e));
                    return 1;
                }
            }
        } catch (IOException e) {
            System.err.println("oxsh: reading stdin: " + e.getMessage());
            return 1;
        }
        return 0;
    }

    private static int interactive(OxClient client) {
        try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("oxsh")
                    .completer(new StringsCompleter(ShellSession.completionWords()))
                    .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".oxsh_history"))
                    .build();
            PrintWriter out = terminal.writer();
            out.println("connected to " + client + "; type help");
            ShellSession session = new ShellSession(client, out);
            while (true) {
                String line;
                try {
                    line = reader.readLine("ox> ");
                } catch (UserInterruptException e) {
                    continue;
                } catch (EndOfFileException e) {
                    return 0;
                }
                try {
                    if (session.run(line) == ShellSession.Result.QUIT) {
                        return 0;
                    }
                } catch (RuntimeException e) {
                    out.println("error: " + describe(e));
                }
                out.flush();
            }
        } catch (IOException e) {
            System.err.println("oxsh: terminal: " + e.getMessage());
            return 1;
        }
    }

    private static String describe(RuntimeException e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
