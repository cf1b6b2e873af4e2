package org.ox4j.server.function;

import java.math.BigInteger;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Polynomials;
import org.ox4j.server.eval.EvaluationException;

/**
 * Asir's integer functions {@code isqrt} (floor of the square root; a negative argument is an error), {@code inv}
 * (inverse modulo M) and {@code fac} (factorial, bounded so that a hostile argument cannot exhaust memory).
 */
final class IntegerFunctions {
    /** The largest n for which fac(n) is computed (n! then has about 2.1·10^6 bits). */
    static final int MAX_FACTORIAL = 100_000;

    private IntegerFunctions() {
    }

    static void register(FunctionRegistry registry) {
        BuiltinFunctions.reg(registry, "isqrt", 1, 1, "isqrt(N): the largest integer whose square is at most N",
                (a, alg, c) -> {
                    BigInteger n = Polynomials.integer(a.get(0), "isqrt");
                    if (n.signum() < 0) {
                        throw new EvaluationException("isqrt : negative argument");
                    }
                    return Num.of(n.sqrt());
                });
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
