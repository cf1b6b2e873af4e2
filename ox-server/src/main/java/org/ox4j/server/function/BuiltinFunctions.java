package org.ox4j.server.function;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.cmo.Cmo;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Dp;
import org.ox4j.server.algebra.Factoring;
import org.ox4j.server.algebra.Groebner;
import org.ox4j.server.algebra.Lst;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Rat;
import org.ox4j.server.algebra.Poly;
import org.ox4j.server.algebra.Polynomials;
import org.ox4j.server.algebra.Str;
import org.ox4j.server.algebra.TermOrder;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.algebra.Vect;
import org.ox4j.server.algebra.ValueCodec;
import org.ox4j.server.algebra.ValuePrinter;
import org.ox4j.server.eval.EvaluationException;

/**
 * The builtin function library with Asir's names and argument conventions, callable by SM_executeFunction and
 * from the local language. The local language calls them on values; from SM_executeFunction the arguments arrive
 * as CMOs, are converted with {@link ValueCodec} in the session's variable order, and the result goes back in
 * ox_asir's representation. Arity is checked by the caller from
 * {@link FunctionSpec}; type errors are {@link EvaluationException}s worded like Asir's.
 */
public final class BuiltinFunctions {
    /** Where {@code print} writes. */
    private static final org.apache.logging.log4j.Logger PRINT_LOG = org.apache.logging.log4j.LogManager.getLogger(
            "org.ox4j.server.print");
    private BuiltinFunctions() {
    }

