package org.ox4j.client.syntax;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;

/**
 * Prints a CMO the way an Asir user reads it: numbers and polynomials in Asir notation ({@code x^2*y+2*x-3}),
 * lists in brackets, strings quoted, {@code CMO_INT32} as {@code int32(n)}, errors as {@code error([...])},
 * distributed polynomials as {@code (c)*<<e1,e2>>}. Types without a natural notation print their spec name.
 */
public final class CmoFormatter {
    private CmoFormatter() {
    }

    /** The one-line Asir-style text of {@code cmo}. */
    public static String format(Cmo cmo) {
        StringBuilder sb = new StringBuilder();
        append(sb, cmo);
        return sb.toString();
    }

    private static void append(StringBuilder sb, Cmo cmo) {
        if (cmo instanceof CmoZZ z) {
            sb.append(z.value());
        } else if (cmo instanceof CmoQQ q) {
            sb.append(q.numerator()).append('/').append(q.denominator());
        } else if (cmo instanceof CmoNull || cmo instanceof CmoZero) {
            sb.append('0');
        } else if (cmo instanceof CmoInt32 i) {
            sb.append("int32(").append(i.value()).append(')');
        } else if (cmo instanceof CmoString s) {
            sb.append('"').append(s.value().replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        } else if (cmo instanceof CmoList l) {
            appendList(sb, l.elements());
        } else if (cmo instanceof CmoMathcap m) {
            sb.append("mathcap(");
            append(sb, m.body());
            sb.append(')');
        } else if (cmo instanceof CmoError2 e) {
            sb.append("error(");
            append(sb, e.body());
            sb.append(')');
        } else if (cmo instanceof CmoIndeterminate ind) {
            sb.append(ind.name() instanceof CmoString s ? s.value() : format(ind.name()));
        } else if (cmo instanceof CmoRecursivePolynomial p) {
            appendPolynomial(sb, p);
        } else if (cmo instanceof CmoRational r) {
            sb.append('(');
            append(sb, r.numerator());
            sb.append(")/(");
            append(sb, r.denominator());
            sb.append(')');
        } else if (cmo instanceof CmoComplex c) {
            sb.append('(');
            append(sb, c.real());
            sb.append(")+(");
            append(sb, c.imaginary());
            sb.append(")*@i");
        } else if (cmo instanceof CmoIeeeDouble d) {
            sb.append(d.value());
        } else if (cmo instanceof CmoDistributedPolynomial dp) {
            appendDistributed(sb, dp);
        } else if (cmo instanceof CmoMonomial32 m) {
            appendMonomial(sb, m);
        } else if (cmo instanceof CmoDatum d) {
            sb.append("datum(").append(d.length()).append(" bytes)");
        } else {
            sb.append(cmo.type().specName());
        }
    }

    private static void appendList(StringBuilder sb, List<Cmo> elements) {
        sb.append('[');
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            append(sb, elements.get(i));
        }
        sb.append(']');
    }

    private static void appendDistributed(StringBuilder sb, CmoDistributedPolynomial dp) {
        if (dp.monomials().isEmpty()) {
            sb.append('0');
            return;
        }
        for (int i = 0; i < dp.monomials().size(); i++) {
            if (i > 0) {
                sb.append('+');
            }
            appendMonomial(sb, dp.monomials().get(i));
        }
    }

    private static void appendMonomial(StringBuilder sb, CmoMonomial32 m) {
        sb.append('(');
        append(sb, m.coefficient());
        sb.append(")*<<");
        for (int i = 0; i < m.arity(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(m.exponent(i));
        }
        sb.append(">>");
    }

    /** One term of the flattened polynomial: exponents per variable index, and a number coefficient. */
    private record FlatTerm(int[] exponents, Cmo coefficient) {
    }

    private static void appendPolynomial(StringBuilder sb, CmoRecursivePolynomial p) {
        List<String> names = new ArrayList<>();
        for (Cmo v : p.variables().elements()) {
            names.add(v instanceof CmoIndeterminate ind && ind.name() instanceof CmoString s ? s.value()
                    : v instanceof CmoString s2 ? s2.value() : format(v));
        }
        List<FlatTerm> terms = new ArrayList<>();
        flatten(p.body(), new int[names.size()], terms);
        if (terms.isEmpty()) {
            sb.append('0');
            return;
        }
        boolean first = true;
        for (FlatTerm t : terms) {
            String coef = format(t.coefficient());
            boolean negative = coef.startsWith("-");
            String magnitude = negative ? coef.substring(1) : coef;
            boolean simpleNumber = t.coefficient() instanceof CmoZZ || t.coefficient() instanceof CmoQQ
                    || t.coefficient() instanceof CmoInt32;
            if (!simpleNumber) {
                negative = false;
                magnitude = "(" + coef + ")";
            }
            sb.append(negative ? "-" : first ? "" : "+");
            first = false;
            StringBuilder mono = new StringBuilder();
            for (int i = 0; i < names.size(); i++) {
                int e = t.exponents()[i];
                if (e == 0) {
                    continue;
                }
                if (mono.length() > 0) {
                    mono.append('*');
                }
                mono.append(names.get(i));
                if (e != 1) {
                    mono.append('^').append(e);
                }
            }
            if (mono.length() == 0) {
                sb.append(magnitude);
            } else if (magnitude.equals("1")) {
                sb.append(mono);
            } else {
                sb.append(magnitude).append('*').append(mono);
            }
        }
    }

    private static void flatten(Cmo body, int[] exps, List<FlatTerm> out) {
        if (body instanceof CmoPolynomialInOneVariable u && u.variable() >= 0 && u.variable() < exps.length) {
            for (CmoPolynomialInOneVariable.Term t : u.terms()) {
                int[] e = exps.clone();
                e[u.variable()] += t.exponent();
                flatten(t.coefficient(), e, out);
            }
        } else if (!(body instanceof CmoNull || body instanceof CmoZero
                || (body instanceof CmoZZ z && z.value().signum() == 0))) {
            out.add(new FlatTerm(exps, body));
        }
    }
}
