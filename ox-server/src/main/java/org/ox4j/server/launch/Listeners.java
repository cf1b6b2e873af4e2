package org.ox4j.server.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The two listening sockets of launch form b in normal mode, bound, with the port files written and the readiness
 * line {@code OX4J READY control=C data=D} printed. It touches nothing but the JDK's sockets and files (no logging,
 * no algebra), so {@link org.ox4j.server.cli.Main} opens it first thing: the server is ready for its client's
 * connections, which wait in the sockets' backlog, while logging, the option parser and the function tables are
 * set up behind it.
 */
public final class Listeners implements AutoCloseable {
    private final OxLaunchOptions options;
    private final ServerSocketChannel control;
    private final ServerSocketChannel data;

    private Listeners(OxLaunchOptions options, ServerSocketChannel control, ServerSocketChannel data) {
        this.options = options;
        this.control = control;
        this.data = data;
    }

    /** Binds both sockets, writes {@code -portfile} files, prints the readiness line; normal mode only. */
    public static Listeners open(OxLaunchOptions opt) throws IOException {
        if (opt.reverse()) {
            throw new IllegalArgumentException("reverse mode connects instead of listening");
        }
        ServerSocketChannel c = listen(opt, "control", opt.controlPort());
        ServerSocketChannel d;
        try {
            d = listen(opt, "data", opt.dataPort());
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
        Listeners l = new Listeners(opt, c, d);
        if (opt.portfile() != null && opt.unix() == null) {
            PortFile.write(opt.portfile(), "control", port(c));
            PortFile.write(opt.portfile(), "data", port(d));
        }
        System.out.println("OX4J READY control=" + l.endpoint("control") + " data=" + l.endpoint("data"));
        System.out.flush();
        return l;
    }

    public OxLaunchOptions options() {
        return options;
    }

    ServerSocketChannel control() {
        return control;
    }

    ServerSocketChannel data() {
        return data;
    }

    /** The control or data endpoint as the readiness line names it: a TCP port, or the AF_UNIX path. */
    public String endpoint(String what) {
        try {
            return options.unix() != null ? unixPath(options, what).toString()
                    : Integer.toString(port(what.equals("control") ? control : data));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ServerSocketChannel listen(OxLaunchOptions opt, String what, int port) throws IOException {
        if (opt.unix() != null) {
            Path p = unixPath(opt, what);
            Files.deleteIfExists(p);
            ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            s.bind(UnixDomainSocketAddress.of(p), 1);
            return s;
        }
        ServerSocketChannel s = ServerSocketChannel.open();
        s.bind(new InetSocketAddress(opt.host(), port), 1);
        return s;
    }

    static Path unixPath(OxLaunchOptions opt, String what) {
        return opt.unix().resolveSibling(opt.unix().getFileName() + "." + what);
    }

    private static int port(ServerSocketChannel s) throws IOException {
        return ((InetSocketAddress) s.getLocalAddress()).getPort();
    }

    /** Closes both sockets and removes AF_UNIX socket files. */
    @Override
    public void close() throws IOException {
        try {
            control.close();
            data.close();
        } finally {
            if (options.unix() != null) {
                Files.deleteIfExists(unixPath(options, "control"));
                Files.deleteIfExists(unixPath(options, "data"));
            }
        }
    }
}
