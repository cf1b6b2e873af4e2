package org.ox4j.server.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.LogManager;
import org.ox4j.server.launch.InheritedLaunch;
import org.ox4j.server.launch.Listeners;
import org.ox4j.server.launch.OxLaunch;
import org.ox4j.server.launch.OxLaunchOptions;
import org.ox4j.server.session.ServerRuntime;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@code ox-server}: without launcher options it serves the data socket inherited from an Asir launcher (form a);
 * with {@code -data}/{@code -control} (or {@code -unix}) it behaves like OpenXM's {@code ox} (form b);
 * {@code ox-server daemon} runs the multi-master daemon (form c).
 */
@Command(name = "ox-server", mixinStandardHelpOptions = true, version = "ox4j 0.1",
        subcommands = DaemonCommand.class,
        description = {"An OpenXM server (stack machine compatible with ox_asir).",
            "Form a (no options, or only -display X): serve the data socket inherited on fd 3/4 from an Asir "
                    + "launcher; SIGUSR1 resets.",
            "Form b (-data/-control or -unix): OpenXM 'ox' launcher options; prints 'OX4J READY control=C data=D'.",
            "Form c ('daemon'): many masters, each with its own session."})
public final class ServerCommand implements Callable<Integer> {
    /** {@code ox}'s default ports. */
    static final int DEFAULT_CONTROL_PORT = 1200;
    static final int DEFAULT_DATA_PORT = 1300;

    /** Sockets opened before set-up ({@link #listenEarly}), if they were. */
    private Optional<Listeners> early = Optional.empty();

    @Option(names = "-display", description = "X display (accepted and ignored)")
    String display;

    @Option(names = "-host", description = "normal mode: address to bind (default ${DEFAULT-VALUE}); "
            + "-reverse: host to connect to")
    String host = "127.0.0.1";

    @Option(names = "-data", description = "data port (0 = let the OS choose)")
    Integer dataPort;

    @Option(names = "-control", description = "control port (0 = let the OS choose)")
    Integer controlPort;

    @Option(names = "-pass", description = "one-time password for both channels")
    String pass;

    @Option(names = "-passControl", description = "password for the control channel")
    String passControl;

    @Option(names = "-passData", description = "password for the data channel")
    String passData;

    @Option(names = "-reverse", description = "connect to the client instead of listening")
    boolean reverse;

    @Option(names = "-insecure", description = "accept connections from any address (default: loopback only)")
    boolean insecure;

    @Option(names = "-portfile", description = "write the chosen ports as %%05d to FILE.control and FILE.data")
    Path portfile;

    @Option(names = "-unix", description = "listen on AF_UNIX sockets PATH.control and PATH.data")
    Path unix;

    @Mixin
    LimitOptions common = new LimitOptions();

    @Unmatched
    List<String> unmatched;

    @Override
    public Integer call() throws Exception {
        bindLinksWhereReached();
        ServerRuntime rt = ServerRuntime.standard(common.limits(), common.byteOrderOffer(), common.diagnostics);
        if (unmatched != null && !unmatched.isEmpty()) {
            LogManager.getLogger().info("ignoring arguments {}", unmatched);
        }
        if (inherited()) {
            return InheritedLaunch.run(rt);
        }
        OxLaunchOptions opt = launchOptions();
        return early.isPresent() ? new OxLaunch(rt, opt).run(early.get()) : new OxLaunch(rt, opt).run();
    }

    /** Form a: no ports to listen on or connect to, the data socket is inherited from the launcher. */
    boolean inherited() {
        return dataPort == null && controlPort == null && unix == null && !reverse;
    }

    /** Opens form b's sockets and prints the readiness line now, before logging and the runtime are set up. */
    void listenEarly() throws java.io.IOException {
        early = Optional.of(Listeners.open(launchOptions()));
    }

    /** The sockets {@link #listenEarly} opened, if it did. */
    Optional<Listeners> listening() {
        return early;
    }

    /** Form b's options as parsed (the ports default to {@code ox}'s 1200 and 1300). */
    OxLaunchOptions launchOptions() {
        String pc = passControl != null ? passControl : pass;
        String pd = passData != null ? passData : pass;
        return new OxLaunchOptions(host, controlPort == null ? DEFAULT_CONTROL_PORT : controlPort,
                dataPort == null ? DEFAULT_DATA_PORT : dataPort, pc, pd, reverse, insecure, portfile, unix);
    }

    /**
     * A server started with {@code -host ADDR} (not loopback) is reached by its master at ADDR, so its peers on other
     * hosts must reach its RFC-102 links there too: unless {@code ox.rfc102.bind} is set, the links listen on ADDR
     * (set before the extensions read their settings).
     */
    private void bindLinksWhereReached() {
        if (reverse || unix != null || System.getProperty("ox.rfc102.bind") != null) {
            return;
        }
        try {
            if (!java.net.InetAddress.getByName(host).isLoopbackAddress()) {
                System.setProperty("ox.rfc102.bind", host);
            }
        } catch (java.net.UnknownHostException e) {
            LogManager.getLogger().warn("-host {}: {}; RFC-102 links keep their default bind address", host,
                    e.getMessage());
        }
    }
}