    /** Adds every builtin to {@code registry}. */
    public static FunctionRegistry registerAll(FunctionRegistry registry) {
        // arithmetic
        reg(registry, "add", 2, 2, "add(A,B): A+B", (a, alg, c) -> alg.add(a.get(0), a.get(1)));
        reg(registry, "sub", 2, 2, "sub(A,B): A-B", (a, alg, c) -> alg.sub(a.get(0), a.get(1)));
        reg(registry, "mul", 2, 2, "mul(A,B): A*B", (a, alg, c) -> alg.mul(a.get(0), a.get(1)));
        reg(registry, "div", 2, 2, "div(A,B): exact quotient A/B (numbers, or a polynomial by a divisor)",
                (a, alg, c) -> alg.divExact(a.get(0), a.get(1)));
        reg(registry, "pow", 2, 2, "pow(A,N): A^N for an integer N", (a, alg, c) -> alg.pow(a.get(0), a.get(1)));
        reg(registry, "neg", 1, 1, "neg(A): -A", (a, alg, c) -> alg.neg(a.get(0)));
        // integers
        reg(registry, "idiv", 2, 2, "idiv(A,B): floor of A/B (remainder with the sign of B)",
                (a, alg, c) -> Polynomials.idiv(a.get(0), a.get(1)));
        reg(registry, "irem", 2, 2, "irem(A,B): A-B*idiv(A,B), with the sign of B",
                (a, alg, c) -> Polynomials.irem(a.get(0), a.get(1)));
        reg(registry, "igcd", 2, 2, "igcd(A,B): integer gcd", (a, alg, c) -> Polynomials.igcd(a.get(0), a.get(1)));
        reg(registry, "ilcm", 2, 2, "ilcm(A,B): integer lcm", (a, alg, c) -> Polynomials.ilcm(a.get(0), a.get(1)));
        // polynomials
        reg(registry, "gcd", 2, 2, "gcd(P,Q): polynomial gcd over Q",
                (a, alg, c) -> new Polynomials(alg).gcd(a.get(0), a.get(1)));
        reg(registry, "lcm", 2, 2, "lcm(P,Q): polynomial lcm over Q",
                (a, alg, c) -> new Polynomials(alg).lcm(a.get(0), a.get(1)));
        reg(registry, "fctr", 1, 1, "fctr(P): [[constant,1],[factor,multiplicity],...] over Q",
                (a, alg, c) -> Factoring.fctr(a.get(0), c.interruption()));
        reg(registry, "sqfr", 1, 1, "sqfr(P): square-free factorisation, same shape as fctr",
                (a, alg, c) -> Factoring.sqfr(a.get(0), c.interruption()));
        reg(registry, "res", 3, 3, "res(V,P,Q): the resultant of P and Q with respect to V",
                (a, alg, c) -> {
                    String v = Polynomials.variableName(a.get(0), "res");
                    for (Value p : a.subList(1, 3)) {
                        if (!(p instanceof Num || p instanceof Poly)) {
                            throw Algebra.invalid("res");
                        }
                    }
                    return alg.resultant(v, a.get(1), a.get(2));
                });
        reg(registry, "deg", 2, 2, "deg(P,V): degree of P in V", (a, alg, c) -> Polynomials.deg(a.get(0), a.get(1)));
        reg(registry, "coef", 2, 3, "coef(P,D[,V]): coefficient of V^D (V: main variable by default)",
                (a, alg, c) -> Polynomials.coef(a.get(0), a.get(1), a.size() > 2 ? a.get(2) : null));
        reg(registry, "subst", 3, -1, "subst(P,V1,Q1[,V2,Q2,...]): substitute Qi for Vi, left to right",
                BuiltinFunctions::subst);
        reg(registry, "diff", 2, -1, "diff(P,V1[,V2,...]): partial derivatives", BuiltinFunctions::diff);
        reg(registry, "sdiv", 2, 3, "sdiv(P,Q[,V]): quotient of P by Q w.r.t. V",
                (a, alg, c) -> sqr(a, alg, "sdiv").get(0));
        reg(registry, "srem", 2, 3, "srem(P,Q[,V]): remainder of P by Q w.r.t. V",
                (a, alg, c) -> sqr(a, alg, "srem").get(1));
        reg(registry, "sqr", 2, 3, "sqr(P,Q[,V]): [quotient, remainder] w.r.t. V",
                (a, alg, c) -> sqr(a, alg, "sqr"));
        // Gröbner bases
        reg(registry, "nd_gr", 4, 4, "nd_gr(F,V,P,O): reduced Groebner basis, P=0 (Q) or a prime, O=0|1|2",
                (a, alg, c) -> new Lst(new Groebner(alg).ndBasis(list(a.get(0), "nd_gr").elements(),
                        ring(a.get(1), a.get(2), a.get(3), "nd_gr"))));
        reg(registry, "nd_f4", 4, 4, "nd_f4(F,V,P,O): reduced Groebner basis by F4 (P a prime; 0: over Q)",
                (a, alg, c) -> new Lst(new Groebner(alg).ndBasis(list(a.get(0), "nd_f4").elements(),
                        ring(a.get(1), a.get(2), a.get(3), "nd_f4"))));
        reg(registry, "nd_gr_trace", 5, 5, "nd_gr_trace(F,V,H,P,O): reduced Groebner basis over Q",
                (a, alg, c) -> new Lst(new Groebner(alg).ndBasis(list(a.get(0), "nd_gr_trace").elements(),
                        ring(a.get(1), Value.ZERO, a.get(4), "nd_gr_trace"))));
        reg(registry, "nd_f4_trace", 5, 5, "nd_f4_trace(F,V,H,P,O): reduced Groebner basis over Q (as nd_gr_trace)",
                (a, alg, c) -> new Lst(new Groebner(alg).ndBasis(list(a.get(0), "nd_f4_trace").elements(),
                        ring(a.get(1), Value.ZERO, a.get(4), "nd_f4_trace"))));
        reg(registry, "dp_gr_mod_main", 5, 5, "dp_gr_mod_main(F,V,H,P,O): reduced Groebner basis modulo the prime P",
                (a, alg, c) -> {
                    if (a.get(3).isZero()) {
                        throw new EvaluationException("dp_gr_mod_main : the modulus must be a prime, not 0");
                    }
                    return new Lst(new Groebner(alg).basis(list(a.get(0), "dp_gr_mod_main").elements(),
                            ring(a.get(1), a.get(3), a.get(4), "dp_gr_mod_main")));
                });
        reg(registry, "dp_gr_main", 5, 5, "dp_gr_main(F,V,H,M,O): reduced Groebner basis over Q",
                (a, alg, c) -> new Lst(new Groebner(alg).basis(list(a.get(0), "dp_gr_main").elements(),
                        ring(a.get(1), Value.ZERO, a.get(4), "dp_gr_main"))));
        reg(registry, "nd_nf", 4, 4, "nd_nf(P,G,V,O): normal form of P modulo G over Q, up to a constant",
                (a, alg, c) -> new Groebner(alg).normalForm(a.get(0), list(a.get(1), "nd_nf").elements(),
                        ring(a.get(2), Value.ZERO, a.get(3), "nd_nf")));
        reg(registry, "gr", 3, 3, "gr(F,V,O): reduced Groebner basis over Q",
                (a, alg, c) -> new Lst(new Groebner(alg).basis(list(a.get(0), "gr").elements(),
                        ring(a.get(1), Value.ZERO, a.get(2), "gr"))));
        reg(registry, "is_gb", 3, 4, "is_gb(G,V,O[,P]): 1 if G is a Groebner basis, else 0",
                (a, alg, c) -> bool(new Groebner(alg).isGroebnerBasis(list(a.get(0), "is_gb").elements(),
                        ring(a.get(1), a.size() > 3 ? a.get(3) : Value.ZERO, a.get(2), "is_gb"))));
        reg(registry, "p_nf", 4, 4, "p_nf(P,G,V,O): normal form of P modulo G over Q",
                (a, alg, c) -> new Groebner(alg).normalForm(a.get(0), list(a.get(1), "p_nf").elements(),
                        ring(a.get(2), Value.ZERO, a.get(3), "p_nf")));
        reg(registry, "nf", 4, 4, "nf(P,G,V,O): same as p_nf",
                (a, alg, c) -> new Groebner(alg).normalForm(a.get(0), list(a.get(1), "nf").elements(),
                        ring(a.get(2), Value.ZERO, a.get(3), "nf")));
        reg(registry, "sp", 4, 4, "sp(F,G,V,O): S-polynomial lc(G)*(L/lt F)*F - lc(F)*(L/lt G)*G",
                (a, alg, c) -> new Groebner(alg).sPolynomial(a.get(0), a.get(1),
                        ring(a.get(2), Value.ZERO, a.get(3), "sp")));
        reg(registry, "dp_ptod", 2, 2, "dp_ptod(P,V): distributed polynomial of P in the variables V",
                (a, alg, c) -> {
                    List<String> vars = names(a.get(1), "dp_ptod");
                    Value p = onlyVariables(a.get(0), vars, "dp_ptod");
                    long degree = p instanceof Poly q ? q.kernel().totalDegree() : 0;
                    return new Dp(Algebra.kernel(p, vars,
                            MonomialLayout.forDegree(MonomialOrder.grevlex(vars.size()), degree)));
                });
        reg(registry, "dp_dtop", 2, 2, "dp_dtop(D,V): polynomial of the distributed polynomial D in the variables V",
                BuiltinFunctions::dpToPoly);
        ValueQueries.register(registry);
        IntegerFunctions.register(registry);
        StringFunctions.register(registry);
        DistributedFunctions.register(registry);
        ArrayFunctions.register(registry);
        ModularGroebnerFunctions.register(registry);
        // lists and strings
        reg(registry, "length", 1, 1, "length(L): number of elements (or characters)", BuiltinFunctions::length);
        reg(registry, "car", 1, 1, "car(L): first element ([] for [])", (a, alg, c) -> {
            Lst l = list(a.get(0), "car");
            return l.size() == 0 ? l : l.get(0);
        });
        reg(registry, "cdr", 1, 1, "cdr(L): all but the first element", (a, alg, c) -> {
            Lst l = list(a.get(0), "cdr");
            return l.size() == 0 ? l : new Lst(l.elements().subList(1, l.size()));
        });
        reg(registry, "cons", 2, 2, "cons(A,L): [A|L]", (a, alg, c) -> {
            List<Value> out = new ArrayList<>();
            out.add(a.get(0));
            out.addAll(list(a.get(1), "cons").elements());
            return new Lst(out);
        });
        reg(registry, "append", 2, 2, "append(L1,L2): concatenation", (a, alg, c) -> {
            List<Value> out = new ArrayList<>(list(a.get(0), "append").elements());
            out.addAll(list(a.get(1), "append").elements());
            return new Lst(out);
        });
        reg(registry, "member", 2, 2, "member(A,L): 1 if A is an element of the list L, else 0",
                (a, alg, c) -> bool(list(a.get(1), "member").elements().contains(a.get(0))));
        reg(registry, "reverse", 1, 1, "reverse(L): the list reversed", (a, alg, c) -> {
            List<Value> out = new ArrayList<>(list(a.get(0), "reverse").elements());
            java.util.Collections.reverse(out);
            return new Lst(out);
        });
        reg(registry, "rtostr", 1, 1, "rtostr(A): the printed form of A", (a, alg, c) ->
                new Str(ValuePrinter.print(a.get(0))));
        reg(registry, "print", 1, 2, "print(A[,NL]): writes A to the server's log (a server has no terminal); 0",
                (a, alg, c) -> {
                    // Asir prints to its standard output, which a launched server does not have; bounded in the log
                    String text = ValuePrinter.print(a.get(0));
                    PRINT_LOG.info("print: {}", text.length() <= 1000 ? text
                            : text.substring(0, 1000) + "… (" + text.length() + " characters)");
                    return Value.ZERO;
                });
        reg(registry, "error", 1, 1, "error(Msg): raises an error with this message", (a, alg, c) -> {
            throw new EvaluationException(a.get(0) instanceof Str s ? s.value() : ValuePrinter.print(a.get(0)));
        });
        // evaluated by the local language itself (they call functions or parse); listed here so that ox_functions
        // shows them and SM_executeFunction explains itself
        languageForm(registry, "map", 2, -1, "map(F,L,A...): [F(E,A...) for the elements E of L]");
        languageForm(registry, "qsort", 1, 2, "qsort(L[,F]): L sorted (numbers, or by the comparison function F)");
        languageForm(registry, "eval_str", 1, 1, "eval_str(S): the value of the expression S");
        reg(registry, "ox_functions", 0, 0, "ox_functions(): [[name,minArity,maxArity],...] (-1 = any number)",
                (a, alg, c) -> {
                    List<Value> out = new ArrayList<>();
                    for (FunctionSpec s : c.functions().all()) {
                        out.add(Lst.of(new Str(s.name()), Num.of(s.minArity()), Num.of(s.maxArity())));
                    }
                    return new Lst(out);
                });
        return registry;
    }

