package org.ox4j.server.function;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.ox4j.algebra.QPoly;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Complex;
import org.ox4j.server.algebra.Dp;
import org.ox4j.server.algebra.Lst;
import org.ox4j.server.algebra.Mat;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Poly;
import org.ox4j.server.algebra.Polynomials;
import org.ox4j.server.algebra.Rat;
import org.ox4j.server.algebra.Real;
import org.ox4j.server.algebra.Str;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.algebra.Vect;

/**
 * Asir's queries on values, with its conventions (builtin/type.c, rat.c, miscf.c, var.c, poly.c, fctr.c,
 * pdiv.c): {@code type} (Asir's object ids: 0 for zero, 1 number, 2 polynomial, 4 list, 7 string, 9 distributed
 * polynomial), {@code nm}/{@code dn} (a polynomial is its own numerator), {@code nmono}, {@code vars},
 * {@code var}, {@code mindeg}, {@code ptozp} (divides by the positive content, the sign stays), {@code tdiv}
 * (the quotient when the division is exact, else 0) and {@code red}.
 */
final class ValueQueries {
    private ValueQueries() {
    }

    static void register(FunctionRegistry registry) {
        BuiltinFunctions.reg(registry, "type", 1, 1, "type(A): Asir's type number of A (0 for 0)",
                (a, alg, c) -> Num.of(type(a.get(0))));
        BuiltinFunctions.reg(registry, "nm", 1, 1,
                "nm(A): numerator of a number or rational function (a polynomial is its own)",
                (a, alg, c) -> a.get(0) instanceof Num n ? Num.of(n.numerator())
                        : a.get(0) instanceof Rat r ? r.numerator() : polynomial(a.get(0), "nm"));
        BuiltinFunctions.reg(registry, "dn", 1, 1,
                "dn(A): denominator of a number or rational function (1 for a polynomial)",
                (a, alg, c) -> a.get(0) instanceof Num n ? Num.of(n.denominator())
                        : a.get(0) instanceof Rat r ? r.denominator() : denominatorOfPolynomial(a.get(0)));
        BuiltinFunctions.reg(registry, "real", 1, 1, "real(A): the real part of a number",
                (a, alg, c) -> a.get(0) instanceof Complex z ? z.re() : number(a.get(0), "real"));
        BuiltinFunctions.reg(registry, "imag", 1, 1, "imag(A): the imaginary part of a number",
                (a, alg, c) -> {
                    if (a.get(0) instanceof Complex z) {
                        return z.im();
                    }
                    number(a.get(0), "imag");
                    return Value.ZERO; // a double's imaginary part is 0.0, which Asir keeps as the number 0
                });
        BuiltinFunctions.reg(registry, "conj", 1, 1, "conj(A): the complex conjugate of a number",
                (a, alg, c) -> a.get(0) instanceof Complex z ? z.conjugate() : number(a.get(0), "conj"));
        BuiltinFunctions.reg(registry, "nmono", 1, 1, "nmono(P): number of monomials of P",
                (a, alg, c) -> Num.of(nmono(a.get(0))));
        BuiltinFunctions.reg(registry, "vars", 1, 1, "vars(A): the variables of A, highest first",
                (a, alg, c) -> vars(a.get(0), alg));
        BuiltinFunctions.reg(registry, "var", 1, 1, "var(P): the main variable of P (0 for a number)",
                (a, alg, c) -> a.get(0) instanceof Poly p ? Poly.variable(p.variables().get(0)) : Value.ZERO);
        BuiltinFunctions.reg(registry, "mindeg", 2, 2, "mindeg(P,V): the lowest degree of V in P",
                (a, alg, c) -> mindeg(a.get(0), a.get(1)));
        BuiltinFunctions.reg(registry, "ptozp", 1, 1, "ptozp(P): P divided by its (positive) rational content",
                (a, alg, c) -> ptozp(a.get(0)));
        BuiltinFunctions.reg(registry, "tdiv", 2, 2, "tdiv(P,Q): P/Q when Q divides P, otherwise 0",
                (a, alg, c) -> tdiv(a.get(0), a.get(1), alg));
        BuiltinFunctions.reg(registry, "red", 1, 1, "red(R): R in lowest terms (a polynomial stays as it is)",
                (a, alg, c) -> a.get(0) instanceof Rat r ? reduce(r, alg) : polynomial(a.get(0), "red"));
    }

