package org.ox4j.server.algebra;

import java.math.BigInteger;
import java.util.List;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.RecursiveView;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.cmo.text.AsirNotation;

/**
 * Prints values the way Asir's {@code print}/{@code rtostr} does (and hence what ox_asir answers to
 * SM_popString): lists without spaces, strings without quotes, polynomials in recursive form with the highest
 * variable outermost, e.g. {@code 3/2*y*x^2-5/7*y^3*x+1/3} and {@code x^2+2*x+1}.
 */
public final class ValuePrinter {
    private ValuePrinter() {
    }

    public static String print(Value v) {
        StringBuilder sb = new StringBuilder();
        print(v, sb);
        return sb.toString();
    }

    private static void print(Value v, StringBuilder sb) {
        if (v instanceof Num n) {
            sb.append(n);
        } else if (v instanceof Real r) {
            sb.append(r.printed());
        } else if (v instanceof Complex c) {
            sb.append(c);
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
            sb.append(poly(p.kernel(), p.variables()));
        } else if (v instanceof Dp d) {
            dp(d, sb);
        } else if (v instanceof Vect vec) {
            // Asir: "[ " and each element followed by a blank, then "]"
            sb.append("[ ");
            for (Value e : vec.elements()) {
                print(e, sb);
                sb.append(' ');
            }
            sb.append(']');
        } else if (v instanceof Mat m) {
            for (int i = 0; i < m.rows(); i++) {
                if (i > 0) {
                    sb.append('\n');
                }
                print(m.row(i), sb);
            }
        } else if (v instanceof Rat r) {
            // Asir writes both parts in parentheses, whatever they are
            sb.append('(');
            print(r.numerator(), sb);
            sb.append(")/(");
            print(r.denominator(), sb);
            sb.append(')');
        } else {
            sb.append(popString(((Opaque) v).cmo()));
        }
    }

    /** Recursive form: sum over the main variable's powers, coefficients printed before the power. */
    static String poly(QPoly p, List<String> names) {
        return RecursiveView.fold(p, new RecursiveView.Folder<Piece>() {
            @Override
            public Piece constant(java.math.BigInteger num, java.math.BigInteger den) {
                return new Piece(Num.of(num, den).toString(), true, true);
            }

            @Override
            public Piece sum(int variable, int[] exponents, List<Piece> coefficients) {
                StringBuilder sb = new StringBuilder();
                for (int k = 0; k < exponents.length; k++) {
                    int e = exponents[k];
                    Piece c = coefficients.get(k);
                    String term;
                    if (e == 0) {
                        term = c.text();
                    } else {
                        String power = e == 1 ? names.get(variable) : names.get(variable) + "^" + e;
                        if (c.constant()) {
                            term = c.text().equals("1") ? power : c.text().equals("-1") ? "-" + power
                                    : c.text() + "*" + power;
                        } else if (c.monomial()) {
                            term = c.text() + "*" + power;
                        } else {
                            term = "(" + c.text() + ")*" + power;
                        }
                    }
                    if (sb.length() > 0 && !term.startsWith("-")) {
                        sb.append('+');
                    }
                    sb.append(term);
                }
                return new Piece(sb.toString(), false, exponents.length == 1 && coefficients.get(0).monomial());
            }
        }).text();
    }

    /** A printed coefficient: its text, whether it is a number, whether it is a single term. */
    private record Piece(String text, boolean constant, boolean monomial) {
    }

    private static void dp(Dp d, StringBuilder sb) {
        QPoly p = d.kernel();
        for (int i = 0; i < p.size(); i++) {
            if (i > 0) {
                sb.append('+');
            }
            BigInteger[] c = p.coefficientInLowestTerms(i);
            sb.append('(').append(Num.of(c[0], c[1])).append(")*<<");
            int[] e = p.exponents(i);
            for (int k = 0; k < e.length; k++) {
                sb.append(k > 0 ? "," : "").append(e[k]);
            }
            sb.append(">>");
        }
        if (p.size() == 0) {
            sb.append('0');
        }
    }

    /**
     * ox_asir's {@code SM_popString} text of a stack object: {@link AsirNotation#popString}, with recursive
     * polynomials printed as the values they become here (the session's variable order decides the outermost
     * variable, as Asir's does), falling back to the CMO's own structure if the value cannot be formed.
     */
    public static String popString(Cmo c) {
        return AsirNotation.popString(c, part -> {
            // the parts whose printed form is the local language's: polynomials in Asir's recursive form, doubles
            // as C's %g, complex numbers as (a+b*@i)
            if (part.type() != CmoType.RECURSIVE_POLYNOMIAL && part.type() != CmoType.IEEE_DOUBLE_FLOAT
                    && part.type() != CmoType.COMPLEX) {
                return null;
            }
            try {
                return print(new ValueCodec(VariableOrder.shared()).fromCmo(part));
            } catch (RuntimeException e) {
                return null;
            }
        });
    }
}