    private static void languageForm(FunctionRegistry registry, String name, int min, int max, String description) {
        reg(registry, name, min, max, description + " (in a statement of the local language)", (a, alg, c) -> {
            throw new EvaluationException(name + " is evaluated by the local language: send it with "
                    + "SM_executeStringByLocalParser");
        });
    }

    /** Registers a value-level builtin under {@code name}. */
    public static void reg(FunctionRegistry registry, String name, int min, int max, String description,
            ValueFunction f) {
        registry.register(new FunctionSpec(name, min, max, description, adapt(f), f));
    }

    /** Wraps a value-level function as a CMO-level one (conversion in the session's variable order). */
    public static OxFunction adapt(ValueFunction f) {
        return (List<Cmo> args, EvalContext ctx) -> {
            ValueCodec codec = new ValueCodec(ctx.variableOrder());
            List<Value> values = new ArrayList<>(args.size());
            for (Cmo c : args) {
                values.add(codec.fromCmo(c));
            }
            return ValueCodec.toCmo(f.apply(values, ctx.algebra(), ctx));
        };
    }

    // ---------------------------------------------------------------- argument helpers

    static Lst list(Value v, String op) {
        if (v instanceof Lst l) {
            return l;
        }
        if (v.isZero()) {
            return Lst.EMPTY; // an Asir master may send an empty list's absence as 0; be lenient
        }
        throw Algebra.invalid(op);
    }

