package org.ox4j.cmo.text;

import java.math.BigInteger;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoArray;
import org.ox4j.cmo.CmoAtom;
import org.ox4j.cmo.CmoBigFloat;
import org.ox4j.cmo.CmoBigFloat32;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsOfNVariables;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoLambda;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMachineDouble;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoRingByName;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoTree;
import org.ox4j.cmo.CmoZZ;

/**
 * A compact one-line rendering of a CMO for logs and error messages, close to how Asir prints the value:
 * {@code [1,[2,"two",3/4],-5]}, {@code 3/2*y*x^2-5/7*y^3*x+1/3}, {@code (3)*<<2,1>>+(-1)*<<0,0>>}.
 *
 * <p>Output is bounded: integers of more than {@value #MAX_FULL_DIGITS} digits are abbreviated to their
 * first and last digits and the digit count, integers of more than {@value #MAX_CONVERTED_BITS} bits are not
 * converted to decimal at all (only their size is shown), and the whole text is cut after a maximum length
 * ({@value #DEFAULT_MAX_CHARS} characters unless given) with {@code ...}. Never used on the wire.
 *
 * <p>Conventions beyond Asir's: {@code CMO_INT32} is written {@code (int32)5} so it is not mistaken for an
 * integer; strings are quoted with escapes; {@code CMO_NULL} and {@code CMO_ZERO} are {@code 0}; an
 * indeterminate is its bare name; other types use {@code name(parts)}.
 */
public final class CmoText {
    /** Default cut-off of {@link #render(Cmo)}. */
    public static final int DEFAULT_MAX_CHARS = 1000;
    static final int MAX_FULL_DIGITS = 40;
    static final int MAX_CONVERTED_BITS = 1 << 16;
    private static final int HEAD_DIGITS = 20;
    private static final int TAIL_DIGITS = 10;

    private final StringBuilder sb = new StringBuilder();
    private final int maxChars;

    private CmoText(int maxChars) {
        this.maxChars = maxChars;
    }

    /** The one-line form of {@code cmo}, at most about {@link #DEFAULT_MAX_CHARS} characters. */
    public static String render(Cmo cmo) {
        return render(cmo, DEFAULT_MAX_CHARS);
    }

