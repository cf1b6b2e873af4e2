package org.ox4j.server.rfc102;

import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoNull;
import org.ox4j.mpi.topo.Topologies;
import org.ox4j.mpi.topo.Tree;

/**
 * Binomial-tree reduction as ox_asir performs it (openxm-wire.md §8.4): in round k a member whose relative rank
 * has bit 2^k set sends its accumulator to relative rank r − 2^k and stops; the others receive from r + 2^k (when
 * it exists) and combine {@code accumulator = accumulator ∘ received}. The root ends with
 * d(root) ∘ d(root+1) ∘ … ∘ d(root+p−1), so non-commutative operators (list append, matrix product) see the
 * members in relative-rank order.
 *
 * <p>Cost: ⌈log₂ p⌉(α + nβ + nγ) on the critical path. Failure: a member that cannot get its child's value
 * (closed link, timeout or failure notice) sends a failure notice to its own parent instead of a value, so the
 * root reports the failed rank without waiting for its timeout.
 */
final class Rfc102Reduce {
    private Rfc102Reduce() {
    }

    /** Runs the reduction; returns the result at the root and 0 (CMO_NULL) elsewhere. */
    static Cmo run(LinkPort port, int root, AsirOperator op, Cmo data) {
        Tree tree = Topologies.binomial(port.size(), root, port.rank());
        Cmo acc = data;
        for (int child : tree.receiveOrder()) {
            Cmo received;
            try {
                received = port.receive(child);
            } catch (PeerFailureException e) {
                passOn(port, tree, e);
                throw e;
            }
            var notice = FailureNotice.read(received);
            if (notice.isPresent()) {
                passOn(port, tree, notice.get());
                throw notice.get();
            }
            try {
                acc = op.apply(acc, received);
            } catch (RuntimeException e) {
                passOn(port, tree, new PeerFailureException(port.rank(), "reduce operation: " + e.getMessage()));
                throw e;
            }
        }
        if (tree.isRoot()) {
            return acc;
        }
        port.send(tree.parent(), acc);
        return CmoNull.INSTANCE;
    }

    /** Sends the failure to the member this one would have sent its accumulator to. */
    private static void passOn(LinkPort port, Tree tree, PeerFailureException e) {
        if (!tree.isRoot()) {
            FailureNotice.tell(port, java.util.List.of(tree.parent()), e);
        }
    }
}
