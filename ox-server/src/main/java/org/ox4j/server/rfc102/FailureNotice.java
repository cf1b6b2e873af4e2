package org.ox4j.server.rfc102;

import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;

/**
 * How a member that saw a peer fail tells the members still waiting for it inside the same collective: it sends
 * them, in place of the data, a {@code CMO_ERROR2} whose message is the failure ({@code "rfc102: rank N failed:
 * …"}). A receiver that gets such an object in a collective fails with the same rank instead of waiting for its
 * timeout. (An ox_asir member would take it as data; it only happens when the collective failed anyway.)
 */
final class FailureNotice {
    private FailureNotice() {
    }

    static Cmo of(PeerFailureException e) {
        return CmoError2.of(0, e.getMessage());
    }

    /** The failure a received object announces, if it is a notice. */
    static Optional<PeerFailureException> read(Cmo received) {
        if (received instanceof CmoError2 err) {
            Optional<String> msg = err.message();
            Optional<Integer> rank = msg.flatMap(PeerFailureException::parseFailedRank);
            if (rank.isPresent()) {
                String text = msg.get();
                String detail = text.substring(text.indexOf("failed") + "failed".length()).replaceFirst("^: ", "");
                return Optional.of(new PeerFailureException(rank.get(), detail + " (reported by a peer)"));
            }
        }
        return Optional.empty();
    }

    /** Sends the notice to each member, ignoring members that are gone too. */
    static void tell(LinkPort port, Iterable<Integer> members, PeerFailureException e) {
        Cmo notice = of(e);
        for (int m : members) {
            try {
                port.send(m, notice);
            } catch (RuntimeException ignored) {
                // that member is unreachable as well; it is not waiting for us then
            }
        }
    }
}
