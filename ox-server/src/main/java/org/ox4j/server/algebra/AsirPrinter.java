package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.Monomial;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.Iterator;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;

/**
 * Prints values the way Asir's {@code print}/{@code rtostr} does (and hence what ox_asir answers to
 * SM_popString): lists without spaces, strings without quotes, polynomials in recursive form with the highest
 * variable outermost, e.g. {@code 3/2*y*x^2-5/7*y^3*x+1/3} and {@code x^2+2*x+1}.
 */
public final class AsirPrinter {
    private AsirPrinter() {
    }

    public static String print(Value v) {
        StringBuilder sb = new StringBuilder();
        print(v, sb);
        return sb.toString();
    }

    private static void print(Value v, StringBuilder sb) {
        if (v instanceof Num n) {
            sb.append(n);
        } else if (v instanceof Str s) {
            sb.append(s.value());
        } else if (v instanceof Lst l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                print(l.get(i), sb);
            }
            sb.append(']');
        } else if (v instanceof Poly p) {
            sb.append(poly(p.unsafePoly(), p.variables(), 0));
        } else if (v instanceof Dp d) {
            dp(d, sb);
        } else {
            opaque(((Opaque) v).cmo(), sb);
        }
    }

    /** Recursive form: sum over the main variable's powers, coefficients printed before the power. */
    static String poly(MultivariatePolynomial<Rational<BigInteger>> p, List<String> names, int from) {
        if (p.isConstant()) {
            return Num.of(p.cc()).toString();
        }
        int v = from;
        while (p.degree(v) == 0) {
            v++;
        }
        StringBuilder sb = new StringBuilder();
        for (int e = p.degree(v); e >= 0; e--) {
            MultivariatePolynomial<Rational<BigInteger>> c = p.coefficientOf(v, e);
            if (c.isZero()) {
                continue;
            }
            String term;
            if (e == 0) {
                term = poly(c, names, v + 1);
            } else {
                String power = e == 1 ? names.get(v) : names.get(v) + "^" + e;
                if (c.isConstant()) {
                    Num n = Num.of(c.cc());
                    term = n.equals(Num.of(1)) ? power : n.equals(Num.of(-1)) ? "-" + power : n + "*" + power;
                } else if (c.size() == 1) {
                    term = poly(c, names, v + 1) + "*" + power;
                } else {
                    term = "(" + poly(c, names, v + 1) + ")*" + power;
                }
            }
            if (sb.length() > 0 && !term.startsWith("-")) {
                sb.append('+');
            }
            sb.append(term);
        }
        return sb.toString();
    }

    private static void dp(Dp d, StringBuilder sb) {
        MultivariatePolynomial<Rational<BigInteger>> p = d.poly().setOrdering(MonomialOrder.GREVLEX);
        Iterator<Monomial<Rational<BigInteger>>> it = p.descendingIterator();
        boolean first = true;
        while (it.hasNext()) {
            Monomial<Rational<BigInteger>> t = it.next();
            if (!first) {
                sb.append('+');
            }
            first = false;
            sb.append('(').append(Num.of(t.coefficient)).append(")*<<");
            for (int i = 0; i < t.exponents.length; i++) {
                sb.append(i > 0 ? "," : "").append(t.exponents[i]);
            }
            sb.append(">>");
        }
        if (first) {
            sb.append('0');
        }
    }

    /** Prints a CMO as Asir prints the object it becomes (INT32 stays an unsigned word inside lists). */
    public static String print(Cmo c) {
        StringBuilder sb = new StringBuilder();
        cmo(c, sb);
        return sb.toString();
    }

    private static void cmo(Cmo c, StringBuilder sb) {
        if (c instanceof CmoList l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                cmo(l.get(i), sb);
            }
            sb.append(']');
        } else if (c instanceof CmoInt32 || c instanceof CmoError2) {
            opaque(c, sb);
        } else {
            print(new ValueCodec(VariableOrder.shared()).fromCmo(c), sb);
        }
    }

    private static void opaque(Cmo c, StringBuilder sb) {
        if (c instanceof CmoInt32 i) {
            sb.append(Integer.toUnsignedString(i.value()));
        } else if (c instanceof CmoError2 e) {
            sb.append("error(");
            cmo(e.body(), sb);
            sb.append(')');
        } else {
            sb.append(c.type());
        }
    }
}
