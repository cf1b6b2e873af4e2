package org.ox4j.server.function;

import java.math.BigInteger;
import java.util.Optional;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.ZPoly;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Dp;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Value;

/**
 * The head of a distributed polynomial, with Asir's names and conventions: {@code dp_ht} (head term, coefficient 1),
 * {@code dp_hc} (head coefficient), {@code dp_hm} (head monomial), {@code dp_rest} (the rest), {@code dp_td} (total
 * degree of the head term). The head is the largest term in the distributed polynomial's order; each answers 0 for
 * the zero polynomial, as Asir does, and refuses anything that is not a distributed polynomial.
 */
final class DistributedFunctions {
    private DistributedFunctions() {
    }

    static void register(FunctionRegistry registry) {
        BuiltinFunctions.reg(registry, "dp_ht", 1, 1, "dp_ht(D): the head term of D, coefficient 1",
                (a, alg, c) -> dp(a.get(0), "dp_ht").map(d -> (Value) new Dp(headTerm(d.kernel(), BigInteger.ONE,
                        BigInteger.ONE))).orElse(Value.ZERO));
        BuiltinFunctions.reg(registry, "dp_hm", 1, 1, "dp_hm(D): the head monomial of D",
                (a, alg, c) -> dp(a.get(0), "dp_hm").map(d -> (Value) new Dp(headMonomial(d.kernel())))
                        .orElse(Value.ZERO));
        BuiltinFunctions.reg(registry, "dp_hc", 1, 1, "dp_hc(D): the head coefficient of D",
                (a, alg, c) -> dp(a.get(0), "dp_hc").map(d -> (Value) Num.of(d.kernel().coefficientNumerator(0),
                        d.kernel().coefficientDenominator(0))).orElse(Value.ZERO));
        BuiltinFunctions.reg(registry, "dp_td", 1, 1, "dp_td(D): the total degree of the head term of D",
                (a, alg, c) -> dp(a.get(0), "dp_td").map(d -> (Value) Num.of(total(d.kernel().exponents(0))))
                        .orElse(Value.ZERO));
        BuiltinFunctions.reg(registry, "dp_rest", 1, 1, "dp_rest(D): D without its head term",
                (a, alg, c) -> dp(a.get(0), "dp_rest").map(d -> {
                    QPoly rest = d.kernel().subtract(headMonomial(d.kernel()));
                    return rest.isZero() ? Value.ZERO : (Value) new Dp(rest);
                }).orElse(Value.ZERO));
    }

    /** The distributed polynomial, empty for 0; any other value is an error of {@code op}. */
    private static Optional<Dp> dp(Value v, String op) {
        if (v instanceof Dp d && !d.kernel().isZero()) {
            return Optional.of(d);
        }
        if (v instanceof Num n && n.isZero() || v instanceof Dp) {
            return Optional.empty();
        }
        throw Algebra.invalid(op);
    }

    /** The head term of a non-zero {@code p} with its own coefficient. */
    private static QPoly headMonomial(QPoly p) {
        return headTerm(p, p.numerator().leadingCoefficient(), p.denominator());
    }

    /** The head term of a non-zero {@code p} with the coefficient {@code num/den}. */
    private static QPoly headTerm(QPoly p, BigInteger num, BigInteger den) {
        return QPoly.of(ZPoly.term(p.layout(), p.exponents(0), num), den);
    }

    private static long total(int[] exponents) {
        long t = 0;
        for (int e : exponents) {
            t += e;
        }
        return t;
    }
}
