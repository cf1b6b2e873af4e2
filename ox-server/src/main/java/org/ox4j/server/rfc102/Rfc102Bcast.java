package org.ox4j.server.rfc102;

import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Tree;

/**
 * Binomial-tree broadcast as ox_asir performs it (openxm-wire.md §8.4): a non-root member receives once from its
 * parent, then sends to its children, largest subtree first.
 *
 * <p>Cost (α latency, β per byte, n bytes, p members): ⌈log₂ p⌉(α + nβ) on the critical path; the root sends
 * ⌈log₂ p⌉ times. Any root, any p. Failure: a member whose parent fails (closed link, timeout, or a failure
 * notice) passes the failure to its children before reporting it, so no descendant waits for its timeout; a
 * member that cannot reach a child reports the failure after serving its other children.
 */
final class Rfc102Bcast {
    private Rfc102Bcast() {
    }

    /** Runs the broadcast; {@code data} is used at the root only. Returns the root's object. */
    static Cmo run(LinkPort port, int root, Cmo data) {
        Tree tree = Topologies.binomial(port.size(), root, port.rank());
        int parent = tree.parent();
        List<Integer> children = tree.children();
        Cmo value = data;
        if (parent >= 0) {
            try {
                value = port.receive(parent);
            } catch (PeerFailureException e) {
                FailureNotice.tell(port, children, e);
                throw e;
            }
            var notice = FailureNotice.read(value);
            if (notice.isPresent()) {
                FailureNotice.tell(port, children, notice.get());
                throw notice.get();
            }
        }
        PeerFailureException firstFailure = null;
        for (int child : children) {
            try {
                port.send(child, value);
            } catch (PeerFailureException e) {
                if (firstFailure == null) {
                    firstFailure = e;
                }
            }
        }
        if (firstFailure != null) {
            throw firstFailure;
        }
        return value;
    }
}
