package org.ox4j.cmo.text;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Function;
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
 * The one Asir-notation printer of ox4j: CMO values as Asir writes them, {@code [1,[2,"two",3/4],-5]},
 * {@code 3/2*y*x^2-5/7*y^3*x+1/3} (recursive form, main variable outermost, coefficient first), {@code
 * (3)*<<2,1>>+(-1)*<<0,0>>}, in three forms:
 *
 * <ul>
 *   <li>{@link #popString}: what ox_asir answers to {@code SM_popString} — strings bare, {@code CMO_INT32} as an
 *       unsigned decimal word, a mathcap as its body, complex numbers as {@code a+b*@i}; never cut;</li>
 *   <li>{@link #readable}: for people and parsers (the shell, the demos): strings quoted with escapes, {@code
 *       CMO_INT32} written {@code int32(5)} so it reads back as what it was; never cut;</li>
 *   <li>{@link #log}: the readable form bounded for logs and error messages — integers of more than {@value
 *       #MAX_FULL_DIGITS} digits abbreviated to their first and last digits and the digit count, integers of more
 *       than {@value #MAX_CONVERTED_BITS} bits not converted at all (only their size), the text cut after a maximum
 *       length ({@value #DEFAULT_MAX_CHARS} characters unless given) with {@code ...}.</li>
 * </ul>
 *
 * <p>{@code CMO_NULL} and {@code CMO_ZERO} print as {@code 0}; an indeterminate is its bare name; types without an
 * Asir notation use {@code name(parts)}. Lists, errors and the other containers are printed with an explicit stack,
 * so values nested as deep as the codec's limits allow print without one Java frame per level. Never used on the
 * wire except as the text of {@code SM_popString}.
 */
public final class AsirNotation {
    /** Default cut-off of {@link #log(Cmo)}. */
    public static final int DEFAULT_MAX_CHARS = 1000;
    static final int MAX_FULL_DIGITS = 40;
    static final int MAX_CONVERTED_BITS = 1 << 16;
    private static final int HEAD_DIGITS = 20;
    private static final int TAIL_DIGITS = 10;

    /** Which of the three forms (see the class comment). */
    private enum Form { POP_STRING, READABLE, LOG }

    private final StringBuilder sb = new StringBuilder();
    private final Form form;
    private final int maxChars;
    private final Function<Cmo, String> special;

    private AsirNotation(Form form, int maxChars, Function<Cmo, String> special) {
        this.form = form;
        this.maxChars = maxChars;
        this.special = special;
    }

    /** ox_asir's {@code SM_popString} text of {@code cmo}. */
    public static String popString(Cmo cmo) {
        return popString(cmo, c -> null);
    }

    /**
     * ox_asir's {@code SM_popString} text of {@code cmo}, where {@code special} may print a part its own way (a server
     * prints polynomials in its session's variable order, as ox_asir prints the object a CMO becomes): it returns the
     * text, or null for this class's form.
     */
    public static String popString(Cmo cmo, Function<Cmo, String> special) {
        return new AsirNotation(Form.POP_STRING, Integer.MAX_VALUE, special).print(cmo);
    }

    /** The readable text of {@code cmo}: Asir notation that the master's parser reads back. */
    public static String readable(Cmo cmo) {
        return new AsirNotation(Form.READABLE, Integer.MAX_VALUE, c -> null).print(cmo);
    }

    /** The log form of {@code cmo}, at most about {@link #DEFAULT_MAX_CHARS} characters. */
    public static String log(Cmo cmo) {
        return log(cmo, DEFAULT_MAX_CHARS);
    }

    /** The log form of {@code cmo}; longer output is cut after {@code maxChars} characters plus {@code ...}. */
    public static String log(Cmo cmo, int maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars: " + maxChars + " (expected: >= 1)");
        }
        return new AsirNotation(Form.LOG, maxChars, c -> null).print(cmo);
    }

    private String print(Cmo cmo) {
        append(cmo);
        if (sb.length() > maxChars) {
            sb.setLength(maxChars);
            sb.append("...");
        }
        return sb.toString();
    }

    private boolean full() {
        return sb.length() > maxChars;
    }

    /**
     * Prints {@code root} with an explicit stack of what is still to print: values, and the punctuation between them
     * as strings.
     */
    private void append(Cmo root) {
        ArrayDeque<Object> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty() && !full()) {
            Object next = pending.pop();
            if (next instanceof String text) {
                sb.append(text);
            } else {
                appendOne((Cmo) next, pending);
            }
        }
    }

    /** Prints {@code c} itself and schedules its parts (pushed last first). */
    private void appendOne(Cmo c, ArrayDeque<Object> pending) {
        String own = special.apply(c);
        if (own != null) {
            sb.append(own);
            return;
        }
        switch (c.type()) {
            case NULL, ZERO -> sb.append('0');
            case INT32 -> {
                int v = ((CmoInt32) c).value();
                if (form == Form.POP_STRING) {
                    sb.append(Integer.toUnsignedString(v));
                } else {
                    sb.append("int32(").append(v).append(')');
                }
            }
            case ZZ -> appendInteger(((CmoZZ) c).value());
            case QQ -> {
                CmoQQ q = (CmoQQ) c;
                appendInteger(q.numerator());
                sb.append('/');
                appendInteger(q.denominator());
            }
            case STRING -> {
                CmoString s = (CmoString) c;
                if (form == Form.POP_STRING) {
                    sb.append(s.value());
                } else {
                    StringEscapes.appendQuoted(sb, s.unsafeBytes(), maxChars);
                }
            }
            case ATOM -> {
                sb.append("atom(");
                StringEscapes.appendQuoted(sb, ((CmoAtom) c).name().unsafeBytes(), maxChars);
                sb.append(')');
            }
            case DATUM -> sb.append("datum(").append(((CmoDatum) c).length()).append(" bytes)");
            case LIST -> sequence("[", ((CmoList) c).elements(), "]", pending);
            case ARRAY -> sequence("array(", ((CmoArray) c).elements(), ")", pending);
            case MATHCAP -> {
                if (form == Form.POP_STRING) {
                    pending.push(((CmoMathcap) c).body());
                } else {
                    sequence("mathcap(", List.of(((CmoMathcap) c).body()), ")", pending);
                }
            }
            case ERROR2 -> sequence("error(", List.of(((CmoError2) c).body()), ")", pending);
            case ERROR -> sb.append("error()");
            case INDETERMINATE -> {
                Cmo name = ((CmoIndeterminate) c).name();
                if (name instanceof CmoString s) {
                    sb.append(s.value());
                } else {
                    sequence("indeterminate(", List.of(name), ")", pending);
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
                sequence("(", List.of(r.numerator(), r.denominator()), ")", ")/(", pending);
            }
            case COMPLEX -> {
                CmoComplex x = (CmoComplex) c;
                if (form == Form.POP_STRING) {
                    sequence("", List.of(x.real(), x.imaginary()), "*@i", "+", pending);
                } else {
                    sequence("(", List.of(x.real(), x.imaginary()), ")*@i", ")+(", pending);
                }
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
            case DMS_OF_N_VARIABLES -> sequence("dms(", List.of(((CmoDmsOfNVariables) c).description()), ")",
                    pending);
            case RING_BY_NAME -> sequence("ring(", List.of(((CmoRingByName) c).name()), ")", pending);
            case TREE -> {
                CmoTree t = (CmoTree) c;
                sequence("tree(", List.of(t.name(), t.attributes(), t.leaves()), ")", pending);
            }
            case LAMBDA -> {
                CmoLambda l = (CmoLambda) c;
                sequence("lambda(", List.of(l.arguments(), l.body()), ")", pending);
            }
            default -> sb.append(c.type().specName());
        }
    }

    private void sequence(String open, List<? extends Cmo> elements, String close, ArrayDeque<Object> pending) {
        sequence(open, elements, close, ",", pending);
    }

    /** Prints {@code open} now and schedules the elements with {@code separator} between them, then {@code close}. */
    private void sequence(String open, List<? extends Cmo> elements, String close, String separator,
            ArrayDeque<Object> pending) {
        sb.append(open);
        pending.push(close);
        for (int i = elements.size() - 1; i >= 0; i--) {
            pending.push(elements.get(i));
            if (i > 0) {
                pending.push(separator);
            }
        }
    }

    /** Decimal, abbreviated beyond {@link #MAX_FULL_DIGITS} digits, not converted at all when huge. */
    private void appendInteger(BigInteger v) {
        if (form != Form.LOG) {
            sb.append(v);
            return;
        }
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
