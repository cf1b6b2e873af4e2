package org.ox4j.server.launch;

import java.io.IOException;
import java.nio.channels.Channel;
import java.nio.channels.SocketChannel;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.server.control.ResetSignal;
import org.ox4j.server.session.ServerRuntime;
import org.ox4j.server.session.Session;

/**
 * Launch form a: started by an Asir master's launcher (spec §2.2, Appendix C). The data socket (TCP or AF_UNIX)
 * was inherited on fd 3/4; {@code bin/ox-server} moves it to fd 0, where {@link System#inheritedChannel()} finds
 * it. The reset arrives as SIGUSR1, shutdown as SIGKILL; the session ending (EOF, SM_shutdown) ends the process.
 */
public final class InheritedLaunch {
    private static final Logger LOG = LogManager.getLogger();

    private InheritedLaunch() {
    }

    /** Serves the inherited connection; returns the process exit status. */
    public static int run(ServerRuntime rt) throws IOException {
        Channel inherited = System.inheritedChannel();
        if (!(inherited instanceof SocketChannel channel)) {
            LOG.error("no inherited socket on fd 0 (got {}); bin/ox-server passes fd 3 as fd 0 when started by a "
                    + "launcher", inherited == null ? "nothing" : inherited.getClass().getName());
            System.err.println("ox-server: no inherited data socket; use -data/-control, -unix or 'daemon' "
                    + "(see --help)");
            return 2;
        }
        Connections.Wire w = Connections.Wire.of(channel);
        LOG.info("launched with an inherited data socket ({})", w.peer());
        Session session = Connections.dataSession(rt, w);
        if (!ResetSignal.install(session::reset)) {
            LOG.warn("reset by SIGUSR1 is unavailable");
        }
        session.start();
        String reason = session.closed().join();
        LOG.info("exiting: {}", reason);
        return 0;
    }
}
