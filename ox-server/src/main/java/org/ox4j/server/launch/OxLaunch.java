package org.ox4j.server.launch;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.protocol.blocking.BlockingHandshake;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.server.control.ControlChannel;
import org.ox4j.server.control.SessionControl;
import org.ox4j.server.session.ServerRuntime;
import org.ox4j.server.session.Session;

/**
 * Launch form b: OpenXM's {@code ox} launcher with the control process inside this JVM (spec §2.3). Normal mode
 * binds both ports first ({@link Listeners}: so {@code -portfile} and the readiness line
 * {@code OX4J READY control=C data=D} can be written before any client connects), then accepts control first and
 * data second, only from loopback unless
 * {@code -insecure}, verifying the passwords. Reverse mode connects to the client and sends the passwords. The
 * process exits when the engine ends.
 */
public final class OxLaunch {
    private static final Logger LOG = LogManager.getLogger();

    private final ServerRuntime rt;
    private final OxLaunchOptions opt;

    public OxLaunch(ServerRuntime rt, OxLaunchOptions opt) {
        this.rt = rt;
        this.opt = opt;
    }

    /** Runs until the engine ends; returns the exit status. */
    public int run() throws IOException {
        if (opt.reverse()) {
            Connections.Wire control = connect(opt.controlPort(), opt.passControl());
            OxMessageReader controlReader = Connections.control(control);
            Connections.Wire data = connect(opt.dataPort(), opt.passData());
            return serve(control, controlReader, data);
        }
        return run(Listeners.open(opt));
    }

    /** Normal mode on sockets already listening (opened by {@link Listeners#open}); closes them at the end. */
    public int run(Listeners listening) throws IOException {
        try (Listeners l = listening) {
            LOG.info("listening: control={} data={}", l.endpoint("control"), l.endpoint("data"));
            Connections.Wire control = accept(l.control(), "control");
            if (control == null || !control.verify(opt.passControl(), "control")) {
                return 1;
            }
            OxMessageReader controlReader = Connections.control(control);
            Connections.Wire data = accept(l.data(), "data");
            if (data == null || !data.verify(opt.passData(), "data")) {
                control.closeQuietly();
                return 1;
            }
            return serve(control, controlReader, data);
        }
    }

    private int serve(Connections.Wire control, OxMessageReader controlReader, Connections.Wire data) {
        Session session = Connections.dataSession(rt, data).start();
        Thread t = new Thread(() -> ControlChannel.serve(controlReader, new SessionControl(session)),
                "ox4j-control");
        t.setDaemon(true);
        t.start();
        String reason = session.closed().join();
        control.closeQuietly();
        LOG.info("exiting: {}", reason);
        return 0;
    }

    private Connections.Wire connect(int port, String password) throws IOException {
        SocketChannel ch = SocketChannel.open(new InetSocketAddress(opt.host(), port));
        Connections.Wire w = Connections.Wire.of(ch);
        if (password != null) {
            BlockingHandshake.sendPassword(password, w.out());
        }
        return w;
    }

    private Connections.Wire accept(ServerSocketChannel l, String what) throws IOException {
        while (true) {
            SocketChannel ch = l.accept();
            if (opt.insecure() || Connections.isLoopback(ch)) {
                LOG.info("{} connection accepted", what);
                return Connections.Wire.of(ch);
            }
            LOG.warn("{}: refusing connection from {} (not loopback; use -insecure)", what, ch.getRemoteAddress());
            ch.close();
        }
    }
}
