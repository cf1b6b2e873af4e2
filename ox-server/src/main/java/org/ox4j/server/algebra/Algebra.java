package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.MultivariateDivision;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import org.ox4j.server.eval.EvalContext;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.eval.Interruption;

/**
 * Arithmetic on {@link Value}s with Asir's rules: numbers and polynomials mix freely, the result of a
 * polynomial operation that becomes constant is a number, strings concatenate with {@code +}. Every computation
 * is delegated to rings; this class only aligns variable lists and dispatches.
 */
public final class Algebra {
    private final VariableOrder order;
    private final Interruption interruption;

    public Algebra(VariableOrder order, Interruption interruption) {
        this.order = Objects.requireNonNull(order, "order");
        this.interruption = Objects.requireNonNull(interruption, "interruption");
    }

    /** The algebra of a session: its variable order (or the shared one) and its interrupt flag. */
    public static Algebra of(EvalContext ctx) {
        return new Algebra(VariableOrder.of(ctx), ctx.interruption());
    }

    public VariableOrder order() {
        return order;
    }

    public Interruption interruption() {
        return interruption;
    }

    /** Polynomials of several values over one common variable list. */
    public record Aligned(List<String> variables, List<MultivariatePolynomial<Rational<BigInteger>>> polys) {
        /** The value of a result polynomial over {@link #variables()}. */
        public Value value(MultivariatePolynomial<Rational<BigInteger>> p) {
            return Poly.of(variables, p);
        }
    }

    /** Aligns numbers and polynomials (anything else fails with {@code op : invalid argument}). */
    public Aligned align(String op, Value... values) {
        return align(op, List.of(values), List.of());
    }

    /** Aligns values over their variables plus {@code extraVariables}. */
    public Aligned align(String op, List<? extends Value> values, List<String> extraVariables) {
        Set<String> names = new LinkedHashSet<>(extraVariables);
        for (Value v : values) {
            if (v instanceof Poly p) {
                names.addAll(p.variables());
            } else if (!(v instanceof Num)) {
                throw invalid(op);
            }
        }
        List<String> vars = order.sorted(names);
        List<MultivariatePolynomial<Rational<BigInteger>>> polys = new ArrayList<>(values.size());
        for (Value v : values) {
            polys.add(asPoly(v, vars));
        }
        return new Aligned(vars, polys);
    }

    /** A number or polynomial as a rings polynomial over {@code vars}. */
    public static MultivariatePolynomial<Rational<BigInteger>> asPoly(Value v, List<String> vars) {
        if (v instanceof Num n) {
            return Polys.constant(vars.size(), n.rational());
        }
        if (v instanceof Poly p) {
            return p.over(vars);
        }
        throw new EvaluationException("not a polynomial");
    }

    /** {@code op : invalid argument}, Asir's wording for a wrong-typed argument. */
    public static EvaluationException invalid(String op) {
        return new EvaluationException(op + " : invalid argument");
    }

    public Value add(Value a, Value b) {
        if (a instanceof Num x && b instanceof Num y) {
            return Num.of(x.rational().add(y.rational()));
        }
        if (a instanceof Str x && b instanceof Str y) {
            return new Str(x.value() + y.value());
        }
        Aligned al = align("add", a, b);
        return al.value(al.polys().get(0).add(al.polys().get(1)));
    }

    public Value sub(Value a, Value b) {
        if (a instanceof Num x && b instanceof Num y) {
            return Num.of(x.rational().subtract(y.rational()));
        }
        Aligned al = align("sub", a, b);
        return al.value(al.polys().get(0).subtract(al.polys().get(1)));
    }

    public Value mul(Value a, Value b) {
        if (a instanceof Num x && b instanceof Num y) {
            return Num.of(x.rational().multiply(y.rational()));
        }
        Aligned al = align("mul", a, b);
        return al.value(al.polys().get(0).multiply(al.polys().get(1)));
    }

    public Value neg(Value a) {
        if (a instanceof Num x) {
            return Num.of(x.rational().negate());
        }
        if (a instanceof Poly p) {
            return Poly.of(p.variables(), p.poly().negate());
        }
        throw invalid("neg");
    }

    /**
     * Exact division: numbers by non-zero numbers, polynomials by numbers, and polynomials by polynomials that
     * divide them (rational functions are not supported).
     */
    public Value div(Value a, Value b) {
        if (!(a instanceof Num || a instanceof Poly) || !(b instanceof Num || b instanceof Poly)) {
            throw invalid("div");
        }
        if (b.isZero()) {
            throw new EvaluationException("div : division by 0");
        }
        if (a instanceof Num x && b instanceof Num y) {
            return Num.of(x.rational().divide(y.rational()));
        }
        if (b instanceof Num y) {
            Poly p = (Poly) a;
            return Poly.of(p.variables(), p.poly().multiply(y.rational().reciprocal()));
        }
        Aligned al = align("div", a, b);
        MultivariatePolynomial<Rational<BigInteger>> q =
                MultivariateDivision.divideOrNull(al.polys().get(0), al.polys().get(1));
        if (q == null) {
            throw new EvaluationException("div : the divisor does not divide the dividend (rational functions are not supported)");
        }
        return al.value(q);
    }

    /** {@code a^e} for an integer {@code e} (negative only for non-zero numbers); checks the interrupt flag. */
    public Value pow(Value a, Value e) {
        if (!(e instanceof Num n) || !n.isInteger()) {
            throw invalid("pow");
        }
        if (!n.intValue().isPresent()) {
            throw new EvaluationException("pow : exponent too large");
        }
        int k = n.intValue().getAsInt();
        if (a instanceof Num x) {
            if (k < 0) {
                if (x.isZero()) {
                    throw new EvaluationException("pow : division by 0");
                }
                return Num.of(power(x.rational().reciprocal(), -(long) k));
            }
            return Num.of(power(x.rational(), k));
        }
        if (a instanceof Poly p) {
            if (k < 0) {
                throw new EvaluationException("pow : negative exponent of a polynomial (rational functions are not supported)");
            }
            return Poly.of(p.variables(), power(p.poly(), k));
        }
        throw invalid("pow");
    }

    /** Rational power by {@link #power(Object, Object, long, BinaryOperator, UnaryOperator)}. */
    private Rational<BigInteger> power(Rational<BigInteger> base, long k) {
        return power(Rational.one(base.ring), base, k, Rational::multiply, r -> r.multiply(r));
    }

    /** Polynomial power; squares a copy, since rings squares in place. */
    private MultivariatePolynomial<Rational<BigInteger>> power(MultivariatePolynomial<Rational<BigInteger>> base,
            int k) {
        return power(base.createOne(), base, k, MultivariatePolynomial::multiply, q -> q.clone().square());
    }

    /**
     * Square-and-multiply from {@code one}, checking the interrupt flag between products. {@code multiply} may
     * return its receiver changed (rings polynomials do): only the running result is passed as receiver.
     */
    private <T> T power(T one, T base, long k, BinaryOperator<T> multiply, UnaryOperator<T> square) {
        T result = one;
        T b = base;
        while (k > 0) {
            interruption.check();
            if ((k & 1) != 0) {
                result = multiply.apply(result, b);
            }
            k >>= 1;
            if (k > 0) {
                b = square.apply(b);
            }
        }
        return result;
    }

    /** Asir's {@code ==}: structural equality of values (numbers and polynomials compare mathematically). */
    public boolean equal(Value a, Value b) {
        return a.equals(b);
    }
}
