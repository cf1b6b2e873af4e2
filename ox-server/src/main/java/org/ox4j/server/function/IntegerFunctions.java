package org.ox4j.server.function;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Polynomials;
import org.ox4j.server.algebra.Real;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.eval.EvaluationException;

/**
 * Asir's integer functions {@code isqrt} (floor of the square root; a negative argument is an error), {@code inv}
 * (inverse modulo M), {@code fac} (factorial, bounded so that a hostile argument cannot exhaust memory), and
 * {@code floor}/{@code ceil} of rationals and doubles.
 */
final class IntegerFunctions {
    /** Asir's random(): one generator per session thread, so a seed set by one master does not steer another. */
    private static final ThreadLocal<java.util.Random> RANDOM = ThreadLocal.withInitial(java.util.Random::new);

    /** The largest n for which fac(n) is computed (n! then has about 2.1·10^6 bits). */
    static final int MAX_FACTORIAL = 100_000;

    private IntegerFunctions() {
    }

    /** A rational or double rounded to an integer in the direction {@code mode}. */
    private static Value rounded(Value v, String op, RoundingMode mode) {
        if (v instanceof Num n) {
            return Num.of(new BigDecimal(n.numerator()).divide(new BigDecimal(n.denominator()), 0, mode)
                    .toBigIntegerExact());
        }
        if (v instanceof Real r && Double.isFinite(r.value())) {
            double d = mode == RoundingMode.FLOOR ? Math.floor(r.value()) : Math.ceil(r.value());
            return Num.of(new BigDecimal(d).toBigIntegerExact());
        }
        throw Algebra.invalid(op);
    }

    static void register(FunctionRegistry registry) {
        BuiltinFunctions.reg(registry, "random", 0, 1,
                "random([Seed]): a pseudo-random integer in [0, 2^32); with Seed, the sequence restarts from Seed",
                (a, alg, c) -> {
                    if (!a.isEmpty()) {
                        RANDOM.get().setSeed(Polynomials.integer(a.get(0), "random").longValue());
                    }
                    return Num.of(RANDOM.get().nextInt() & 0xffffffffL);
                });
        BuiltinFunctions.reg(registry, "isqrt", 1, 1, "isqrt(N): the largest integer whose square is at most N",
                (a, alg, c) -> {
                    BigInteger n = Polynomials.integer(a.get(0), "isqrt");
                    if (n.signum() < 0) {
                        throw new EvaluationException("isqrt : negative argument");
                    }
                    return Num.of(n.sqrt());
                });
        BuiltinFunctions.reg(registry, "abs", 1, 1, "abs(A): the absolute value of the number A",
                (a, alg, c) -> {
                    if (a.get(0) instanceof Num n) {
                        return n.abs();
                    }
                    if (a.get(0) instanceof Real r) {
                        return Real.valueOf(Math.abs(r.value()));
                    }
                    throw Algebra.invalid("abs");
                });
        BuiltinFunctions.reg(registry, "prime", 1, 1, "prime(K): the K-th prime, counting from prime(0) = 2 (K < "
                + SmallPrimes.COUNT + ")", (a, alg, c) -> {
                    BigInteger k = Polynomials.integer(a.get(0), "prime");
                    if (k.signum() < 0 || k.compareTo(BigInteger.valueOf(SmallPrimes.COUNT)) >= 0) {
                        throw new EvaluationException("prime : the index must be in [0, " + SmallPrimes.COUNT + ")");
                    }
                    return Num.of(SmallPrimes.get(k.intValue()));
                });
        BuiltinFunctions.reg(registry, "floor", 1, 1, "floor(A): the largest integer at most the number A",
                (a, alg, c) -> rounded(a.get(0), "floor", RoundingMode.FLOOR));
        BuiltinFunctions.reg(registry, "ceil", 1, 1, "ceil(A): the smallest integer at least the number A",
                (a, alg, c) -> rounded(a.get(0), "ceil", RoundingMode.CEILING));
        BuiltinFunctions.reg(registry, "inv", 2, 2, "inv(A,M): the inverse of A modulo M",
                (a, alg, c) -> {
                    BigInteger x = Polynomials.integer(a.get(0), "inv");
                    BigInteger m = Polynomials.integer(a.get(1), "inv");
                    if (x.signum() == 0 || m.signum() == 0) {
                        throw new EvaluationException("inv: invalid input");
                    }
                    try {
                        return Num.of(x.modInverse(m.abs()));
                    } catch (ArithmeticException e) {
                        throw new EvaluationException("inv: " + x + " is not invertible modulo " + m);
                    }
                });
        BuiltinFunctions.reg(registry, "fac", 1, 1, "fac(N): N!", (a, alg, c) -> {
            BigInteger n = Polynomials.integer(a.get(0), "fac");
            if (n.signum() < 0) {
                throw new EvaluationException("fac : negative argument");
            }
            if (n.compareTo(BigInteger.valueOf(MAX_FACTORIAL)) > 0) {
                throw new EvaluationException("fac : argument too large (at most " + MAX_FACTORIAL + ")");
            }
            return Num.of(factorial(1, n.intValue(), c.interruption()));
        });
    }

    /** lo·(lo+1)·…·hi by splitting in halves, so the big products are balanced. */
    private static BigInteger factorial(int lo, int hi, org.ox4j.server.eval.Interruption interruption) {
        if (hi < lo) {
            return BigInteger.ONE;
        }
        if (hi - lo < 16) {
            BigInteger r = BigInteger.valueOf(lo);
            for (int k = lo + 1; k <= hi; k++) {
                r = r.multiply(BigInteger.valueOf(k));
            }
            return r;
        }
        interruption.check();
        int mid = (lo + hi) >>> 1;
        return factorial(lo, mid, interruption).multiply(factorial(mid + 1, hi, interruption));
    }
}
