package org.ox4j.mpi.comm;

import java.io.IOException;

/**
 * The cause a transport gives to {@link PeerTransport.Listener#onLinkFailure} when this process closed the link
 * itself (shutdown, a link replaced by a new one, a reset dropping a link). Operations pending on that peer
 * still fail, but the peer is not known to have failed, so the failure is neither reported to the other ranks
 * nor extended to the group's collectives.
 */
public class LinkClosedLocallyException extends IOException {
    public LinkClosedLocallyException(String message) {
        super(message);
    }
}