    /** The one-line form of {@code cmo}; longer output is cut after {@code maxChars} characters plus {@code ...}. */
    public static String render(Cmo cmo, int maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars: " + maxChars + " (expected: >= 1)");
        }
        CmoText t = new CmoText(maxChars);
        t.append(cmo);
        if (t.sb.length() > maxChars) {
            t.sb.setLength(maxChars);
            t.sb.append("...");
        }
        return t.sb.toString();
    }

    private boolean full() {
        return sb.length() > maxChars;
    }

    private void append(Cmo c) {
        if (full()) {
            return;
        }
        switch (c.type()) {
            case NULL, ZERO -> sb.append('0');
            case INT32 -> sb.append("(int32)").append(((CmoInt32) c).value());
            case ZZ -> appendInteger(((CmoZZ) c).value());
            case QQ -> {
                CmoQQ q = (CmoQQ) c;
                appendInteger(q.numerator());
                sb.append('/');
                appendInteger(q.denominator());
            }
            case STRING -> StringEscapes.appendQuoted(sb, ((CmoString) c).unsafeBytes(), maxChars);
            case ATOM -> {
                sb.append("atom(");
                StringEscapes.appendQuoted(sb, ((CmoAtom) c).name().unsafeBytes(), maxChars);
                sb.append(')');
            }
            case DATUM -> sb.append("datum(").append(((CmoDatum) c).length()).append(" bytes)");
            case LIST -> appendSequence("[", ((CmoList) c).elements(), "]");
            case ARRAY -> appendSequence("array(", ((CmoArray) c).elements(), ")");
            case MATHCAP -> call("mathcap", ((CmoMathcap) c).body());
            case ERROR2 -> call("error", ((CmoError2) c).body());
            case ERROR -> sb.append("error()");
            case INDETERMINATE -> {
                Cmo name = ((CmoIndeterminate) c).name();
                if (name instanceof CmoString s) {
                    sb.append(s.value());
                } else {
                    call("indeterminate", name);
                }
            }
            case RECURSIVE_POLYNOMIAL -> {
                CmoRecursivePolynomial p = (CmoRecursivePolynomial) c;
                appendPolynomial(p.body(), p.variables(), false);
            }
            case POLYNOMIAL_IN_ONE_VARIABLE -> appendPolynomial(c, CmoList.EMPTY, false);
            case DISTRIBUTED_POLYNOMIAL -> appendDistributed((CmoDistributedPolynomial) c);
            case MONOMIAL32 -> appendMonomial((CmoMonomial32) c);
            case RATIONAL -> {
                CmoRational r = (CmoRational) c;
                sb.append('(');
                append(r.numerator());
                sb.append(")/(");
                append(r.denominator());
                sb.append(')');
            }
            case COMPLEX -> {
                CmoComplex x = (CmoComplex) c;
                sb.append('(');
                append(x.real());
                sb.append(")+(");
                append(x.imaginary());
                sb.append(")*@i");
            }
            case IEEE_DOUBLE_FLOAT -> sb.append(((CmoIeeeDouble) c).value());
            case MACHINE_DOUBLE_64 -> sb.append(((CmoMachineDouble) c).value());
            case BIGFLOAT32 -> {
                CmoBigFloat32 b = (CmoBigFloat32) c;
                sb.append("bigfloat(prec=").append(b.precision()).append(",sign=").append(b.sign()).append(",exp=")
                        .append(b.exponent()).append(",words=").append(b.wordCount()).append(')');
            }
            case BIGFLOAT -> {
                CmoBigFloat b = (CmoBigFloat) c;
                appendInteger(b.mantissa());
                sb.append("*2^");
                appendInteger(b.exponent());
            }
            case DMS_GENERIC -> sb.append("dms_generic");
            case DMS_OF_N_VARIABLES -> call("dms", ((CmoDmsOfNVariables) c).description());
            case RING_BY_NAME -> call("ring", ((CmoRingByName) c).name());
            case TREE -> {
                CmoTree t = (CmoTree) c;
                appendSequence("tree(", List.of(t.name(), t.attributes(), t.leaves()), ")");
            }
            case LAMBDA -> {
                CmoLambda l = (CmoLambda) c;
                appendSequence("lambda(", List.of(l.arguments(), l.body()), ")");
            }
            default -> sb.append(c.type().specName());
        }
    }

    private void call(String name, Cmo arg) {
        sb.append(name).append('(');
        append(arg);
        sb.append(')');
    }

    private void appendSequence(String open, List<? extends Cmo> elements, String close) {
        sb.append(open);
        for (int i = 0; i < elements.size() && !full(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            append(elements.get(i));
        }
        sb.append(close);
    }

    /** Decimal, abbreviated beyond {@link #MAX_FULL_DIGITS} digits, not converted at all when huge. */
    private void appendInteger(BigInteger v) {
        int bits = v.bitLength();
        if (bits > MAX_CONVERTED_BITS) {
            sb.append(v.signum() < 0 ? "-" : "").append("<integer of ").append(bits).append(" bits>");
            return;
        }
        String s = v.toString();
        int sign = v.signum() < 0 ? 1 : 0;
        int digits = s.length() - sign;
        if (digits <= MAX_FULL_DIGITS) {
            sb.append(s);
        } else {
            sb.append(s, 0, sign + HEAD_DIGITS).append("...").append(s, s.length() - TAIL_DIGITS, s.length())
                    .append('(').append(digits).append(" digits)");
        }
    }

    /**
     * A recursive polynomial body the way Asir prints it: terms by decreasing degree of the main variable,
     * coefficient first ({@code 3/2*y*x^2}), unit coefficients dropped, multi-term coefficients in parentheses.
     *
     * @param asFactor whether the text is a factor of a product (then a sum gets parentheses)
     */
    private void appendPolynomial(Cmo body, CmoList vars, boolean asFactor) {
        if (!(body instanceof CmoPolynomialInOneVariable p)) {
            append(body);
            return;
        }
        List<CmoPolynomialInOneVariable.Term> terms = p.terms();
        boolean parens = asFactor && terms.size() > 1;
        if (parens) {
            sb.append('(');
        }
        String var = variableName(vars, p.variable());
        for (int i = 0; i < terms.size() && !full(); i++) {
            CmoPolynomialInOneVariable.Term t = terms.get(i);
            int mark = sb.length();
            if (t.exponent() == 0) {
                appendPolynomial(t.coefficient(), vars, false);
            } else {
                appendCoefficientFactor(t.coefficient(), vars);
                sb.append(var);
                if (t.exponent() != 1) {
                    sb.append('^').append(t.exponent());
                }
            }
            if (i > 0 && (sb.length() == mark || sb.charAt(mark) != '-')) {
                sb.insert(mark, '+');
            }
        }
        if (parens) {
            sb.append(')');
        }
    }

    /** A coefficient followed by {@code *}, or nothing for 1, or {@code -} for -1. */
    private void appendCoefficientFactor(Cmo c, CmoList vars) {
        if (c instanceof CmoZZ z && z.value().abs().equals(BigInteger.ONE)) {
            sb.append(z.value().signum() < 0 ? "-" : "");
            return;
        }
        appendPolynomial(c, vars, true);
        sb.append('*');
    }

    private static String variableName(CmoList vars, int index) {
        if (index < 0 || index >= vars.size()) {
            return "v" + index;
        }
        Cmo v = vars.get(index);
        if (v instanceof CmoIndeterminate ind) {
            v = ind.name();
        }
        return v instanceof CmoString s ? s.value() : "v" + index;
    }

    /** Asir's form of a distributed polynomial: {@code (c)*<<e1,...,en>>} terms joined by {@code +}. */
    private void appendDistributed(CmoDistributedPolynomial p) {
        if (p.monomials().isEmpty()) {
            sb.append('0');
            return;
        }
        for (int i = 0; i < p.monomials().size() && !full(); i++) {
            if (i > 0) {
                sb.append('+');
            }
            appendMonomial(p.monomials().get(i));
        }
    }

    private void appendMonomial(CmoMonomial32 m) {
        sb.append('(');
        append(m.coefficient());
        sb.append(")*<<");
        for (int i = 0; i < m.arity(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(m.exponent(i));
        }
        sb.append(">>");
    }
}
