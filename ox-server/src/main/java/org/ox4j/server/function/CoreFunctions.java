package org.ox4j.server.function;

import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIntegers;
import org.ox4j.server.eval.EvaluationException;

/**
 * The server's diagnostic functions, registered only when diagnostics are enabled: {@code ox4j_spin(ms)}, a
 * cooperative busy loop used to test interrupts. The arithmetic library is {@link BuiltinFunctions}.
 */
public final class CoreFunctions {
    private CoreFunctions() {
    }

    /** Registers the diagnostic functions if {@code diagnostics} (the arithmetic ones are BuiltinFunctions'). */
    public static void register(FunctionRegistry registry, boolean diagnostics) {
        if (diagnostics) {
            registry.register(new FunctionSpec("ox4j_spin", 1, 1,
                    "diagnostic: busy-waits the given milliseconds, checking for interrupts", CoreFunctions::spin));
        }
    }

    private static Cmo spin(List<Cmo> args, EvalContext ctx) {
        long ms = CmoIntegers.value(args.get(0)).orElseThrow(() -> new EvaluationException(
                "ox4j_spin : invalid argument")).longValue();
        long end = System.nanoTime() + ms * 1_000_000L;
        long rounds = 0;
        while (System.nanoTime() < end) {
            ctx.interruption().check();
            rounds++;
            Thread.onSpinWait();
        }
        return CmoIntegers.of(rounds > 0 ? ms : 0);
    }
}
