package org.ox4j.server.rfc102;

import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.server.SessionInfo;
import org.ox4j.server.sm.ServerExtension;
import org.ox4j.server.sm.ServerExtensions;

/**
 * Plugs RFC-102 into a server: the SM handlers 278-283, the {@code ox_*_102} functions, and one {@link PeerGroup}
 * per server (shared by its sessions, created with the first session from the process's serial counter and the
 * server's message limits), exposed as the session service {@code PeerGroup} and as the messaging layer's
 * {@link org.ox4j.mpi.comm.PeerTransport} (the {@code mpi_*} functions, {@code org.ox4j.server.mpi.MpiExtension},
 * run over the same group).
 *
 * <p>Links read with the server's message limits plus {@value #LINK_HEADROOM} bytes of headroom, so an array as
 * large as the largest message a master may send (an 8 Mi-element {@code long[]} is exactly 64 MiB) still fits
 * in one messaging envelope (its datum header, envelope fields and OX header).
 */
public final class Rfc102Extension implements ServerExtension {
    private final Rfc102Config config;
    private PeerGroup group;
    private PeerGroupTransport transport;

    /** Bytes added to the link limits for envelope framing around a maximal array payload. */
    public static final int LINK_HEADROOM = 64 * 1024;

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
        ext.sessionService(org.ox4j.mpi.comm.PeerTransport.class, info -> {
            group(info);
            return transport;
        });
    }

    /** This server's peer group, created with the first session that asks for it. */
    public synchronized PeerGroup group(SessionInfo info) {
        if (group == null) {
            Rfc102Config c = config.withLimits(linkLimits(info.limits().cmoLimits()));
            group = new PeerGroup(info.serials(), c);
            transport = new PeerGroupTransport(group);
        }
        return group;
    }

    /** {@code l} with {@link #LINK_HEADROOM} more bytes for strings/data and whole messages. */
    static CmoLimits linkLimits(CmoLimits l) {
        int string = (int) Math.min(Integer.MAX_VALUE - 8L, (long) l.maxStringBytes() + LINK_HEADROOM);
        return l.toBuilder().maxStringBytes(string).maxMessageBytes(l.maxMessageBytes() + LINK_HEADROOM).build();
    }
}
