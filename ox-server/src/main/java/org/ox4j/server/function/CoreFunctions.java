package org.ox4j.server.function;

import java.math.BigInteger;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.server.eval.EvaluationException;

/**
 * The few functions the server itself provides, so the stack machine is usable before the algebra library is
 * installed (an extension registering the same names replaces them): {@code igcd}, {@code idiv}, {@code error}; and,
 * only when diagnostics are enabled, {@code ox4j_spin(ms)}, a cooperative busy loop used to test interrupts.
 */
public final class CoreFunctions {
    private CoreFunctions() {
    }

    /** Registers the core functions (and the diagnostic ones if {@code diagnostics}). */
    public static void register(FunctionRegistry registry, boolean diagnostics) {
        registry.register(new FunctionSpec("igcd", 2, 2, "greatest common divisor of two integers",
                (args, ctx) -> integer(integerArg(args, 0, "igcd").gcd(integerArg(args, 1, "igcd")))));
        registry.register(new FunctionSpec("idiv", 2, 2, "integer quotient, truncated", CoreFunctions::idiv));
        registry.register(new FunctionSpec("error", 1, 1, "raises an error with the given message",
                (args, ctx) -> {
                    throw new EvaluationException(args.get(0) instanceof CmoString s ? s.value() : "error");
                }));
        if (diagnostics) {
            registry.register(new FunctionSpec("ox4j_spin", 1, 1,
                    "diagnostic: busy-waits the given milliseconds, checking for interrupts", CoreFunctions::spin));
        }
    }

    private static Cmo idiv(List<Cmo> args, EvalContext ctx) {
        BigInteger a = integerArg(args, 0, "idiv");
        BigInteger b = integerArg(args, 1, "idiv");
        if (b.signum() == 0) {
            throw new EvaluationException("idiv: division by 0");
        }
        return integer(a.divide(b));
    }

    private static Cmo spin(List<Cmo> args, EvalContext ctx) {
        long ms = integerArg(args, 0, "ox4j_spin").longValue();
        long end = System.nanoTime() + ms * 1_000_000L;
        long rounds = 0;
        while (System.nanoTime() < end) {
            ctx.interruption().check();
            rounds++;
            Thread.onSpinWait();
        }
        return integer(BigInteger.valueOf(rounds > 0 ? ms : 0));
    }

    /** An integer argument (Asir reads INT32 as unsigned, ZZ as is, zero as NULL). */
    static BigInteger integerArg(List<Cmo> args, int i, String fn) {
        Cmo c = args.get(i);
        if (c instanceof CmoZZ z) {
            return z.value();
        }
        if (c instanceof CmoInt32 n) {
            return BigInteger.valueOf(Integer.toUnsignedLong(n.value()));
        }
        if (c instanceof CmoNull) {
            return BigInteger.ZERO;
        }
        throw new EvaluationException(fn + " : invalid argument");
    }

    private static Cmo integer(BigInteger v) {
        return v.signum() == 0 ? CmoNull.INSTANCE : new CmoZZ(v);
    }
}
