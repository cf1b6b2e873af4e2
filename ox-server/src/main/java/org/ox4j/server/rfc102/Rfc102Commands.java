package org.ox4j.server.rfc102;

import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.protocol.SmCommand;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.sm.AsirValues;
import org.ox4j.server.sm.ServerExtensions;
import org.ox4j.server.sm.SmContext;

/**
 * The stack-machine side of RFC-102 (SM codes 278-283), executed as ox_asir executes them (openxm-wire.md §8.3):
 * every argument is popped from the operand stack, numbers are ZZ with 0 as CMO_NULL. On success nothing is pushed
 * (bcast: the data; reduce: the result at the root, 0 elsewhere). Where ox_asir pushes an uninitialised value or
 * faults, ox4j pushes a proper {@code CMO_ERROR2} with ox_asir's intended message (see rfc102.md).
 */
public final class Rfc102Commands {
    /**
     * Pushed on top of the stack right before {@code SM_reset_102}, selects the two-direction drain
     * ({@link ResetMode#BOTH_DIRECTIONS}); a master sends it only when every member is an ox4j server.
     */
    public static final String RESET_BOTH_MARK = "ox4j-reset_102-both";

    private Rfc102Commands() {
    }

    /** Registers the six handlers (listed in the mathcap, as ox_asir lists them). */
    public static void register(ServerExtensions ext) {
        ext.handler(SmCommand.SET_RANK_102, Rfc102Commands::setRank);
        ext.handler(SmCommand.TCP_ACCEPT_102, Rfc102Commands::tcpAccept);
        ext.handler(SmCommand.TCP_CONNECT_102, Rfc102Commands::tcpConnect);
        ext.handler(SmCommand.RESET_102, Rfc102Commands::reset);
        ext.handler(SmCommand.BCAST_102, Rfc102Commands::bcast);
        ext.handler(SmCommand.REDUCE_102, Rfc102Commands::reduce);
    }

    static PeerGroup group(SmContext c) {
        return c.eval().service(PeerGroup.class)
                .orElseThrow(() -> new EvaluationException("rfc102: this server has no peer group"));
    }

    /** 278: {@code … nserver rank} → {@code …}. */
    static void setRank(SmContext c) {
        Cmo rank = c.pop();
        Cmo nserver = c.pop();
        String cmd = "ox_set_rank_102";
        int r;
        int n;
        try {
            r = Rfc102Args.integer(rank, "rank", cmd);
            n = Rfc102Args.integer(nserver, "nserver", cmd);
        } catch (EvaluationException e) {
            throw new EvaluationException("Invalid argument(s) in ox_set_rank_102: " + e.getMessage());
        }
        group(c).setRank(n, r);
    }

    /** 279: {@code … port peer_rank} → {@code …}; blocks until the peer connects. */
    static void tcpAccept(SmContext c) {
        Cmo peer = c.pop();
        Cmo port = c.pop();
        String cmd = "ox_tcp_accept_102";
        int p = Rfc102Args.integer(peer, "peer rank", cmd);
        group(c).tcpAccept(Rfc102Args.port(port, cmd), p, c.interruption());
    }

    /** 280: {@code … host port peer_rank} → {@code …}. */
    static void tcpConnect(SmContext c) {
        Cmo peer = c.pop();
        Cmo port = c.pop();
        Cmo host = c.pop();
        String cmd = "ox_tcp_connect_102";
        int p = Rfc102Args.integer(peer, "peer rank", cmd);
        LinkAddress address = Rfc102Args.port(port, cmd);
        group(c).tcpConnect(Rfc102Args.host(host, address, cmd), address, p, c.interruption());
    }

    /** 281: drains the links; {@link #RESET_BOTH_MARK} on top selects the two-direction drain. */
    static void reset(SmContext c) {
        ResetMode mode = ResetMode.ASIR;
        if (c.stack().peek().filter(t -> t instanceof CmoString s && RESET_BOTH_MARK.equals(s.value())).isPresent()) {
            c.pop();
            mode = ResetMode.BOTH_DIRECTIONS;
        }
        group(c).reset(mode, c.interruption());
    }

    /** 282: root {@code … data root}, others {@code … root} → {@code … data}. */
    static void bcast(SmContext c) {
        PeerGroup g = group(c);
        int root = Rfc102Args.integer(c.pop(), "root", "ox_bcast_102");
        Cmo data = root == g.rank() ? c.pop() : CmoNull.INSTANCE;
        c.push(AsirValues.fromWire(g.bcast(root, data, c.interruption())));
    }

    /** 283: {@code … data root op} → result at the root, 0 elsewhere. */
    static void reduce(SmContext c) {
        PeerGroup g = group(c);
        Cmo opArg = c.pop();
        Cmo rootArg = c.pop();
        int root = Rfc102Args.integer(rootArg, "root", "ox_reduce_102");
        String opName = opArg instanceof CmoString s ? s.value() : null;
        AsirOperator op = opName == null ? null : AsirOperators.resolve(opName, c.eval()).orElse(null);
        if (op == null) {
            // ox_asir leaves data on the stack here; so does ox4j, with a real error above it. No peer is told:
            // every member resolves the same name the same way and fails before touching a link, so a notice
            // would only leave a stale message behind (in the direction ox_asir's reset_102 does not drain).
            throw new EvaluationException("Invalid opration in ox_reduce_102: "
                    + (opName == null ? opArg.type() : opName));
        }
        Cmo data = c.pop();
        c.push(AsirValues.fromWire(g.reduce(root, op, data, c.interruption())));
    }
}