    static List<String> names(Value v, String op) {
        List<String> out = new ArrayList<>();
        for (Value e : list(v, op).elements()) {
            String n = Polynomials.variableName(e, op);
            if (out.contains(n)) {
                throw new EvaluationException(op + " : duplicate variable " + n);
            }
            out.add(n);
        }
        if (out.isEmpty()) {
            throw new EvaluationException(op + " : empty variable list");
        }
        return out;
    }

    static Groebner.Ring ring(Value vars, Value characteristic, Value order, String op) {
        java.math.BigInteger p = Polynomials.integer(characteristic, op);
        if (p.signum() < 0 || p.bitLength() > 62) {
            throw new EvaluationException(op + " : the characteristic must be 0 or a prime below 2^62");
        }
        return new Groebner.Ring(names(vars, op), TermOrder.ofAsir(order, op), p.longValue());
    }

    static Value bool(boolean b) {
        return Num.of(b ? 1 : 0);
    }

    private static Value onlyVariables(Value p, List<String> vars, String op) {
        if (p instanceof Poly q && !vars.containsAll(q.variables())) {
            throw new EvaluationException(op + " : the polynomial has variables outside " + vars);
        }
        if (!(p instanceof Poly) && !(p instanceof Num)) {
            throw Algebra.invalid(op);
        }
        return p;
    }