    static int type(Value v) {
        if (v.isZero()) {
            return 0;
        }
        if (v instanceof Num || v instanceof Real || v instanceof Complex) {
            return 1;
        }
        if (v instanceof Poly) {
            return 2;
        }
        if (v instanceof Rat) {
            return 3;
        }
        if (v instanceof Lst) {
            return 4;
        }
        if (v instanceof Vect) {
            return 5;
        }
        if (v instanceof Mat) {
            return 6;
        }
        if (v instanceof Str) {
            return 7;
        }
        if (v instanceof Dp) {
            return 9;
        }
        throw Algebra.invalid("type");
    }

    /**
     * A rational function in lowest terms, as Asir's red: numerator and denominator divided by the gcd of their
     * primitive parts; a number denominator divides the numerator away; otherwise both are divided by the
     * denominator's content, so that the denominator is primitive with a positive head coefficient.
     */
    private static Value reduce(Rat r, Algebra alg) {
        Value num = r.numerator();
        Value den = r.denominator();
        if (den instanceof Num) {
            return alg.div(num, den);
        }
        Value primitiveDen = ptozp(den);
        Value g = new Polynomials(alg).gcd(ptozp(num), primitiveDen);
        Value u = alg.divExact(num, g);
        Value s = alg.divExact(den, g);
        if (s instanceof Num) {
            return alg.div(u, s);
        }
        Value content = alg.divExact(den, primitiveDen);
        Value pnm = alg.div(u, content);
        Value pdn = alg.div(s, content);
        if (pdn instanceof Poly q && q.kernel().signum() < 0) {
            pnm = alg.neg(pnm);
            pdn = alg.neg(pdn);
        }
        return Rat.of(pnm, pdn);
    }

    private static Value number(Value v, String op) {
        if (v instanceof Num || v instanceof Real) {
            return v;
        }
        throw Algebra.invalid(op);
    }

    private static Value polynomial(Value v, String op) {
        if (v instanceof Num || v instanceof Poly) {
            return v;
        }
        throw Algebra.invalid(op);
    }

    private static Value denominatorOfPolynomial(Value v) {
        polynomial(v, "dn");
        return Num.of(1);
    }

    private static int nmono(Value v) {
        if (v.isZero()) {
            return 0;
        }
        if (v instanceof Num) {
            return 1;
        }
        if (v instanceof Poly p) {
            return p.kernel().size();
        }
        if (v instanceof Rat r) {
            // Asir counts the monomials of numerator and denominator (nmono(x/y) is 2)
            return nmono(r.numerator()) + nmono(r.denominator());
        }
        return 0;
    }

    private static Value vars(Value v, Algebra alg) {
        Set<String> names = new LinkedHashSet<>();
        collect(v, names);
        List<Value> out = new ArrayList<>();
        for (String n : alg.order().sorted(names)) {
            out.add(Poly.variable(n));
        }
        return new Lst(out);
    }

    private static void collect(Value v, Set<String> names) {
        if (v instanceof Poly p) {
            names.addAll(p.variables());
        } else if (v instanceof Rat r) {
            collect(r.numerator(), names);
            collect(r.denominator(), names);
        } else if (v instanceof Lst l) {
            for (Value e : l.elements()) {
                collect(e, names);
            }
        }
    }

    private static Value mindeg(Value p, Value v) {
        String name = Polynomials.variableName(v, "mindeg");
        if (!(p instanceof Poly q)) {
            return Value.ZERO;
        }
        int i = q.variables().indexOf(name);
        return Num.of(i < 0 ? 0 : q.kernel().numerator().minDegree(i));
    }

    private static Value ptozp(Value v) {
        if (v instanceof Num n) {
            return n.isZero() ? n : Num.of(n.signum());
        }
        if (!(v instanceof Poly p)) {
            throw Algebra.invalid("ptozp");
        }
        QPoly q = p.kernel();
        BigInteger content = q.numerator().content();
        return Poly.of(p.variables(), QPoly.of(q.numerator().divideExact(content)));
    }

    private static Value tdiv(Value a, Value b, Algebra alg) {
        if (a.isZero() || b.isZero() || !(a instanceof Num || a instanceof Poly)
                || !(b instanceof Num || b instanceof Poly)) {
            return Value.ZERO;
        }
        try {
            return alg.divExact(a, b);
        } catch (org.ox4j.server.eval.EvaluationException e) {
            return Value.ZERO;
        }
    }
}
