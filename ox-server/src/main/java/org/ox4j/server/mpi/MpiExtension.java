package org.ox4j.server.mpi;

import org.ox4j.server.SessionInfo;
import org.ox4j.server.rfc102.Rfc102Extension;
import org.ox4j.server.sm.ServerExtension;
import org.ox4j.server.sm.ServerExtensions;

/**
 * Plugs the messaging layer's {@code mpi_*} functions into a server: one {@link MpiWorld} per server over the peer
 * group of the RFC-102 extension (so a group wired by {@code ox_set_rank_102} and friends carries both the
 * RFC-102 commands and the MPI functions), exposed as the session service {@code MpiWorld}.
 */
public final class MpiExtension implements ServerExtension {
    private MpiWorld world;

    @Override
    public void register(ServerExtensions ext) {
        MpiFunctions.register(ext.functions());
        ext.sessionService(MpiWorld.class, info -> world(ext, info));
    }

    private synchronized MpiWorld world(ServerExtensions ext, SessionInfo info) {
        if (world == null) {
            Rfc102Extension rfc102 = ext.extension(Rfc102Extension.class).orElseThrow(() ->
                    new IllegalStateException("the mpi_* functions need the RFC-102 extension on the class path"));
            world = new MpiWorld(rfc102.group(info));
        }
        return world;
    }
}
