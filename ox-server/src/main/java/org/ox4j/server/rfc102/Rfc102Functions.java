package org.ox4j.server.rfc102;

import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIntegers;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.FunctionRegistry;
import org.ox4j.server.function.FunctionSpec;
import org.ox4j.server.sm.AsirValues;

/**
 * The server-side RFC-102 functions, with Asir's names and behaviour (openxm-wire.md §8.4), callable by
 * {@code SM_executeFunction} and from the local language: {@code ox_send_102}, {@code ox_recv_102},
 * {@code ox_bcast_102}, {@code ox_reduce_102}, {@code ox_get_rank_102}; plus ox4j's {@code ox_reduce_ops_102()}
 * (the operator names {@code ox_reduce_102} accepts) and {@code ox_reset_102([Mode])}.
 *
 * <p>Difference: ox_asir's {@code ox_bcast_102(Root)} at the root and {@code ox_reduce_102(Root, Op)} take the data
 * from the operand stack; a function here has no stack, so the data argument is required there.
 */
public final class Rfc102Functions {
    private Rfc102Functions() {
    }

    /** Adds the functions to {@code registry}. */
    public static void register(FunctionRegistry registry) {
        registry.register(new FunctionSpec("ox_send_102", 2, 2,
                "ox_send_102(Rank, Obj): sends Obj to member Rank over the RFC-102 link; returns 0",
                (a, c) -> {
                    group(c).send(Rfc102Args.integer(a.get(0), "rank", "ox_send_102"), a.get(1), c.interruption());
                    return CmoNull.INSTANCE;
                }));
        registry.register(new FunctionSpec("ox_recv_102", 1, 1,
                "ox_recv_102(Rank): the next object member Rank sent (a command as its code, a sync ball as 0)",
                (a, c) -> AsirValues.fromWire(group(c).receive(
                        Rfc102Args.integer(a.get(0), "rank", "ox_recv_102"), c.interruption()))));
        registry.register(new FunctionSpec("ox_bcast_102", 1, 2,
                "ox_bcast_102(Root[, Obj]): binomial broadcast of the root's Obj; returns it at every member",
                Rfc102Functions::bcast));
        registry.register(new FunctionSpec("ox_reduce_102", 2, 3,
                "ox_reduce_102(Root, Op[, Obj]): binomial reduction with Op (see ox_reduce_ops_102()); the result"
                        + " at Root, 0 elsewhere",
                Rfc102Functions::reduce));
        registry.register(new FunctionSpec("ox_get_rank_102", 0, 0,
                "ox_get_rank_102(): [nserver, rank] of this member",
                (a, c) -> {
                    PeerGroup g = group(c);
                    return CmoList.of(CmoIntegers.of(g.size()), CmoIntegers.of(g.rank()));
                }));
        registry.register(new FunctionSpec("ox_reduce_ops_102", 0, 0,
                "ox_reduce_ops_102(): the operator names ox_reduce_102 accepts (+, *, gcd, lcm, min, max, append,"
                        + " and every two-argument library function)",
                (a, c) -> new CmoList(AsirOperators.names(c).stream().map(n -> (Cmo) CmoString.of(n)).toList())));
        registry.register(new FunctionSpec("ox_reset_102", 0, 1,
                "ox_reset_102([\"both\"]): SM_reset_102's link drain; \"both\" drains both directions (every"
                        + " member must use it)",
                (a, c) -> {
                    ResetMode mode = ResetMode.ASIR;
                    if (!a.isEmpty()) {
                        String m = Rfc102Args.string(a.get(0), "mode", "ox_reset_102");
                        if (!m.equals("both") && !m.equals("asir")) {
                            throw new EvaluationException("ox_reset_102 : mode " + m + " (expected: asir or both)");
                        }
                        mode = m.equals("both") ? ResetMode.BOTH_DIRECTIONS : ResetMode.ASIR;
                    }
                    group(c).reset(mode, c.interruption());
                    return CmoNull.INSTANCE;
                }));
    }

    private static Cmo bcast(List<Cmo> a, EvalContext c) {
        PeerGroup g = group(c);
        int root = Rfc102Args.integer(a.get(0), "root", "ox_bcast_102");
        if (root == g.rank() && a.size() < 2) {
            throw new EvaluationException("ox_bcast_102 : the root needs the data argument");
        }
        Cmo data = a.size() > 1 ? a.get(1) : CmoNull.INSTANCE;
        return AsirValues.fromWire(g.bcast(root, data, c.interruption()));
    }

    private static Cmo reduce(List<Cmo> a, EvalContext c) {
        PeerGroup g = group(c);
        int root = Rfc102Args.integer(a.get(0), "root", "ox_reduce_102");
        String name = Rfc102Args.string(a.get(1), "operation", "ox_reduce_102");
        AsirOperator op = AsirOperators.resolve(name, c).orElse(null);
        if (op == null || a.size() < 3) {
            String msg = op == null ? "ox_reduce_102 : operation not supported: " + name
                    : "ox_reduce_102 : the data argument is required";
            throw new EvaluationException(msg);
        }
        return AsirValues.fromWire(g.reduce(root, op, a.get(2), c.interruption()));
    }

    private static PeerGroup group(EvalContext c) {
        return c.service(PeerGroup.class)
                .orElseThrow(() -> new EvaluationException("rfc102: this server has no peer group"));
    }
}
