package org.ox4j.server.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.ox4j.server.launch.Listeners;
import org.ox4j.server.launch.OxLaunchOptions;

/**
 * The readiness path of launch form b, before anything else runs: a small reader of the {@code ox} options that
 * decide where the server listens, and {@link Listeners#open}. A master waiting for {@code OX4J READY} (or for the
 * port file) can connect while the option parser, logging and the function tables are still being set up; its
 * connection waits in the backlog and is answered when they are.
 *
 * <p>It takes only a command line made of the options it knows, each well formed; anything else (reverse mode,
 * {@code daemon}, {@code --help}, an unknown option, a malformed number) goes the ordinary way through
 * {@link ServerCommand}, which parses every command line and checks that it agrees with this reading.
 */
final class EarlyListen {
    private static final Set<String> LISTEN_OPTIONS = Set.of("-host", "-control", "-data", "-pass", "-passControl",
            "-passData", "-portfile", "-unix");
    /** Options with a value that do not change where the server listens (checked by ServerCommand later). */
    private static final Set<String> OTHER_VALUED = Set.of("--log-file", "--byte-order", "--max-message-bytes",
            "--max-depth", "--max-stack-depth", "--max-session-bytes");

    private EarlyListen() {
    }

    /** The listening options of a plain form-b command line, if it is one. */
    static Optional<OxLaunchOptions> parse(String[] args) {
        String host = "127.0.0.1";
        Integer control = null;
        Integer data = null;
        String pass = null;
        String passControl = null;
        String passData = null;
        boolean insecure = false;
        Path portfile = null;
        Path unix = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-insecure")) {
                insecure = true;
                continue;
            }
            if (a.equals("--diagnostics")) {
                continue;
            }
            boolean listen = LISTEN_OPTIONS.contains(a);
            if (!listen && !OTHER_VALUED.contains(a) || i + 1 >= args.length) {
                return Optional.empty();
            }
            String v = args[++i];
            if (!listen) {
                continue;
            }
            switch (a) {
                case "-host" -> host = v;
                case "-control" -> control = port(v);
                case "-data" -> data = port(v);
                case "-pass" -> pass = v;
                case "-passControl" -> passControl = v;
                case "-passData" -> passData = v;
                case "-portfile" -> portfile = Path.of(v);
                default -> unix = Path.of(v);
            }
            if ((a.equals("-control") && control == null) || (a.equals("-data") && data == null)) {
                return Optional.empty();
            }
        }
        if (control == null && data == null && unix == null) {
            return Optional.empty();
        }
        return Optional.of(new OxLaunchOptions(host, control == null ? ServerCommand.DEFAULT_CONTROL_PORT : control,
                data == null ? ServerCommand.DEFAULT_DATA_PORT : data, passControl != null ? passControl : pass,
                passData != null ? passData : pass, false, insecure, portfile, unix));
    }

    /** Listening sockets for a plain form-b command line, or empty (not one, or the bind failed: the ordinary way
     *  reports that with its logging). */
    static Optional<Listeners> open(String[] args) {
        Optional<OxLaunchOptions> opt = parse(args);
        if (opt.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Listeners.open(opt.get()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Integer port(String v) {
        try {
            int p = Integer.parseInt(v);
            return p >= 0 && p < 65536 ? p : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
