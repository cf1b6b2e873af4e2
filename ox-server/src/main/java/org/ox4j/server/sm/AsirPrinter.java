package org.ox4j.server.sm;

import java.util.ArrayDeque;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

/**
 * Prints a stack object the way ox_asir's SM_popString does: zero as {@code 0}, strings without quotes, INT32 as an
 * unsigned decimal, lists as {@code [a,b,c]} without spaces, errors as {@code error([...])}, polynomials in Asir's
 * infix form (as the algebra module prints them).
 */
public final class AsirPrinter {
    private AsirPrinter() {
    }

    /** The printed form of {@code c}. */
    public static String print(Cmo c) {
        StringBuilder b = new StringBuilder();
        print(c, b);
        return b.toString();
    }

    /**
     * Prints with an explicit stack of what is still to print (objects, and the punctuation between them), so lists
     * and errors nested thousands of levels deep print without one Java frame per level.
     */
    private static void print(Cmo root, StringBuilder b) {
        ArrayDeque<Object> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Object next = pending.pop();
            if (next instanceof String text) {
                b.append(text);
            } else {
                printOne((Cmo) next, b, pending);
            }
        }
    }

    /** Prints {@code c} itself and schedules its parts (pushed last first). */
    private static void printOne(Cmo c, StringBuilder b, ArrayDeque<Object> pending) {
        if (c instanceof CmoInt32 i) {
            b.append(Integer.toUnsignedString(i.value()));
        } else if (c instanceof CmoZZ z) {
            b.append(z.value());
        } else if (c instanceof CmoQQ q) {
            b.append(q.numerator()).append('/').append(q.denominator());
        } else if (c instanceof CmoString s) {
            b.append(s.value());
        } else if (c instanceof CmoList l) {
            List<Cmo> items = l.elements();
            b.append('[');
            pending.push("]");
            for (int i = items.size() - 1; i >= 0; i--) {
                pending.push(items.get(i));
                if (i > 0) {
                    pending.push(",");
                }
            }
        } else if (c instanceof CmoError2 e) {
            b.append("error(");
            pending.push(")");
            pending.push(e.body());
        } else if (c instanceof CmoMathcap m) {
            pending.push(m.body());
        } else if (c instanceof CmoIeeeDouble d) {
            b.append(Double.longBitsToDouble(d.bits()));
        } else if (c instanceof CmoComplex x) {
            pending.push("*@i");
            pending.push(x.imaginary());
            pending.push("+");
            pending.push(x.real());
        } else if (c instanceof CmoRational r) {
            b.append('(');
            pending.push(")");
            pending.push(r.denominator());
            pending.push(")/(");
            pending.push(r.numerator());
        } else if (c instanceof CmoIndeterminate i) {
            pending.push(i.name());
        } else if (c instanceof CmoRecursivePolynomial p) {
            b.append(algebraic(c, () -> {
                StringBuilder pb = new StringBuilder();
                polynomial(p.body(), p.variables().elements(), pb);
                return pb.toString();
            }));
        } else {
            // NULL, ZERO and every kind of zero print as 0, like Asir's zero
            switch (c.type()) {
                case NULL, ZERO -> b.append('0');
                default -> b.append(c.type().specName());
            }
        }
    }

    /** Asir's own form from the algebra module (term order, signs); the plain form if it cannot convert. */
    private static String algebraic(Cmo c, java.util.function.Supplier<String> fallback) {
        try {
            return org.ox4j.server.algebra.AsirPrinter.print(c);
        } catch (RuntimeException e) {
            return fallback.get();
        }
    }

    private static void polynomial(Cmo body, List<Cmo> vars, StringBuilder b) {
        if (!(body instanceof CmoPolynomialInOneVariable u)) {
            print(body, b);
            return;
        }
        String var = vars.size() > u.variable() && u.variable() >= 0 ? print(vars.get(u.variable())) : "?";
        boolean first = true;
        for (CmoPolynomialInOneVariable.Term t : u.terms()) {
            String coef = coefficient(t.coefficient(), vars);
            boolean negative = coef.startsWith("-");
            if (!first) {
                b.append(negative ? "" : "+");
            }
            first = false;
            String power = t.exponent() == 0 ? "" : t.exponent() == 1 ? var : var + "^" + t.exponent();
            if (power.isEmpty()) {
                b.append(coef);
            } else if (coef.equals("1")) {
                b.append(power);
            } else if (coef.equals("-1")) {
                b.append('-').append(power);
            } else {
                b.append(coef).append('*').append(power);
            }
        }
    }

    private static String coefficient(Cmo c, List<Cmo> vars) {
        if (c instanceof CmoPolynomialInOneVariable inner) {
            StringBuilder b = new StringBuilder();
            polynomial(inner, vars, b);
            return inner.terms().size() > 1 ? "(" + b + ")" : b.toString();
        }
        return print(c);
    }
}
