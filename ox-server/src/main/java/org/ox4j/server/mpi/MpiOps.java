package org.ox4j.server.mpi;

import java.util.List;
import java.util.Optional;
import org.ox4j.mpi.coll.ReduceOp;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.FunctionSpec;

/**
 * Reduce operators of the {@code mpi_*} functions by name, on CMO values:
 * <ul>
 *   <li>{@code "+"}/{@code "sum"}, {@code "*"}/{@code "prod"}: integers directly, anything else (rationals,
 *       polynomials) through the library's {@code +}/{@code *} — commutative;</li>
 *   <li>{@code "min"}, {@code "max"}, {@code "gcd"}, {@code "lcm"}: integers (gcd/lcm also via the library) —
 *       commutative;</li>
 *   <li>{@code "append"}: list concatenation (a non-list counts as a one-element list) — not commutative, so
 *       the in-order algorithms run it;</li>
 *   <li>any other name: a library function accepting two arguments, {@code f(lower ranks, higher ranks)},
 *       treated as not commutative.</li>
 * </ul>
 * The integer and library behaviour is RFC-102's ({@link org.ox4j.server.rfc102.AsirOperators}).
 */
public final class MpiOps {
    private MpiOps() {
    }

    /** The operator named {@code name}, or an {@link EvaluationException} naming the choices. */
    public static ReduceOp resolve(String name, EvalContext context, String fn) {
        return find(name, context).orElseThrow(() -> new EvaluationException(fn + " : operation not supported: "
                + name + " (expected: +, sum, *, prod, min, max, gcd, lcm, append or a two-argument function)"));
    }

    static Optional<ReduceOp> find(String name, EvalContext context) {
        String canonical = switch (name) {
            case "sum" -> "+";
            case "prod" -> "*";
            default -> name;
        };
        boolean commutative = switch (canonical) {
            case "+", "*", "min", "max", "gcd", "lcm" -> true;
            default -> false;
        };
        if (!commutative && !canonical.equals("append") && !isLibraryBinary(canonical, context)) {
            return Optional.empty();
        }
        return org.ox4j.server.rfc102.AsirOperators.resolve(canonical, context)
                .map(f -> ReduceOp.ofCmo(name, commutative, f::apply));
    }

    private static boolean isLibraryBinary(String name, EvalContext context) {
        return context != null && context.functions().lookup(name).filter(f -> f.accepts(2)).isPresent();
    }

    /** Every accepted name (the built-ins, then the two-argument library functions). */
    public static List<String> names(EvalContext context) {
        List<String> out = new java.util.ArrayList<>(List.of("+", "sum", "*", "prod", "min", "max", "gcd", "lcm",
                "append"));
        if (context != null) {
            context.functions().all().stream().filter(f -> f.accepts(2)).map(FunctionSpec::name)
                    .filter(n -> !out.contains(n)).sorted().forEach(out::add);
        }
        return out;
    }
}
