package org.ox4j.server.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The readiness path of launch forms a and b, before anything else runs. A plain {@code ox}-style command line (the
 * options an Asir or Java master passes: {@code -host -control -data -pass -passControl -passData -portfile -unix
 * -insecure}, {@code -display} of form a, and the server's {@code --log-file --byte-order --diagnostics --max-*}) is
 * read here into the same {@link ServerCommand} picocli would make, and form b's sockets are opened at once
 * ({@link ServerCommand#listenEarly}): a master waiting for {@code OX4J READY} (or for the port file) can connect
 * while logging and the function tables are still being set up. Either form skips picocli's reflective set-up: for
 * form a (the socket inherited from an Asir launcher, no port options) its 170 classes, read from the jar because the
 * start-up archive's training run needs none of them, took 0.2 s of the 0.3 s an Asir master's
 * {@code ox_launch_nox} waited.
 *
 * <p>Anything else (reverse mode, {@code daemon}, {@code --help}, an unknown option, a malformed number) goes through
 * picocli as before. {@code EarlyListenTest} checks that both read every plain command line alike.
 */
final class EarlyListen {
    private EarlyListen() {
    }

    /** The command of a plain command line (form a or b), if it is one. */
    static Optional<ServerCommand> parse(String[] args) {
        ServerCommand c = new ServerCommand();
        LimitOptions l = c.common;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("-insecure")) {
                    c.insecure = true;
                    continue;
                }
                if (a.equals("--diagnostics")) {
                    l.diagnostics = true;
                    continue;
                }
                if (i + 1 >= args.length) {
                    return Optional.empty();
                }
                String v = args[++i];
                switch (a) {
                    case "-display" -> c.display = v;
                    case "-host" -> c.host = v;
                    case "-control" -> c.controlPort = port(v);
                    case "-data" -> c.dataPort = port(v);
                    case "-pass" -> c.pass = v;
                    case "-passControl" -> c.passControl = v;
                    case "-passData" -> c.passData = v;
                    case "-portfile" -> c.portfile = Path.of(v);
                    case "-unix" -> c.unix = Path.of(v);
                    case "--log-file" -> l.logFile = v;
                    case "--byte-order" -> l.byteOrder = Integer.parseInt(v);
                    case "--max-message-bytes" -> l.maxMessageBytes = Long.parseLong(v);
                    case "--max-depth" -> l.maxDepth = Integer.parseInt(v);
                    case "--max-stack-depth" -> l.maxStackDepth = Integer.parseInt(v);
                    case "--max-session-bytes" -> l.maxSessionBytes = Long.parseLong(v);
                    default -> {
                        return Optional.empty();
                    }
                }
            }
            // values the command would refuse after the readiness line are refused before it
            l.limits();
            l.byteOrderOffer();
        } catch (IllegalArgumentException e) {
            // a malformed number or path, or an out-of-range value: picocli's way reports it
            return Optional.empty();
        }
        return Optional.of(c);
    }

    /** The command of a plain command line, form b's sockets open, or empty (not plain, or the bind failed:
     *  picocli's way reports that with its logging). */
    static Optional<ServerCommand> open(String[] args) {
        Optional<ServerCommand> c = parse(args);
        if (c.isEmpty() || c.get().inherited()) {
            return c;
        }
        try {
            c.get().listenEarly();
            return c;
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Integer port(String v) {
        int p = Integer.parseInt(v);
        if (p < 0 || p > 65535) {
            throw new IllegalArgumentException("port " + v);
        }
        return p;
    }
}
