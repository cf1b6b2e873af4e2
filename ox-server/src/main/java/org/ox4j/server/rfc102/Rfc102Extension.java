package org.ox4j.server.rfc102;

import org.ox4j.server.ServerExtension;
import org.ox4j.server.ServerExtensions;
import org.ox4j.server.SessionInfo;

/**
 * Plugs RFC-102 into a server: the SM handlers 278-283, the {@code ox_*_102} functions, and one {@link PeerGroup}
 * per server (shared by its sessions, created with the first session from the process's serial counter and the
 * server's message limits), exposed as the session service {@code PeerGroup} and as the messaging layer's
 * {@link org.ox4j.server.comm.PeerTransport}.
 */
public final class Rfc102Extension implements ServerExtension {
    private final Rfc102Config config;
    private PeerGroup group;
    private PeerGroupTransport transport;

    /** Settings from the system properties ({@link Rfc102Config#fromSystemProperties()}). */
    public Rfc102Extension() {
        this(Rfc102Config.fromSystemProperties());
    }

    public Rfc102Extension(Rfc102Config config) {
        this.config = config;
    }

    @Override
    public void register(ServerExtensions ext) {
        Rfc102Commands.register(ext);
        Rfc102Functions.register(ext.functions());
        ext.sessionService(PeerGroup.class, this::group);
        ext.sessionService(org.ox4j.server.comm.PeerTransport.class, info -> {
            group(info);
            return transport;
        });
    }

    private synchronized PeerGroup group(SessionInfo info) {
        if (group == null) {
            Rfc102Config c = new Rfc102Config(config.bindAddress(), config.timeout(), config.connectAttempts(),
                    config.connectInterval(), config.preferredByte(), info.limits().cmoLimits());
            group = new PeerGroup(info.serials(), c);
            transport = new PeerGroupTransport(group);
        }
        return group;
    }
}
