package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.Monomial;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsGeneric;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;
import org.ox4j.server.eval.EvaluationException;

/**
 * Converts between CMOs and {@link Value}s exactly as ox_asir does (spec §10): zero → {@code CMO_NULL}, integers →
 * {@code CMO_ZZ}, other rationals → reduced {@code CMO_QQ}, polynomials → {@code CMO_RECURSIVE_POLYNOMIAL} over
 * exactly the variables that occur (session order, highest first) with nested
 * {@code CMO_POLYNOMIAL_IN_ONE_VARIABLE} terms in decreasing degree. Input accepts every number form, recursive
 * polynomials in any variable order (INDETERMINATE or bare STRING names), distributed polynomials, lists, strings
 * and {@code CMO_RATIONAL} when it is a polynomial divided by a divisor of it; any other CMO becomes an
 * {@link Opaque} value returned unchanged.
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
        return new Opaque(cmo);
    }

    private Value fromRecursive(CmoRecursivePolynomial rp) {
        List<String> names = new ArrayList<>(rp.variables().size());
        for (Cmo v : rp.variables().elements()) {
            names.add(variableName(v));
        }
        int n = names.size();
        MultivariatePolynomial<Rational<BigInteger>> p = body(rp.body(), n, new int[n], 0);
        // re-index from the sender's list to the session order (duplicates merge)
        List<String> sorted = order.sorted(names);
        int[] map = new int[n];
        for (int i = 0; i < n; i++) {
            map[i] = sorted.indexOf(names.get(i));
        }
        return Poly.of(sorted, Polys.remap(p, map, sorted.size()));
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

    /** The polynomial of a recursive body; {@code prefix} holds the exponents of the enclosing variables. */
    private MultivariatePolynomial<Rational<BigInteger>> body(Cmo c, int n, int[] prefix, int depth) {
        if (depth > n + 1) {
            throw new EvaluationException("CMO_RECURSIVE_POLYNOMIAL: nesting deeper than its variables");
        }
        if (c instanceof CmoPolynomialInOneVariable u) {
            if (u.variable() < 0 || u.variable() >= n) {
                throw new EvaluationException("CMO_POLYNOMIAL_IN_ONE_VARIABLE: variable index " + u.variable()
                        + " outside the variable list of " + n);
            }
            MultivariatePolynomial<Rational<BigInteger>> sum = Polys.zero(n);
            for (CmoPolynomialInOneVariable.Term t : u.terms()) {
                if (t.exponent() < 0) {
                    throw new EvaluationException("CMO_POLYNOMIAL_IN_ONE_VARIABLE: negative exponent");
                }
                int[] e = prefix.clone();
                e[u.variable()] += t.exponent();
                sum.add(body(t.coefficient(), n, e, depth + 1));
            }
            return sum;
        }
        Value v = fromCmo(c);
        if (!(v instanceof Num num)) {
            throw new EvaluationException("CMO_RECURSIVE_POLYNOMIAL: a coefficient must be a number, not " + c.type());
        }
        MultivariatePolynomial<Rational<BigInteger>> r = Polys.zero(n);
        if (!num.isZero()) {
            r.add(new Monomial<>(prefix.clone(), num.rational()));
        }
        return r;
    }

    private Value fromDistributed(CmoDistributedPolynomial dp) {
        if (dp.monomials().isEmpty()) {
            return Value.ZERO;
        }
        int n = dp.monomials().get(0).arity();
        MultivariatePolynomial<Rational<BigInteger>> p =
                MultivariatePolynomial.zero(n, Rings.Q, MonomialOrder.GREVLEX);
        for (CmoMonomial32 m : dp.monomials()) {
            if (m.arity() != n) {
                throw new EvaluationException("CMO_DISTRIBUTED_POLYNOMIAL: monomials with different numbers of variables");
            }
            Value c = fromCmo(m.coefficient());
            if (!(c instanceof Num num)) {
                throw new EvaluationException("CMO_MONOMIAL32: the coefficient must be a number");
            }
            if (!num.isZero()) {
                p.add(new Monomial<>(m.exponents(), num.rational()));
            }
        }
        return new Dp(p);
    }

    private Value fromRational(CmoRational r) {
        Value num = fromCmo(r.numerator());
        Value den = fromCmo(r.denominator());
        if (den.isZero()) {
            throw new EvaluationException("CMO_RATIONAL: division by 0");
        }
        try {
            return new Algebra(order, new org.ox4j.server.eval.Interruption()).div(num, den);
        } catch (EvaluationException e) {
            throw new EvaluationException("CMO_RATIONAL: only a polynomial divided by one of its divisors is supported");
        }
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
        return ((Opaque) v).cmo();
    }

    private static Cmo number(Num n) {
        if (n.isZero()) {
            return CmoNull.INSTANCE;
        }
        if (n.isInteger()) {
            return new CmoZZ(n.numerator());
        }
        return new CmoQQ(n.numerator(), n.denominator());
    }

    private static Cmo recursive(Poly p) {
        List<Cmo> vars = new ArrayList<>(p.variables().size());
        for (String name : p.variables()) {
            vars.add(CmoIndeterminate.of(name));
        }
        return new CmoRecursivePolynomial(new CmoList(vars), body(p.unsafePoly(), 0));
    }

    /** Body of {@code p} whose variables before {@code from} do not occur. */
    private static Cmo body(MultivariatePolynomial<Rational<BigInteger>> p, int from) {
        if (p.isConstant()) {
            Rational<BigInteger> c = p.cc();
            return number(Num.of(c));
        }
        int v = from;
        while (p.degree(v) == 0) {
            v++;
        }
        List<CmoPolynomialInOneVariable.Term> terms = new ArrayList<>();
        for (int e = p.degree(v); e >= 0; e--) {
            MultivariatePolynomial<Rational<BigInteger>> c = p.coefficientOf(v, e);
            if (!c.isZero()) {
                terms.add(new CmoPolynomialInOneVariable.Term(e, body(c, v + 1)));
            }
        }
        return new CmoPolynomialInOneVariable(v, terms);
    }

    /** As Asir writes a DP: DMS_GENERIC and the monomials in decreasing degree-reverse-lex order. */
    private static Cmo distributed(Dp d) {
        MultivariatePolynomial<Rational<BigInteger>> p = d.poly().setOrdering(MonomialOrder.GREVLEX);
        if (p.isZero()) {
            return CmoNull.INSTANCE;
        }
        List<CmoMonomial32> monomials = new ArrayList<>(p.size());
        java.util.Iterator<Monomial<Rational<BigInteger>>> it = p.descendingIterator();
        while (it.hasNext()) {
            Monomial<Rational<BigInteger>> t = it.next();
            monomials.add(CmoMonomial32.of(t.exponents, number(Num.of(t.coefficient))));
        }
        return new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE, monomials);
    }
}
