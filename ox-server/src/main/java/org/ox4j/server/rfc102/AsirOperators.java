package org.ox4j.server.rfc102;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.BinaryOperator;
import org.ox4j.algebra.cmo.RecursiveEncodingSum;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIntegers;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.FunctionSpec;

/**
 * The operator table of RFC-102's reduction: finds the operator of {@code SM_reduce_102}/{@code ox_reduce_102} by
 * name, with Asir's meaning for each (the messaging layer's {@code org.ox4j.mpi.coll.ReduceOps} are typed array
 * operators; {@code mpi_*} reductions reach this table for CMO values).
 *
 * <ul>
 *   <li>{@code "+"}, {@code "*"} (ox_asir's two): integers directly; two polynomials still in the bytes they arrived
 *       in, for "+", by merging those bytes ({@link RecursiveEncodingSum}); anything else through the library's
 *       {@code "+"}/{@code "*"} (or {@code add}/{@code mul}) — numbers and polynomials of the algebra module;</li>
 *   <li>{@code gcd}, {@code lcm}: integers directly, otherwise the library function of that name;</li>
 *   <li>{@code min}, {@code max}: integers;</li>
 *   <li>{@code append}: list concatenation (a non-list operand counts as a one-element list), not commutative;</li>
 *   <li>any other name: a library function that accepts two arguments (ox4j extension), called as
 *       {@code f(accumulated, received)}.</li>
 * </ul>
 * {@link #names(EvalContext)} lists them (function {@code ox_reduce_ops_102}).
 */
public final class AsirOperators {
    /** The operators that need no library function (besides the fallbacks above). */
    public static final List<String> BUILTIN = List.of("+", "*", "gcd", "lcm", "min", "max", "append");

    private AsirOperators() {
    }

    /** The operator called {@code name}, or empty when there is none. */
    public static Optional<AsirOperator> resolve(String name, EvalContext context) {
        switch (name) {
            case "+":
                AsirOperator general = integerOr(BigInteger::add, name, context, "+", "add");
                return Optional.of((acc, received) -> encodedSum(acc, received).orElseGet(
                        () -> general.apply(acc, received)));
            case "*":
                return Optional.of(integerOr(BigInteger::multiply, name, context, "*", "mul"));
            case "gcd":
                return Optional.of(integerOr(BigInteger::gcd, name, context, "gcd"));
            case "lcm":
                return Optional.of(integerOr(AsirOperators::lcm, name, context, "lcm"));
            case "min":
                return Optional.of(integerOr(BigInteger::min, name, context));
            case "max":
                return Optional.of(integerOr(BigInteger::max, name, context));
            case "append":
                return Optional.of(AsirOperators::append);
            default:
                return library(name, context);
        }
    }

    /** Every operator name usable now: the built-in ones and each library function accepting two arguments. */
    public static List<String> names(EvalContext context) {
        TreeSet<String> lib = new TreeSet<>();
        if (context != null) {
            for (FunctionSpec f : context.functions().all()) {
                if (f.accepts(2)) {
                    lib.add(f.name());
                }
            }
        }
        List<String> out = new ArrayList<>(BUILTIN);
        lib.removeAll(BUILTIN);
        out.addAll(lib);
        return out;
    }

    /**
     * The sum of two polynomials still in the bytes they arrived in, merged as bytes ({@link RecursiveEncodingSum});
     * empty when they are not both such polynomials or the merge does not apply.
     */
    private static Optional<Cmo> encodedSum(Cmo acc, Cmo received) {
        if (acc instanceof CmoRecursivePolynomial x && received instanceof CmoRecursivePolynomial y) {
            return RecursiveEncodingSum.of(x, y).map(Cmo.class::cast);
        }
        return Optional.empty();
    }

    /** List concatenation: {@code [a…] ++ [b…]}. */
    public static Cmo append(Cmo a, Cmo b) {
        List<Cmo> out = new ArrayList<>(elements(a));
        out.addAll(elements(b));
        return new CmoList(out);
    }

    private static List<Cmo> elements(Cmo c) {
        return c instanceof CmoList l ? l.elements() : List.of(c);
    }

    private static BigInteger lcm(BigInteger a, BigInteger b) {
        if (a.signum() == 0 || b.signum() == 0) {
            return BigInteger.ZERO;
        }
        return a.divide(a.gcd(b)).multiply(b).abs();
    }

    private static AsirOperator integerOr(BinaryOperator<BigInteger> onIntegers, String opName, EvalContext context,
            String... libraryNames) {
        return (acc, received) -> {
            Optional<BigInteger> a = CmoIntegers.value(acc);
            Optional<BigInteger> b = CmoIntegers.value(received);
            if (a.isPresent() && b.isPresent()) {
                return CmoIntegers.of(onIntegers.apply(a.get(), b.get()));
            }
            for (String n : libraryNames) {
                Optional<AsirOperator> f = library(n, context);
                if (f.isPresent()) {
                    return f.get().apply(acc, received);
                }
            }
            throw new EvaluationException("ox_reduce_102 : operation " + opName + " not supported on "
                    + acc.type() + " and " + received.type());
        };
    }

    private static Optional<AsirOperator> library(String name, EvalContext context) {
        if (context == null) {
            return Optional.empty();
        }
        return context.functions().lookup(name).filter(f -> f.accepts(2))
                .map(f -> (acc, received) -> f.function().apply(List.of(acc, received), context));
    }
}
