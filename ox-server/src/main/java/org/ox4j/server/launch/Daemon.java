package org.ox4j.server.launch;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.blocking.OxFrame;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.server.control.ControlChannel;
import org.ox4j.server.control.SessionControl;
import org.ox4j.server.session.ServerRuntime;
import org.ox4j.server.session.Session;

/**
 * Launch form c: a long-running server for many masters, each with its own isolated session (protocol in
 * {@code specs/src/main/markdown/daemon.md}). Every connection first sends the daemon's password and a 0 byte, then
 * does the byte-order handshake (server writes first), then one OX_DATA opening message that says whether the
 * connection is a new session's data channel or the control channel of an existing session.
 */
public final class Daemon {
    private static final Logger LOG = LogManager.getLogger();
    /** Opening message of a data connection. */
    public static final String OPEN_SESSION = "ox4j-session";
    /** Opening message of a control connection. */
    public static final String OPEN_CONTROL = "ox4j-control";
    private static final CmoLimits OPENING_LIMITS = CmoLimits.builder().maxDepth(4).maxElements(16)
            .maxStringBytes(256).maxBignumWords(4).maxMessageBytes(1024).build();
    private static final long AUTH_TIMEOUT_SECONDS = 10;

    private record Entry(Session session, byte[] key) {
    }

    private final ServerRuntime rt;
    private final String host;
    private final int port;
    private final String password;
    private final int maxSessions;
    private final Map<Long, Entry> sessions = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ox4j-daemon-timer");
        t.setDaemon(true);
        return t;
    });

    public Daemon(ServerRuntime rt, String host, int port, String password, int maxSessions) {
        this.rt = rt;
        this.host = host;
        this.port = port;
        this.password = password;
        this.maxSessions = maxSessions;
    }

    /** Accepts connections forever (until the process is stopped). */
    public int run() throws IOException {
        try (ServerSocketChannel l = ServerSocketChannel.open()) {
            l.bind(new InetSocketAddress(host, port), 64);
            int actual = ((InetSocketAddress) l.getLocalAddress()).getPort();
            System.out.println("OX4J READY daemon=" + actual);
            System.out.flush();
            LOG.info("daemon listening on {}:{}", host, actual);
            while (true) {
                SocketChannel ch = l.accept();
                Thread t = new Thread(() -> handle(ch), "ox4j-daemon-conn");
                t.setDaemon(true);
                t.start();
            }
        }
    }

    private void handle(SocketChannel ch) {
        Connections.Wire w;
        try {
            w = Connections.Wire.of(ch);
        } catch (IOException e) {
            LOG.warn("daemon: cannot set up connection: {}", e.toString());
            return;
        }
        // a peer that never completes the opening is cut off, so it cannot hold a thread forever
        ScheduledFuture<?> timeout = timers.schedule(() -> {
            LOG.warn("daemon: {} did not complete the opening in {} s, closing", w.peer(), AUTH_TIMEOUT_SECONDS);
            w.closeQuietly();
        }, AUTH_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        try {
            if (!w.verify(password, "daemon")) {
                w.closeQuietly();
                return;
            }
            Connections.serverHandshake((byte) rt.byteOrderOffer(), w);
            OxFrame opening = new OxMessageReader(w.in(), OPENING_LIMITS).read(false);
            timeout.cancel(false);
            if (!(opening.message() instanceof OxData d) || !(d.cmo() instanceof CmoList l) || l.size() < 1
                    || !(l.get(0) instanceof CmoString kind)) {
                LOG.warn("daemon: {} sent no valid opening message, closing", w.peer());
                w.closeQuietly();
                return;
            }
            if (OPEN_SESSION.equals(kind.value())) {
                openSession(w);
            } else if (OPEN_CONTROL.equals(kind.value())) {
                openControl(w, l);
            } else {
                LOG.warn("daemon: unknown opening '{}', closing", kind.value());
                w.closeQuietly();
            }
        } catch (RuntimeException e) {
            timeout.cancel(false);
            LOG.warn("daemon: connection from {} failed: {}", w.peer(), e.toString());
            w.closeQuietly();
        }
    }

    private void openSession(Connections.Wire w) {
        if (sessions.size() >= maxSessions) {
            LOG.warn("daemon: session limit {} reached, refusing {}", maxSessions, w.peer());
            w.closeQuietly();
            return;
        }
        Session s = new Session(rt, new OxMessageReader(w.in(), rt.limits().cmoLimits()).keepingEncoded(), w.out(), w.channel());
        byte[] key = new byte[16];
        random.nextBytes(key);
        sessions.put(s.id(), new Entry(s, key));
        s.closed().whenComplete((reason, e) -> sessions.remove(s.id()));
        w.out().send(new OxData(rt.serials().next(), CmoList.of(CmoString.of(OPEN_SESSION),
                new CmoInt32((int) s.id()), CmoString.of(HexFormat.of().formatHex(key)))));
        s.start();
        LOG.info("daemon: session {} opened for {} ({} active)", s.id(), w.peer(), sessions.size());
    }

    private void openControl(Connections.Wire w, CmoList opening) {
        Entry e = null;
        if (opening.size() == 3 && opening.get(1) instanceof CmoInt32 id && opening.get(2) instanceof CmoString k) {
            Entry candidate = sessions.get(Integer.toUnsignedLong(id.value()));
            if (candidate != null && MessageDigest.isEqual(
                    HexFormat.of().formatHex(candidate.key()).getBytes(StandardCharsets.US_ASCII), k.unsafeBytes())) {
                e = candidate;
            }
        }
        if (e == null) {
            LOG.warn("daemon: control connection for an unknown session or with a wrong key, closing");
            w.closeQuietly();
            return;
        }
        Session s = e.session();
        s.closed().whenComplete((reason, x) -> w.closeQuietly());
        LOG.info("daemon: control attached to session {}", s.id());
        ControlChannel.serve(new OxMessageReader(w.in(), Connections.CONTROL_LIMITS), new SessionControl(s));
    }

}