    private static Value dpToPoly(List<Value> a, Algebra alg, EvalContext c) {
        List<String> vars = names(a.get(1), "dp_dtop");
        if (a.get(0) instanceof Num) {
            return a.get(0);
        }
        if (!(a.get(0) instanceof Dp d) || d.nVariables() != vars.size()) {
            throw Algebra.invalid("dp_dtop");
        }
        return Poly.ofVariables(vars, d.kernel(), alg.order());
    }

    private static Value subst(List<Value> a, Algebra alg, EvalContext c) {
        if (a.size() % 2 == 0) {
            throw new EvaluationException("subst : argument mismatch");
        }
        Polynomials p = new Polynomials(alg);
        Value r = a.get(0);
        for (int i = 1; i < a.size(); i += 2) {
            r = p.subst(r, a.get(i), a.get(i + 1));
        }
        return r;
    }

    private static Value diff(List<Value> a, Algebra alg, EvalContext c) {
        Value r = a.get(0);
        List<Value> vars = a.size() == 2 && a.get(1) instanceof Lst l ? l.elements() : a.subList(1, a.size());
        for (Value v : vars) {
            r = derivative(r, v, alg);
        }
        return r;
    }

    /**
     * d/dv of a polynomial, or of a rational function n/d as Asir writes it: (n'·d − n·d')/d² with the square
     * expanded and nothing cancelled ({@code diff(1/x, x)} is {@code (-1)/(x^2)}).
     */
    private static Value derivative(Value p, Value v, Algebra alg) {
        if (!(p instanceof Rat q)) {
            return Polynomials.diff(p, v);
        }
        Value n = q.numerator();
        Value d = q.denominator();
        Value top = alg.sub(alg.mul(Polynomials.diff(n, v), d), alg.mul(n, Polynomials.diff(d, v)));
        return top.isZero() ? Value.ZERO : Rat.of(top, alg.mul(d, d));
    }

    private static Lst sqr(List<Value> a, Algebra alg, String op) {
        return new Polynomials(alg).sqr(a.get(0), a.get(1), a.size() > 2 ? a.get(2) : null, op);
    }

    private static Value length(List<Value> a, Algebra alg, EvalContext c) {
        if (a.get(0) instanceof Lst l) {
            return Num.of(l.size());
        }
        if (a.get(0) instanceof Vect v) {
            return Num.of(v.size());
        }
        throw Algebra.invalid("length");
    }
}
