package org.ox4j.server.algebra;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.cmo.PolyCmo;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.server.eval.EvaluationException;

/**
 * Converts between CMOs and {@link Value}s exactly as ox_asir does (spec §10): zero → {@code CMO_NULL}, integers →
 * {@code CMO_ZZ}, other rationals → reduced {@code CMO_QQ}, polynomials → {@code CMO_RECURSIVE_POLYNOMIAL} over
 * exactly the variables that occur (session order, highest first) with nested
 * {@code CMO_POLYNOMIAL_IN_ONE_VARIABLE} terms in decreasing degree, rational functions →
 * {@code CMO_RATIONAL(numerator, denominator)}, complex numbers → {@code CMO_COMPLEX(re, im)}. Input accepts every number form, recursive polynomials in any
 * variable order (INDETERMINATE or bare STRING names), distributed polynomials, lists, strings and
 * {@code CMO_RATIONAL} (divided as Asir divides), {@code CMO_COMPLEX} with rational parts; any other CMO becomes
 * an {@link Opaque} value returned unchanged.
 */
public final class ValueCodec {
    private final VariableOrder order;

    public ValueCodec(VariableOrder order) {
        this.order = Objects.requireNonNull(order, "order");
    }

    // ---------------------------------------------------------------- CMO → value

    /** The value of a received CMO. */
    public Value fromCmo(Cmo cmo) {
        if (cmo instanceof CmoNull || cmo instanceof CmoZero) {
            return Value.ZERO;
        }
        if (cmo instanceof CmoInt32 i) {
            return Num.of(i.value());
        }
        if (cmo instanceof CmoZZ z) {
            return Num.of(z.value());
        }
        if (cmo instanceof CmoQQ q) {
            if (q.denominator().signum() == 0) {
                throw new EvaluationException("CMO_QQ with denominator 0");
            }
            return Num.of(q.numerator(), q.denominator());
        }
        if (cmo instanceof CmoString s) {
            return new Str(s.value());
        }
        if (cmo instanceof CmoIeeeDouble d) {
            return Real.valueOf(d.value());
        }
        if (cmo instanceof CmoIndeterminate ind && ind.name() instanceof CmoString s) {
            return new Str(s.value()); // as ox_asir: a stand-alone indeterminate arrives as its name
        }
        if (cmo instanceof CmoList l) {
            List<Value> out = new ArrayList<>(l.size());
            for (Cmo c : l.elements()) {
                out.add(fromCmo(c));
            }
            return new Lst(out);
        }
        if (cmo instanceof CmoRecursivePolynomial rp) {
            return fromRecursive(rp);
        }
        if (cmo instanceof CmoDistributedPolynomial dp) {
            return fromDistributed(dp);
        }
        if (cmo instanceof CmoRational r) {
            return fromRational(r);
        }
        if (cmo instanceof CmoComplex c && fromCmo(c.real()) instanceof Num re
                && fromCmo(c.imaginary()) instanceof Num im) {
            return Complex.of(re, im);
        }
        return new Opaque(cmo);
    }

    private Value fromRecursive(CmoRecursivePolynomial rp) {
        List<String> names = new ArrayList<>(rp.variables().size());
        for (Cmo v : rp.variables().elements()) {
            names.add(variableName(v));
        }
        // re-index from the sender's list to the session order (duplicates merge)
        List<String> sorted = order.sorted(names);
        int[] map = new int[names.size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = sorted.indexOf(names.get(i));
        }
        try {
            return Poly.of(sorted, PolyCmo.fromRecursiveBody(rp.body(), names.size(), map, sorted.size()));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new EvaluationException(e.getMessage());
        }
    }

    private static String variableName(Cmo v) {
        if (v instanceof CmoIndeterminate ind && ind.name() instanceof CmoString s) {
            return s.value();
        }
        if (v instanceof CmoString s) {
            return s.value();
        }
        throw new EvaluationException("CMO_RECURSIVE_POLYNOMIAL: a variable must be an INDETERMINATE or a STRING");
    }

    private Value fromDistributed(CmoDistributedPolynomial dp) {
        if (dp.monomials().isEmpty()) {
            return Value.ZERO;
        }
        int n = dp.monomials().get(0).arity();
        try {
            return new Dp(PolyCmo.fromDistributed(dp, MonomialOrder.grevlex(n)));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new EvaluationException(e.getMessage());
        }
    }

    private Value fromRational(CmoRational r) {
        Value num = fromCmo(r.numerator());
        Value den = fromCmo(r.denominator());
        if (den.isZero()) {
            throw new EvaluationException("CMO_RATIONAL: division by 0");
        }
        if (!(num instanceof Num || num instanceof Poly || num instanceof Rat)
                || !(den instanceof Num || den instanceof Poly || den instanceof Rat)) {
            throw new EvaluationException("CMO_RATIONAL: the parts must be numbers or polynomials");
        }
        // as Asir: the numerator divided by the denominator (numbers reduce, polynomials make a rational function)
        return new Algebra(order, new org.ox4j.server.eval.Interruption()).div(num, den);
    }

    // ---------------------------------------------------------------- value → CMO

    /** The CMO ox_asir would send for this value. */
    public static Cmo toCmo(Value v) {
        if (v instanceof Num n) {
            return number(n);
        }
        if (v instanceof Poly p) {
            return recursive(p);
        }
        if (v instanceof Str s) {
            return CmoString.of(s.value());
        }
        if (v instanceof Real r) {
            return CmoIeeeDouble.of(r.value());
        }
        if (v instanceof Lst l) {
            List<Cmo> out = new ArrayList<>(l.size());
            for (Value e : l.elements()) {
                out.add(toCmo(e));
            }
            return new CmoList(out);
        }
        if (v instanceof Dp d) {
            return distributed(d);
        }
        if (v instanceof Rat r) {
            return new CmoRational(toCmo(r.numerator()), toCmo(r.denominator()));
        }
        if (v instanceof Complex c) {
            return new CmoComplex(number(c.re()), number(c.im()));
        }
        if (v instanceof Vect || v instanceof Mat) {
            // ox_asir has no CMO for them either ("cannot convert to CMO object"); vtol makes a list
            throw new NoCmoFormException("cannot convert to CMO object (a " + (v instanceof Vect ? "vector" : "matrix")
                    + "; vtol makes a list of a vector)");
        }
        return ((Opaque) v).cmo();
    }

    private static Cmo number(Num n) {
        return PolyCmo.number(n.numerator(), n.denominator());
    }

    private static Cmo recursive(Poly p) {
        List<Cmo> vars = new ArrayList<>(p.variables().size());
        for (String name : p.variables()) {
            vars.add(CmoIndeterminate.of(name));
        }
        return new CmoRecursivePolynomial(new CmoList(vars), PolyCmo.toRecursiveBody(p.kernel()));
    }

    /** As Asir writes a DP: DMS_GENERIC and the monomials in decreasing degree-reverse-lex order. */
    private static Cmo distributed(Dp d) {
        return PolyCmo.toDistributed(d.kernel());
    }
}
